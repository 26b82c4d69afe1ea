import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taskIdParamsSchema } from '../../shared/tasks.ts';
import { TASK_NOT_FOUND } from '../../shared/messages.ts';
import { openEventStream } from '../events/sse.ts';
import { notFound } from '../http/errors.ts';
import { createTaskRepository } from './repository.ts';
import { routeOptions } from '../http/route-options.ts';

/**
 * Live task page: `bid` when a bid arrives, `task` when the task changes (accepted,
 * completed, reopened), `question` when a question is asked, answered, hidden or deleted,
 * `resync` when events may have been missed. Ids only: each client refetches what it may see.
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
      openEventStream(request, reply, request.user.id, (stream) =>
        app.events.subscribe((event) => {
          if (event.type === 'bid.placed' && event.taskId === taskId)
            stream.send('bid', { bidId: event.bidId });
          if (event.type === 'task.changed' && event.taskId === taskId) stream.send('task', {});
          if (event.type === 'question.changed' && event.taskId === taskId)
            stream.send('question', { questionId: event.questionId });
          if (event.type === 'resync') stream.send('resync', {});
        }),
      );
    },
  );
};
