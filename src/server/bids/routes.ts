import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptedSchema, MY_BIDS_PAGE_SIZE, myBidSchema } from '../../shared/assignments.ts';
import { bidListQuerySchema, bidSchema, createBidSchema } from '../../shared/bids.ts';
import {
  BID_NOT_FOUND,
  BID_NOT_PENDING,
  BIDDING_CLOSED,
  NO_BID_ON_OWN_TASK,
  TASK_NOT_FOUND,
} from '../../shared/messages.ts';
import { pageQuerySchema } from '../../shared/paging.ts';
import { insertedSchema } from '../../shared/tasks.ts';
import { conflict, notFound } from '../http/errors.ts';
import { sendPage } from '../http/paging.ts';
import { errorResponses } from '../openapi/schemas.ts';
import { refuse } from '../tasks/lifecycle-guard.ts';
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
      const result = await repo.place(taskId, bidder, {
        amount,
        deadline,
        message: message || null,
      });
      if (result.outcome !== 'placed')
        return refuse(result.outcome, {
          notFound: TASK_NOT_FOUND,
          forbidden: NO_BID_ON_OWN_TASK,
          conflict: BIDDING_CLOSED,
          code: 'BIDDING_CLOSED',
        });
      request.log.info({ bidId: result.id, taskId }, 'bid placed');
      return reply.status(201).send({ acknowledged: true, insertedId: result.id });
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
      const owner = request.user;
      const result = await repo.accept(owner.id, request.params.id);
      if (result.outcome === 'not-pending') throw conflict(BID_NOT_PENDING, 'INVALID_STATE');
      if (result.outcome !== 'accepted')
        return refuse(result.outcome, { notFound: BID_NOT_FOUND, conflict: BIDDING_CLOSED });
      request.log.info({ bidId: request.params.id, taskId: result.taskId }, 'bid accepted');
      return {
        acknowledged: true as const,
        taskId: result.taskId,
        acceptedBidId: request.params.id,
        assignedTo: result.assignedTo,
        declinedCount: result.declinedCount,
      };
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
