import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANSWER_EDIT_MINUTES } from '../../../shared/constants.ts';
import {
  answerQuestionSchema,
  askQuestionSchema,
  questionIdParamsSchema,
  questionListQuerySchema,
  questionPageSchema,
  questionSchema,
  questionVisibilitySchema,
} from '../../../shared/questions/schema.ts';
import { deletedSchema, taskIdParamsSchema } from '../../../shared/tasks/schema.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { createQuestionRepository } from './repository.ts';

/** Public questions on a task and its owner's answers. */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createQuestionRepository(app.database.db, app.events);

  app.get(
    '/api/tasks/:id/questions',
    routeOptions('user', 'questions', 'The questions on a task, newest first', {
      description:
        'Paged by keyset: pass the `nextCursor` of one page as `cursor` for the next. Hidden questions are left out except for the task’s owner and their asker, who see them marked `hidden`. `total` counts every question the caller can see.',
      params: taskIdParamsSchema,
      querystring: questionListQuerySchema,
      response: { 200: questionPageSchema, ...errorResponses(404) },
    }),
    async (request) => {
      const { cursor, limit } = request.query;
      return repo.list(request.params.id, request.user.id, limit, cursor);
    },
  );

  app.post(
    '/api/tasks/:id/questions',
    routeOptions(
      'user',
      'questions',
      'Ask a public question on someone else’s task',
      {
        description: 'Plain text, up to 1,000 characters. The task’s owner is notified.',
        params: taskIdParamsSchema,
        body: askQuestionSchema,
        response: { 201: questionSchema, ...errorResponses(403, 404, 429) },
      },
      { config: { writes: true } },
    ),
    async (request, reply) => {
      const question = await repo.ask(request.params.id, request.user, request.body.text);
      return reply.status(201).send(question);
    },
  );

  app.post(
    '/api/questions/:id/answer',
    routeOptions(
      'user',
      'questions',
      'Answer a question on my task, once',
      {
        description: 'Plain text, up to 2,000 characters. The asker is notified.',
        params: questionIdParamsSchema,
        body: answerQuestionSchema,
        response: { 200: questionSchema, ...errorResponses(403, 404, 409) },
      },
      { config: { writes: true } },
    ),
    async (request) => repo.answer(request.params.id, request.user.id, request.body.answer),
  );

  app.put(
    '/api/questions/:id/answer',
    routeOptions(
      'user',
      'questions',
      `Change my answer, within ${ANSWER_EDIT_MINUTES} minutes of giving it`,
      {
        params: questionIdParamsSchema,
        body: answerQuestionSchema,
        response: { 200: questionSchema, ...errorResponses(403, 404, 409) },
      },
      { config: { writes: true } },
    ),
    async (request) => repo.editAnswer(request.params.id, request.user.id, request.body.answer),
  );

  app.put(
    '/api/questions/:id/hidden',
    routeOptions('user', 'questions', 'Hide a question on my task from others, or show it again', {
      params: questionIdParamsSchema,
      body: questionVisibilitySchema,
      response: { 200: questionSchema, ...errorResponses(403, 404) },
    }),
    async (request) => repo.setHidden(request.params.id, request.user.id, request.body.hidden),
  );

  app.delete(
    '/api/questions/:id',
    routeOptions('user', 'questions', 'Delete my question while it is unanswered', {
      params: questionIdParamsSchema,
      response: { 200: deletedSchema, ...errorResponses(403, 404, 409) },
    }),
    async (request) => {
      await repo.remove(request.params.id, request.user.id);
      return { acknowledged: true as const, deletedCount: 1, message: 'Question deleted' };
    },
  );
};
