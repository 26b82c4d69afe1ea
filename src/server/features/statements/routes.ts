import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appealDecisionSchema,
  appealInputSchema,
  appealSchema,
  statementIdParamsSchema,
  statementSchema,
} from '../../../shared/operators/schema.ts';
import { APPEAL_STATES } from '../../../shared/operators/rules.ts';
import { pageQuerySchema } from '../../../shared/paging/schema.ts';
import { requestActor } from '../../platform/audit.ts';
import { sendPage } from '../../platform/http/paging.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { createStatementRepository } from './repository.ts';

/** A person's account notices and their appeals; operators' appeal queue. */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createStatementRepository(app.database.db, app.sessions, app.events);

  app.get(
    '/api/statements',
    routeOptions('user', 'statements', 'My account notices: every action on my account', {
      response: { 200: z.array(statementSchema) },
    }),
    async (request) => repo.own(request.user.id),
  );

  app.post(
    '/api/statements/:id/appeal',
    routeOptions('user', 'statements', 'Appeal one of my account notices, once', {
      description:
        'Within 20 days of the notice; a second appeal is 409, a late one 400 (`APPEAL_CLOSED`).',
      params: statementIdParamsSchema,
      body: appealInputSchema,
      response: { 200: statementSchema, ...errorResponses(404, 409) },
    }),
    async (request) => repo.appeal(request.user.id, request.params.id, request.body.text),
  );

  app.get(
    '/api/admin/appeals',
    routeOptions(
      'user',
      'operators',
      'Open appeals, oldest first (operators)',
      {
        querystring: pageQuerySchema(20),
        response: { 200: z.array(appealSchema), ...errorResponses(403, 404) },
      },
      { config: { role: 'support' } },
    ),
    async (request, reply) => {
      const { page, limit } = request.query;
      return sendPage(reply, await repo.openAppeals(page, limit));
    },
  );

  app.post(
    '/api/admin/appeals/:id/decide',
    routeOptions(
      'user',
      'operators',
      'Uphold or overturn an appeal (moderators)',
      {
        description:
          'Overturning lifts the limit or suspension appealed when it still applies. Once: a second decision is 409. Not by the operator who made the decision.',
        params: statementIdParamsSchema,
        body: appealDecisionSchema,
        response: {
          200: z.object({
            appealState: z.enum(APPEAL_STATES),
            lifted: z.enum(['limit', 'suspension']).nullable(),
          }),
          ...errorResponses(403, 404, 409),
        },
      },
      { config: { role: 'moderator' } },
    ),
    async (request) => repo.decide(requestActor(request), request.params.id, request.body),
  );
};
