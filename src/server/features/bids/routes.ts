import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptedSchema, myBidSchema } from '../../../shared/assignments/schema.ts';
import { MY_BIDS_PAGE_SIZE } from '../../../shared/bids/rules.ts';
import {
  bidListQuerySchema,
  bidSchema,
  createBidSchema,
  placedBidSchema,
  withdrawnBidSchema,
} from '../../../shared/bids/schema.ts';
import { TASK_NOT_FOUND } from '../../../shared/messages.ts';
import { pageQuerySchema } from '../../../shared/paging/schema.ts';
import { notFound } from '../../platform/http/errors.ts';
import { sendPage } from '../../platform/http/paging.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { createBidRepository } from './repository.ts';
import { routeOptions } from '../../platform/http/route-options.ts';

const idParams = z.object({ id: z.string().max(100) });
const myBidsQuery = pageQuerySchema(MY_BIDS_PAGE_SIZE);

/**
 * Offers on a task (one per person), placing or changing one, withdrawing it, accepting one
 * (the award of the work), and my bids.
 */
export const bidRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createBidRepository(app.database.db, app.events);

  app.get(
    '/api/bids',
    routeOptions('user', 'bids', 'The offers on a task, oldest first', {
      description:
        'One offer per person, in the order first placed (a change keeps its place). `userEmail`, `message` and `history` (the values each change replaced) are included for the task’s owner and for the caller’s own bid; `bidder` is the bidder’s public track record. Paged with `page` and `limit` (default and maximum 100); `X-Total-Count` holds the number of offers listed, withdrawn ones included.',
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
      'Bid on someone else’s task: one offer per person (bidder and time come from the session)',
      {
        description:
          'A first bid places the offer (201). A later one by the same person changes it (200, `updated: true`): the earlier values are kept in its `history`, its place in the order stays, and a withdrawn offer becomes pending again. An offer changes at most 10 times (409 `TOO_MANY_CHANGES`).',
        body: createBidSchema,
        response: {
          200: placedBidSchema,
          201: placedBidSchema,
          ...errorResponses(403, 404, 409, 429),
        },
      },
      { config: { writes: true } },
    ),
    async (request, reply) => {
      const bidder = request.user;
      const { taskId, amount, deadline, message } = request.body;
      const placed = await repo.place(taskId, bidder, {
        amount,
        deadline,
        message: message || null,
      });
      request.log.info({ bidId: placed.id, taskId, created: placed.created }, 'bid placed');
      return reply.status(placed.created ? 201 : 200).send({
        acknowledged: true,
        insertedId: placed.id,
        updated: !placed.created,
        ...(placed.warning ? { warning: placed.warning } : {}),
      });
    },
  );

  app.post(
    '/api/bids/:id/accept',
    routeOptions(
      'user',
      'bids',
      'Accept a bid on my task: the task is assigned, every other bid declined',
      {
        description:
          'With payments on, the bid is accepted and its deal made (`dealId`), awaiting the poster’s payment: the task is assigned and the other pending bids declined only once it is paid; unpaid (15 minutes) or withdrawn, the bid is pending again. While a deal awaits payment no other bid is accepted (409 `DEAL_EXISTS`). `dealId` is null with payments off.',
        params: idParams,
        response: { 200: acceptedSchema, ...errorResponses(403, 404, 409) },
      },
    ),
    async (request) => {
      const { id } = request.params;
      const accepted = await repo.accept(request.user.id, id, app.config.payments.mode !== 'off');
      request.log.info({ bidId: id, taskId: accepted.taskId }, 'bid accepted');
      return { acknowledged: true as const, acceptedBidId: id, ...accepted };
    },
  );

  app.post(
    '/api/bids/:id/withdraw',
    routeOptions('user', 'bids', 'Withdraw my pending bid; the task’s owner is told', {
      description:
        'Only the bidder, only while the bid is pending (403 otherwise someone else’s, 409 not pending or bidding closed). Bidding again later brings the same offer back.',
      params: idParams,
      response: { 200: withdrawnBidSchema, ...errorResponses(403, 404, 409) },
    }),
    async (request) => {
      const { id } = request.params;
      const { taskId } = await repo.withdraw(request.user.id, id);
      request.log.info({ bidId: id, taskId }, 'bid withdrawn');
      return { acknowledged: true as const, withdrawnBidId: id, taskId };
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
