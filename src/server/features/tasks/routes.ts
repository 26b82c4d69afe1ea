import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryCountSchema,
  createTaskSchema,
  deletedSchema,
  insertedSchema,
  taskDetailSchema,
  taskIdParamsSchema,
  taskListQuerySchema,
  taskSchema,
  updatedSchema,
  updateTaskSchema,
} from '../../../shared/tasks/schema.ts';
import { OWN_TASKS_ONLY, TASK_NOT_FOUND } from '../../../shared/messages.ts';
import { forbidden, notFound, unauthorized } from '../../platform/http/errors.ts';
import { sendAnswer, serialized } from '../../platform/http/answer-cache.ts';
import { sendPage } from '../../platform/http/paging.ts';
import { shareWhenAnonymous } from '../../platform/http/private-answers.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { listCacheOf, listFor } from './list-cache.ts';
import { browseFilters } from './query.ts';
import { createTaskRepository, type TaskChanges } from './repository.ts';
import { routeOptions } from '../../platform/http/route-options.ts';

/** '' and null both mean "none"; undefined means "not sent". */
const blankToNull = <T>(value: T | '' | null | undefined) =>
  value === undefined ? undefined : value === '' || value === null ? null : value;

/** The stored values a task form asks for; an optional field not sent stays undefined. */
function taskChanges(b: z.output<typeof updateTaskSchema>): TaskChanges {
  return {
    title: b.title,
    description: b.description,
    imageUrl: blankToNull(b.imageUrl),
    priority: b.priority,
    category: b.category,
    deadline: b.deadline,
    estimatedTime: b.estimatedTime,
    budget: b.budget,
    status: b.status,
    location: blankToNull(b.location),
  };
}

export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createTaskRepository(app.database.db, app.events);
  const lists = listCacheOf(app);

  app.get(
    '/api/tasks',
    routeOptions('optional', 'tasks', 'Browse tasks (or, with `email`, the caller’s own tasks)', {
      description:
        'Paged with `page` (from 1) and `limit` (default 12, at most 100); the `X-Total-Count` header holds the number of matches. `email` needs a session and must be the caller’s own e-mail.',
      querystring: taskListQuerySchema,
      response: {
        200: z.array(taskSchema),
        ...errorResponses(401, 403),
      },
    }),
    async (request, reply) => {
      const q = request.query;
      let ownerId: string | undefined;
      const viewer = request.user;
      if (q.email !== undefined) {
        if (!viewer) throw unauthorized();
        if (q.email.toLowerCase() !== viewer.email.toLowerCase())
          throw forbidden(OWN_TASKS_ONLY.list);
        ownerId = viewer.id;
      }
      const filters = browseFilters(q, { stage: q.status, ownerId });
      // Browsing tolerates a little lag: the read replica answers when there is one.
      const list = (viewerId: string | null) =>
        createTaskRepository(request.readDb()).list(filters, q.page, q.limit, viewerId);
      // The owner's own list: theirs alone (held tasks, bids, reviews due), never kept.
      if (ownerId) return sendPage(reply, await list(ownerId));
      // Someone who just wrote reads past the kept answer, which a lagging replica may have
      // filled without their write (read-your-writes); their own tasks carry their e-mail.
      if (viewer && request.wroteRecently()) return sendPage(reply, await list(viewer.id));
      // Browse and search: the same answer for everyone, kept a few seconds; what a
      // signed-in person sees besides is merged into it per request (decision 1820).
      const key = `list ${JSON.stringify([filters, q.page, q.limit])}`;
      const answer = await lists.get(key, async () => {
        const page = await list(null);
        return {
          body: serialized(reply, page.items),
          total: { count: page.total, exact: page.totalExact !== false },
          owners: page.items.map((task) => task.userId),
        };
      });
      if (viewer) return sendAnswer(reply, listFor(reply, answer, viewer));
      shareWhenAnonymous(request);
      return sendAnswer(reply, answer);
    },
  );

  app.get(
    '/api/tasks/categories',
    routeOptions('public', 'tasks', 'Every category with its number of tasks', {
      response: { 200: z.array(categoryCountSchema) },
    }),
    async (request, reply) => {
      const answer = await lists.get('categories', async () => ({
        body: serialized(reply, await createTaskRepository(request.readDb()).categoryCounts()),
      }));
      return sendAnswer(reply, answer);
    },
  );

  app.get(
    '/api/tasks/:id',
    routeOptions('optional', 'tasks', 'One task, with its number of bids', {
      description:
        'A task imported from the first version is also found by its old id (a MongoDB ObjectId): the answer is a 308 redirect to the task’s URL.',
      params: taskIdParamsSchema,
      response: {
        200: taskDetailSchema,
        308: z.void().describe('An imported task’s old id: `Location` is the task’s URL'),
        ...errorResponses(404),
      },
    }),
    async (request, reply) => {
      const { id } = request.params;
      const task = await repo.findById(id, request.user?.id ?? null);
      if (task) return task;
      const importedId = await repo.importedId(id);
      if (importedId) return reply.redirect(`/api/tasks/${importedId}`, 308);
      throw notFound(TASK_NOT_FOUND);
    },
  );

  app.post(
    '/api/tasks',
    routeOptions(
      'user',
      'tasks',
      'Post a task (owner, e-mail, name and time come from the session)',
      {
        body: createTaskSchema,
        response: { 201: insertedSchema, ...errorResponses(429) },
      },
      { config: { writes: true } },
    ),
    async (request, reply) => {
      const { user } = request;
      const insertedId = await repo.create(user.id, taskChanges(request.body));
      request.log.info({ taskId: insertedId }, 'task created');
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  app.put(
    '/api/tasks/:id',
    routeOptions(
      'user',
      'tasks',
      'Update your task (modifiedCount 0 when nothing changed)',
      {
        params: taskIdParamsSchema,
        body: updateTaskSchema,
        response: { 200: updatedSchema, ...errorResponses(403, 404, 409) },
      },
      { config: { writes: true } },
    ),
    async (request) => {
      const { id } = request.params;
      const modifiedCount = await repo.update(id, request.user.id, taskChanges(request.body));
      return { acknowledged: true as const, matchedCount: 1, modifiedCount };
    },
  );

  app.delete(
    '/api/tasks/:id',
    routeOptions('user', 'tasks', 'Delete your task and its bids', {
      params: taskIdParamsSchema,
      response: { 200: deletedSchema, ...errorResponses(403, 404, 409) },
    }),
    async (request) => {
      const title = await repo.remove(request.params.id, request.user.id);
      request.log.info({ taskId: request.params.id }, 'task deleted');
      return {
        acknowledged: true as const,
        deletedCount: 1,
        message: `${title} has been removed.`,
      };
    },
  );
};
