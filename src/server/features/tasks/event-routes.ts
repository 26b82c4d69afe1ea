import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taskIdParamsSchema } from '../../../shared/tasks/schema.ts';
import { TASK_NOT_FOUND } from '../../../shared/messages.ts';
import { openEventStream } from '../../platform/events/sse.ts';
import { notFound } from '../../platform/http/errors.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { createTaskRepository } from './repository.ts';

/**
 * Live task page: what the features send to the `task` stream (`bid`, `task`, `question`
 * …, see each feature's `live`), and `resync` when events may have been missed. Ids only:
 * each client refetches what it may see.
 */
export const taskEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createTaskRepository(app.database.db);
  app.get(
    '/api/tasks/:id/events',
    routeOptions('user', 'tasks', 'Server-Sent Events for one task', {
      params: taskIdParamsSchema,
    }),
    async (request, reply) => {
      const taskId = request.params.id;
      if (!(await repo.findById(taskId, request.user.id))) throw notFound(TASK_NOT_FOUND);
      return openEventStream(request, reply, request.user, (stream) =>
        app.streams.follow('task', taskId, stream),
      );
    },
  );
};
