import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reviewIdParamsSchema,
  reviewInputSchema,
  reviewReplySchema,
  reviewSchema,
  taskReviewsSchema,
} from '../../../shared/reviews/schema.ts';
import { taskIdParamsSchema } from '../../../shared/tasks/schema.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { createReviewRepository } from './repository.ts';

/** Reviews both ways after completed work. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createReviewRepository(app.database.db, app.events);

  app.get(
    '/api/tasks/:id/reviews',
    routeOptions(
      'user',
      'reviews',
      'The reviews of a completed task, as its owner or its freelancer sees them',
      {
        description:
          'Published reviews of both sides, the caller’s own review (published or not), whether the caller may review now, and when the review window closes.',
        params: taskIdParamsSchema,
        response: { 200: taskReviewsSchema, ...errorResponses(403, 404) },
      },
    ),
    async (request) => repo.forTask(request.params.id, request.user.id),
  );

  app.post(
    '/api/tasks/:id/reviews',
    routeOptions(
      'user',
      'reviews',
      'Review the other side of a completed task (owner ↔ freelancer)',
      {
        description:
          'One review per side per task, within 14 days of completion. It stays hidden until the other side has reviewed too or the window closes.',
        params: taskIdParamsSchema,
        body: reviewInputSchema,
        response: { 201: reviewSchema, ...errorResponses(403, 404, 409) },
      },
      { config: { writes: true } },
    ),
    async (request, reply) => {
      const review = await repo.write(request.params.id, request.user.id, request.body);
      return reply.status(201).send(review);
    },
  );

  app.put(
    '/api/reviews/:id',
    routeOptions(
      'user',
      'reviews',
      'Change my review while it is unpublished',
      {
        params: reviewIdParamsSchema,
        body: reviewInputSchema,
        response: { 200: reviewSchema, ...errorResponses(404, 409) },
      },
      { config: { writes: true } },
    ),
    async (request) => repo.edit(request.params.id, request.user.id, request.body),
  );

  app.post(
    '/api/reviews/:id/reply',
    routeOptions(
      'user',
      'reviews',
      'Reply once, publicly, to a published review of me',
      {
        params: reviewIdParamsSchema,
        body: reviewReplySchema,
        response: { 200: reviewSchema, ...errorResponses(403, 404, 409) },
      },
      { config: { writes: true } },
    ),
    async (request) => repo.reply(request.params.id, request.user.id, request.body.reply),
  );
};
