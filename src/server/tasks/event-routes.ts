import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taskIdParamsSchema } from '../../shared/tasks.ts';
import { TASK_NOT_FOUND } from '../../shared/messages.ts';
import { eventFrame, openEventStream } from '../events/sse.ts';
import { streamTopics } from '../events/topics.ts';
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
  // One subscription for every task page of this instance: each event goes to its task's.
  const pages = streamTopics();
  const stop = app.events.subscribe((event) => {
    if (event.type === 'bid.placed')
      pages.send(event.taskId, eventFrame('bid', { bidId: event.bidId }));
    if (event.type === 'task.changed') pages.send(event.taskId, eventFrame('task', {}));
    if (event.type === 'question.changed')
      pages.send(event.taskId, eventFrame('question', { questionId: event.questionId }));
    if (event.type === 'resync') pages.sendAll(eventFrame('resync', {}));
  });
  app.addHook('onClose', async () => stop());

  app.get(
    '/api/tasks/:id/events',
    routeOptions('user', 'tasks', 'Server-Sent Events for one task', {
      params: taskIdParamsSchema,
    }),
    async (request, reply) => {
      const taskId = request.params.id;
      if (!(await repo.findById(taskId, request.user.id))) throw notFound(TASK_NOT_FOUND);
      openEventStream(request, reply, request.user.id, (stream) => pages.follow(taskId, stream));
    },
  );
};
