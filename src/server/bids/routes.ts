import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptedSchema, MY_BIDS_PAGE_SIZE, myBidSchema } from '../../shared/assignments.ts';
import { bidListQuerySchema, bidSchema, createBidSchema } from '../../shared/bids.ts';
import { TASK_NOT_FOUND } from '../../shared/messages.ts';
import { pageQuerySchema } from '../../shared/paging.ts';
import { insertedSchema } from '../../shared/tasks.ts';
import { notFound } from '../http/errors.ts';
import { sendPage } from '../http/paging.ts';
import { errorResponses } from '../openapi/schemas.ts';
import { createBidRepository } from './repository.ts';
import { routeOptions } from '../http/route-options.ts';

const idParams = z.object({ id: z.string().max(100) });
const myBidsQuery = pageQuerySchema(MY_BIDS_PAGE_SIZE);

/** Bids on a task, placing one, accepting one (the award of the work), and my bids. */
export const bidRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createBidRepository(app.database.db, app.events);

  app.get(
    '/api/bids',
    routeOptions('user', 'bids', 'The bids on a task, oldest first', {
      description:
        '`userEmail` and `message` are included for the task’s owner and for the caller’s own bids. Paged with `page` and `limit` (default and maximum 100); `X-Total-Count` holds the number of bids.',
      querystring: bidListQuerySchema,
      response: { 200: z.array(bidSchema), ...errorResponses(404) },
    }),
    async (request, reply) => {
      const viewer = request.user;
      const { taskId, page, limit } = request.query;
      const ownerId = await repo.taskOwner(taskId);
      if (!ownerId) throw notFound(TASK_NOT_FOUND);
      return sendPage(reply, await repo.listForTask(taskId, ownerId, viewer.id, page, limit));
    },
  );

  app.post(
    '/api/bids',
    routeOptions(
      'user',
      'bids',
      'Bid on someone else’s task (bidder and time come from the session)',
      {
        body: createBidSchema,
        response: { 201: insertedSchema, ...errorResponses(403, 404, 409) },
      },
    ),
    async (request, reply) => {
      const bidder = request.user;
      const { taskId, amount, deadline, message } = request.body;
      const id = await repo.place(taskId, bidder, { amount, deadline, message: message || null });
      request.log.info({ bidId: id, taskId }, 'bid placed');
      return reply.status(201).send({ acknowledged: true, insertedId: id });
    },
  );

  app.post(
    '/api/bids/:id/accept',
    routeOptions(
      'user',
      'bids',
      'Accept a bid on my task: the task is assigned, every other bid declined',
      {
        params: idParams,
        response: { 200: acceptedSchema, ...errorResponses(403, 404, 409) },
      },
    ),
    async (request) => {
      const { id } = request.params;
      const accepted = await repo.accept(request.user.id, id);
      request.log.info({ bidId: id, taskId: accepted.taskId }, 'bid accepted');
      return { acknowledged: true as const, acceptedBidId: id, ...accepted };
    },
  );

  app.get(
    '/api/bids/mine',
    routeOptions('user', 'bids', 'The bids I placed, newest first, with their task and state', {
      querystring: myBidsQuery,
      response: { 200: z.array(myBidSchema) },
    }),
    async (request, reply) => {
      const bidder = request.user;
      const { page, limit } = request.query;
      return sendPage(reply, await repo.myBids(bidder.id, page, limit));
    },
  );
};
