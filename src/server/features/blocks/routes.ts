import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockInputSchema,
  blockListQuerySchema,
  blockSchema,
  blockedUserParamsSchema,
  contactSchema,
  unblockedSchema,
} from '../../../shared/blocks/schema.ts';
import { sendPage } from '../../platform/http/paging.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { createBlockRepository } from './repository.ts';

/** Blocking a person, lifting it, the people I blocked, and whether I may contact someone. */
export const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createBlockRepository(app.database.db, app.events);

  app.post(
    '/api/blocks',
    routeOptions('user', 'blocks', 'Block a person', {
      description:
        'From then on they cannot message me or bid on or ask about my tasks (they are told only “You can’t contact this person.”), I no longer see their bids, questions or messages, and our conversations close for writing. 201 when the block was made, 200 when it existed. Never oneself (400); a person who does not exist is 404.',
      body: blockInputSchema,
      response: { 200: blockSchema, 201: blockSchema, ...errorResponses(404) },
    }),
    async (request, reply) => {
      const { block, created } = await repo.block(request.user.id, request.body.userId);
      request.log.info({ blockedId: block.userId, created }, 'person blocked');
      return reply.status(created ? 201 : 200).send(block);
    },
  );

  app.delete(
    '/api/blocks/:userId',
    routeOptions('user', 'blocks', 'Unblock a person', {
      description: 'Unblocking someone who is not blocked changes nothing (`deletedCount: 0`).',
      params: blockedUserParamsSchema,
      response: { 200: unblockedSchema },
    }),
    async (request) => {
      const deletedCount = await repo.unblock(request.user.id, request.params.userId);
      return { acknowledged: true as const, deletedCount };
    },
  );

  app.get(
    '/api/blocks',
    routeOptions('user', 'blocks', 'The people I blocked, the latest first', {
      description:
        'Paged with `page` and `limit` (default 50, at most 100); `X-Total-Count` holds how many people I blocked.',
      querystring: blockListQuerySchema,
      response: { 200: z.array(blockSchema) },
    }),
    async (request, reply) => {
      const { page, limit } = request.query;
      return sendPage(reply, await repo.list(request.readDb(), request.user.id, page, limit));
    },
  );

  app.get(
    '/api/blocks/:userId',
    routeOptions('user', 'blocks', 'Whether I may contact a person', {
      description:
        '`blocked`: I blocked them; `unavailable`: I cannot contact them; `open` otherwise (and for myself).',
      params: blockedUserParamsSchema,
      response: { 200: contactSchema },
    }),
    async (request) => {
      const { userId } = request.params;
      return { userId, state: await repo.contact(request.readDb(), request.user.id, userId) };
    },
  );
};
