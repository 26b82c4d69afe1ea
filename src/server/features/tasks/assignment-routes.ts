import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelAssignmentSchema,
  disputeCompletionSchema,
  lifecycleResultSchema,
} from '../../../shared/assignments/schema.ts';
import { COMPLETION_CONFIRM_DAYS } from '../../../shared/lifecycle.ts';
import { taskIdParamsSchema } from '../../../shared/tasks/schema.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { createAssignmentRepository } from './assignment-repository.ts';
import { routeOptions } from '../../platform/http/route-options.ts';

/**
 * The actions on an assigned task: its owner marks it completed and its worker confirms or
 * disputes that, or the owner takes the work back and reopens it.
 */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createAssignmentRepository(app.database.db, app.events);
  const result = { 200: lifecycleResultSchema, ...errorResponses(403, 404, 409) };

  app.post(
    '/api/tasks/:id/complete',
    routeOptions('user', 'tasks', 'Mark my assigned task completed, for its worker to confirm', {
      description: `The task stays In Progress until the person assigned confirms it, or until \`confirmsAt\` (${COMPLETION_CONFIRM_DAYS} days) passes without their answer; it then becomes Completed and reviews open.`,
      params: taskIdParamsSchema,
      response: result,
    }),
    async (request) => {
      const { status, confirmsAt } = await repo.complete(request.user.id, request.params.id);
      return { acknowledged: true as const, taskId: request.params.id, status, confirmsAt };
    },
  );

  app.post(
    '/api/tasks/:id/confirm-completion',
    routeOptions(
      'user',
      'tasks',
      'Confirm, as the person assigned, that the task is completed (reviews open)',
      { params: taskIdParamsSchema, response: result },
    ),
    async (request) => {
      const status = await repo.confirm(request.user.id, request.params.id);
      return { acknowledged: true as const, taskId: request.params.id, status };
    },
  );

  app.post(
    '/api/tasks/:id/dispute-completion',
    routeOptions('user', 'tasks', 'Dispute, as the person assigned, that the task is completed', {
      description:
        'The task stays In Progress (no reviews) and its owner is told the reason; they may mark it completed again.',
      params: taskIdParamsSchema,
      body: disputeCompletionSchema,
      response: result,
    }),
    async (request) => {
      const { id } = request.params;
      const status = await repo.dispute(request.user.id, id, request.body.reason);
      return { acknowledged: true as const, taskId: id, status };
    },
  );

  app.post(
    '/api/tasks/:id/cancel-assignment',
    routeOptions(
      'user',
      'tasks',
      'Take the work back from the accepted bidder (who is told why) and reopen bidding',
      { params: taskIdParamsSchema, body: cancelAssignmentSchema, response: result },
    ),
    async (request) => {
      const { id } = request.params;
      const status = await repo.cancelAssignment(request.user.id, id, request.body.reason);
      return { acknowledged: true as const, taskId: id, status };
    },
  );
};
