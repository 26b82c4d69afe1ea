import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditEntrySchema,
  auditQuerySchema,
  operatorPersonDetailSchema,
  operatorPersonSchema,
  peopleQuerySchema,
  limitSchema,
  personIdParamsSchema,
  reasonSchema,
  roleChangeSchema,
  roleSchema,
  suspensionSchema,
  warningSchema,
} from '../../../shared/operators/schema.ts';
import type { AuditEntryView } from '../../../shared/operators/schema.ts';
import { requestActor } from '../../platform/audit.ts';
import { toCsv } from '../../platform/http/csv.ts';
import { sendPage } from '../../platform/http/paging.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { createOperatorRepository } from './repository.ts';
import { operator } from './operator-route.ts';
import { viewAsRoutes } from './view-as.ts';

/** The most rows one CSV export holds (narrow the filters for more). */
export const AUDIT_CSV_MAX_ROWS = 10_000;

const AUDIT_CSV_COLUMNS: readonly [string, (e: AuditEntryView) => unknown][] = [
  ['time', (e) => e.at],
  ['actor_id', (e) => e.actorId],
  ['actor_name', (e) => e.actorName],
  ['actor_role', (e) => e.actorRole],
  ['action', (e) => e.action],
  ['target_type', (e) => e.targetType],
  ['target_id', (e) => e.targetId],
  ['before', (e) => e.before],
  ['after', (e) => e.after],
  ['reason', (e) => e.reason],
  ['request_id', (e) => e.requestId],
];

/** The console's API: people, their roles and sessions, and the audit log. */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createOperatorRepository(app.database.db, app.sessions, app.events);
  await app.register(viewAsRoutes);

  app.get(
    '/api/admin/people',
    operator('support', 'Find people by name or e-mail (operators)', {
      description: 'Newest first; `q` matches the start of the e-mail or any part of the name.',
      querystring: peopleQuerySchema,
      response: { 200: z.array(operatorPersonSchema), ...errorResponses(403, 404) },
    }),
    async (request, reply) => {
      const { q, page, limit } = request.query;
      return sendPage(reply, await repo.people(q, page, limit));
    },
  );

  app.get(
    '/api/admin/people/:id',
    operator('support', 'A person as operators see them: activity and sessions', {
      params: personIdParamsSchema,
      response: { 200: operatorPersonDetailSchema, ...errorResponses(403, 404) },
    }),
    async (request) => repo.person(request.params.id),
  );

  app.put(
    '/api/admin/people/:id/role',
    operator('admin', 'Give a person a role below yours (admins)', {
      description:
        'Only to a person whose role is below yours, only a role below yours (a new admin is made on the command line). Logged with the reason.',
      params: personIdParamsSchema,
      body: roleChangeSchema,
      response: {
        200: z.object({ role: roleSchema, changed: z.boolean() }),
        ...errorResponses(403, 404),
      },
    }),
    async (request) => repo.changeRole(requestActor(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/people/:id/end-sessions',
    operator('moderator', 'Sign a person out everywhere (moderators)', {
      params: personIdParamsSchema,
      body: reasonSchema,
      response: { 200: z.object({ ended: z.number().int() }), ...errorResponses(403, 404) },
    }),
    async (request) =>
      repo.endSessions(requestActor(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/people/:id/suspend',
    operator('moderator', 'Suspend a person until a date, or ban them (moderators)', {
      description:
        'Signs them out everywhere; they cannot sign in until `until` (UTC), or ever when `until` is null. They are mailed the rule, the reason and how to contest it.',
      params: personIdParamsSchema,
      body: suspensionSchema,
      response: {
        200: z.object({ banned: z.literal(true), until: z.string().nullable() }),
        ...errorResponses(403, 404),
      },
    }),
    async (request) => repo.suspend(requestActor(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/people/:id/warn',
    operator('moderator', 'Warn a person: a statement, nothing restricted (moderators)', {
      description: 'They are told the rule and the reason under Account notices and by e-mail.',
      params: personIdParamsSchema,
      body: warningSchema,
      response: { 200: z.object({ statementId: z.string() }), ...errorResponses(403, 404) },
    }),
    async (request) => repo.warn(requestActor(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/people/:id/limit',
    operator('moderator', 'Make a person read-only until a date (moderators)', {
      description:
        'Until `until` (UTC) they can read but not post a task, bid, ask, answer, message or review. They are told the rule, the reason and how to appeal.',
      params: personIdParamsSchema,
      body: limitSchema,
      response: { 200: z.object({ limitedUntil: z.string() }), ...errorResponses(403, 404) },
    }),
    async (request) => repo.limit(requestActor(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/people/:id/reinstate',
    operator('moderator', 'Lift a suspension, a ban or a limit (moderators)', {
      params: personIdParamsSchema,
      body: reasonSchema,
      response: {
        200: z.object({ banned: z.literal(false), changed: z.boolean() }),
        ...errorResponses(403, 404),
      },
    }),
    async (request) =>
      repo.reinstate(requestActor(request), request.params.id, request.body.reason),
  );

  app.get(
    '/api/admin/audit-log',
    operator('admin', 'The audit log, newest first (admins)', {
      description:
        'Filter by `actor` (an id), `action`, `targetType`, `targetId`, and dates `from`/`to` (both included, UTC).',
      querystring: auditQuerySchema,
      response: { 200: z.array(auditEntrySchema), ...errorResponses(403, 404) },
    }),
    async (request, reply) => sendPage(reply, await repo.auditLog(request.query)),
  );

  app.get(
    '/api/admin/audit-log.csv',
    operator('admin', 'The audit log as a CSV file (admins)', {
      description: `The same filters as the list; at most ${AUDIT_CSV_MAX_ROWS.toLocaleString('en-US')} rows, newest first.`,
      querystring: auditQuerySchema.omit({ page: true, limit: true }),
      response: { 200: z.string(), ...errorResponses(403, 404) },
    }),
    async (request, reply) => {
      const { items } = await repo.auditLog({
        ...request.query,
        page: 1,
        limit: AUDIT_CSV_MAX_ROWS,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .send(toCsv(AUDIT_CSV_COLUMNS, items));
    },
  );
};
