import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  caseIdParamsSchema,
  consoleTaskSchema,
  decisionSchema,
  reasonSchema,
  taskHideSchema,
  taskIdParamsSchema,
  queueItemSchema,
  reportInputSchema,
  reportReceiptSchema,
} from '../../../shared/operators/schema.ts';
import { CASE_STATES } from '../../../shared/operators/rules.ts';
import { pageQuerySchema } from '../../../shared/paging/schema.ts';
import { requestActor } from '../../platform/audit.ts';
import { sendPage } from '../../platform/http/paging.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { createReportRepository } from './repository.ts';
import { createTaskConsoleRepository } from './task-console.ts';

/** Reporting, and the review queue with its dashboard figures. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createReportRepository(app.database.db, app.events);
  const taskConsole = createTaskConsoleRepository(app.database.db, app.events);

  app.post(
    '/api/reports',
    routeOptions('user', 'reports', 'Report something that breaks the rules', {
      description:
        'A task, a question or its answer, a bid on your task, a message of your conversation, a review, or a profile. One report per person and thing (409), never your own (403); at most 20 an hour (5 while the account is under 7 days old, 429). What it says now is kept with the report.',
      body: reportInputSchema,
      response: { 201: reportReceiptSchema, ...errorResponses(403, 404, 409, 429) },
    }),
    async (request, reply) => reply.status(201).send(await repo.file(request.user, request.body)),
  );

  app.get(
    '/api/admin/queue',
    routeOptions(
      'user',
      'operators',
      'The review queue: open items, highest score first (operators)',
      {
        querystring: pageQuerySchema(20),
        response: { 200: z.array(queueItemSchema), ...errorResponses(403, 404) },
      },
      { config: { role: 'support' } },
    ),
    async (request, reply) =>
      sendPage(reply, await repo.queue(request.query.page, request.query.limit)),
  );

  app.post(
    '/api/admin/queue/:id/assign',
    routeOptions(
      'user',
      'operators',
      'Take a queue item (moderators)',
      {
        params: caseIdParamsSchema,
        response: {
          200: z.object({ assignedTo: z.string() }),
          ...errorResponses(403, 404, 409),
        },
      },
      { config: { role: 'moderator' } },
    ),
    async (request) => repo.assign(requestActor(request), request.params.id),
  );

  app.post(
    '/api/admin/queue/:id/decide',
    routeOptions(
      'user',
      'operators',
      'Uphold or dismiss the reports of a queue item (moderators)',
      {
        description:
          'Once: a second decision answers 409. Each reporter is mailed the outcome; acting on the author (a suspension) is a separate call.',
        params: caseIdParamsSchema,
        body: decisionSchema,
        response: {
          200: z.object({ status: z.enum(CASE_STATES) }),
          ...errorResponses(403, 404, 409),
        },
      },
      { config: { role: 'moderator' } },
    ),
    async (request) => repo.decide(requestActor(request), request.params.id, request.body),
  );

  app.get(
    '/api/admin/dashboard',
    routeOptions(
      'user',
      'operators',
      'The console’s figures (operators)',
      {
        response: {
          200: z.object({
            openItems: z.number().int(),
            oldestOpenHours: z.number().int().nullable(),
            staleItems: z.number().int(),
            actionsLast24Hours: z.number().int(),
            upheldShare: z.number().nullable(),
            medianHoursToDecision: z.number().nullable(),
            newAccountsLast7Days: z.number().int(),
            newAccountsSuspended: z.number().int(),
            newAccountsLimited: z.number().int(),
          }),
          ...errorResponses(403, 404),
        },
      },
      { config: { role: 'support' } },
    ),
    async () => repo.dashboard(),
  );

  app.get(
    '/api/admin/tasks/:id',
    routeOptions(
      'user',
      'operators',
      'A task with its owner, its reports and its moderation (operators)',
      {
        params: taskIdParamsSchema,
        response: { 200: consoleTaskSchema, ...errorResponses(403, 404) },
      },
      { config: { role: 'support' } },
    ),
    async (request) => taskConsole.read(request.params.id),
  );

  const moderationAnswer = z.object({ moderation: z.enum(['removed']).nullable() });

  app.post(
    '/api/admin/tasks/:id/hide',
    routeOptions(
      'user',
      'operators',
      'Take a task down (moderators)',
      {
        description:
          'It is gone for everyone but its owner, who reads the rule and is mailed it with the reason. Only on a task whose owner the operator outranks.',
        params: taskIdParamsSchema,
        body: taskHideSchema,
        response: { 200: moderationAnswer, ...errorResponses(403, 404, 409) },
      },
      { config: { role: 'moderator' } },
    ),
    async (request) => taskConsole.hide(requestActor(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/tasks/:id/restore',
    routeOptions(
      'user',
      'operators',
      'Show a held or taken-down task again (moderators)',
      {
        params: taskIdParamsSchema,
        body: reasonSchema,
        response: { 200: moderationAnswer, ...errorResponses(403, 404, 409) },
      },
      { config: { role: 'moderator' } },
    ),
    async (request) => taskConsole.restore(requestActor(request), request.params.id, request.body),
  );
};
