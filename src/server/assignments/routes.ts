import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptedSchema,
  cancelAssignmentSchema,
  lifecycleResultSchema,
  myBidSchema,
} from '../../shared/assignments.ts';
import { requireUser } from '../auth/require-user.ts';
import { openEventStream } from '../events/sse.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { errorResponses } from '../openapi/schemas.ts';
import { createAssignmentRepository, type LifecycleOutcome } from './repository.ts';

export const BIDDING_CLOSED = 'Bidding is closed for this task';

const idParams = z.object({ id: z.string().max(100) });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Turns a refusal into its HTTP error. */
function refuse(
  outcome: Exclude<LifecycleOutcome['outcome'], 'done'>,
  what: string,
  conflictMessage: string,
): never {
  if (outcome === 'not-found') throw notFound(`${what} not found`);
  if (outcome === 'not-owner') throw forbidden('Only the task’s owner can do this.');
  throw conflict(conflictMessage, 'INVALID_STATE');
}

/** Awarding work (accept a bid), completing or reopening a task, my bids, live task events. */
export async function assignmentRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const repo = createAssignmentRepository(app.database.db, app.events);

  app.post(
    '/api/bids/:id/accept',
    {
      schema: {
        tags: ['bids'],
        summary: 'Accept a bid on my task: the task is assigned, every other bid declined',
        params: idParams,
        response: { 200: acceptedSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const owner = await requireUser(request);
      const result = await repo.accept(owner.id, request.params.id);
      if (result.outcome !== 'accepted') return refuse(result.outcome, 'Bid', BIDDING_CLOSED);
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

  app.post(
    '/api/tasks/:id/complete',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Mark my assigned task Completed',
        params: idParams,
        response: { 200: lifecycleResultSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const owner = await requireUser(request);
      const result = await repo.complete(owner.id, request.params.id);
      if (result.outcome !== 'done') {
        return refuse(
          result.outcome,
          'Task',
          'Only an assigned task that is not completed can be completed.',
        );
      }
      return { acknowledged: true as const, taskId: request.params.id, status: result.status };
    },
  );

  app.post(
    '/api/tasks/:id/cancel-assignment',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Take the work back from the accepted bidder (who is told why) and reopen bidding',
        params: idParams,
        body: cancelAssignmentSchema,
        response: { 200: lifecycleResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const owner = await requireUser(request);
      const result = await repo.cancelAssignment(owner.id, request.params.id, request.body.reason);
      if (result.outcome !== 'done') {
        return refuse(
          result.outcome,
          'Task',
          'Only an assigned task that is not completed can be reopened.',
        );
      }
      return { acknowledged: true as const, taskId: request.params.id, status: result.status };
    },
  );

  app.get(
    '/api/bids/mine',
    {
      schema: {
        tags: ['bids'],
        summary: 'The bids I placed, newest first, with their task and state',
        querystring: pageQuery,
        response: { 200: z.array(myBidSchema), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const bidder = await requireUser(request);
      const { bids, total } = await repo.myBids(bidder.id, request.query.page, request.query.limit);
      reply.header('x-total-count', String(total));
      return bids;
    },
  );

  // Live task page: `bid` when a bid arrives, `task` when the task changes (accepted,
  // completed, reopened), `resync` when events may have been missed. Ids only: each
  // client refetches what it may see.
  app.get(
    '/api/tasks/:id/events',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Server-Sent Events for one task',
        params: idParams,
      },
    },
    async (request, reply) => {
      await requireUser(request);
      const taskId = request.params.id;
      const stop = app.events.subscribe((event) => {
        if (event.type === 'bid.placed' && event.taskId === taskId)
          stream.send('bid', { bidId: event.bidId });
        if (event.type === 'task.changed' && event.taskId === taskId) stream.send('task', {});
        if (event.type === 'resync') stream.send('resync', {});
      });
      const stream = openEventStream(request, reply, stop);
    },
  );
}
