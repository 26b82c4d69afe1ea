import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelAssignmentSchema, lifecycleResultSchema } from '../../shared/assignments.ts';
import { taskIdParamsSchema } from '../../shared/tasks.ts';
import { errorResponses } from '../openapi/schemas.ts';
import { createAssignmentRepository } from './assignment-repository.ts';
import { routeOptions } from '../http/route-options.ts';

/** The owner's actions on an assigned task: complete it, or take the work back and reopen it. */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createAssignmentRepository(app.database.db, app.events);

  app.post(
    '/api/tasks/:id/complete',
    routeOptions('user', 'tasks', 'Mark my assigned task Completed', {
      params: taskIdParamsSchema,
      response: { 200: lifecycleResultSchema, ...errorResponses(403, 404, 409) },
    }),
    async (request) => {
      const status = await repo.complete(request.user.id, request.params.id);
      return { acknowledged: true as const, taskId: request.params.id, status };
    },
  );

  app.post(
    '/api/tasks/:id/cancel-assignment',
    routeOptions(
      'user',
      'tasks',
      'Take the work back from the accepted bidder (who is told why) and reopen bidding',
      {
        params: taskIdParamsSchema,
        body: cancelAssignmentSchema,
        response: { 200: lifecycleResultSchema, ...errorResponses(403, 404, 409) },
      },
    ),
    async (request) => {
      const { id } = request.params;
      const status = await repo.cancelAssignment(request.user.id, id, request.body.reason);
      return { acknowledged: true as const, taskId: id, status };
    },
  );
};
