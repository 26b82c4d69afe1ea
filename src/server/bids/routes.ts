import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bidListQuerySchema, bidSchema, createBidSchema } from '../../shared/bids.ts';
import { insertedSchema } from '../../shared/tasks.ts';
import { requireUser } from '../auth/require-user.ts';
import { BIDDING_CLOSED } from '../assignments/routes.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { errorResponses } from '../openapi/schemas.ts';
import { createBidRepository } from './repository.ts';

const TASK_NOT_FOUND = 'Task not found';

export async function bidRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const repo = createBidRepository(app.database.db, app.events);

  app.get(
    '/api/bids',
    {
      schema: {
        tags: ['bids'],
        summary: 'The bids on a task, oldest first',
        description:
          '`userEmail` and `message` are included for the task’s owner and for the caller’s own bids. Paged with `page` and `limit` (default and maximum 100); `X-Total-Count` holds the number of bids.',
        querystring: bidListQuerySchema,
        response: { 200: z.array(bidSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await requireUser(request);
      const { taskId, page, limit } = request.query;
      const ownerId = await repo.taskOwner(taskId);
      if (!ownerId) throw notFound(TASK_NOT_FOUND);
      const { bids, total } = await repo.listForTask(taskId, ownerId, viewer.id, page, limit);
      reply.header('x-total-count', String(total));
      return bids;
    },
  );

  app.post(
    '/api/bids',
    {
      schema: {
        tags: ['bids'],
        summary: 'Bid on someone else’s task (bidder and time come from the session)',
        body: createBidSchema,
        response: { 201: insertedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const bidder = await requireUser(request);
      const { taskId, amount, deadline, message } = request.body;
      const result = await repo.place(taskId, bidder, {
        amount,
        deadline,
        message: message || null,
      });
      if (result.outcome === 'not-found') throw notFound(TASK_NOT_FOUND);
      if (result.outcome === 'own-task') throw forbidden('You cannot bid on your own task.');
      if (result.outcome === 'closed') throw conflict(BIDDING_CLOSED, 'BIDDING_CLOSED');
      request.log.info({ bidId: result.id, taskId }, 'bid placed');
      return reply.status(201).send({ acknowledged: true, insertedId: result.id });
    },
  );
}
