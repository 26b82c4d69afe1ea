import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema } from '../../../shared/paging/schema.ts';
import {
  profileInputSchema,
  publicProfileSchema,
  userIdParamsSchema,
} from '../../../shared/profiles/schema.ts';
import { reviewSchema } from '../../../shared/reviews/schema.ts';
import { notFound } from '../../platform/http/errors.ts';
import { sendPage } from '../../platform/http/paging.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { createReviewRepository } from '../reviews/index.ts';
import { createUserRepository } from './repository.ts';

const USER_NOT_FOUND = 'User not found';
const REVIEWS_PAGE_SIZE = 10;

/** Public profiles (open to everyone, never an e-mail address) and editing my own. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUserRepository(app.database.db);
  const reviews = createReviewRepository(app.database.db, app.events);

  app.get(
    '/api/users/:id',
    routeOptions(
      'public',
      'users',
      'A person’s public profile and track record as client and freelancer',
      {
        params: userIdParamsSchema,
        response: { 200: publicProfileSchema, ...errorResponses(404) },
      },
    ),
    async (request) => {
      const profile = await users.publicProfile(request.params.id);
      if (!profile) throw notFound(USER_NOT_FOUND);
      return profile;
    },
  );

  app.get(
    '/api/users/:id/reviews',
    routeOptions('public', 'users', 'Published reviews a person received, newest first', {
      description:
        'Paged with `page` and `limit` (default 10, at most 100); `X-Total-Count` holds the number of published reviews.',
      params: userIdParamsSchema,
      querystring: pageQuerySchema(REVIEWS_PAGE_SIZE),
      response: { 200: z.array(reviewSchema), ...errorResponses(404) },
    }),
    async (request, reply) => {
      const { id } = request.params;
      const { page, limit } = request.query;
      const result = await reviews.received(id, page, limit);
      if (result.total === 0 && !(await users.exists(id))) throw notFound(USER_NOT_FOUND);
      return sendPage(reply, result);
    },
  );

  app.get(
    '/api/profile',
    routeOptions('user', 'users', 'My public profile, as I wrote it', {
      description:
        'The same as `/api/users/{id}` for my account, with what moderation keeps from others (and `moderationNotice`).',
      response: { 200: publicProfileSchema },
    }),
    async (request) => (await users.publicProfile(request.user.id, true))!,
  );

  app.put(
    '/api/profile',
    routeOptions('user', 'users', 'Change my public profile: headline, bio, skills, location', {
      body: profileInputSchema,
      response: { 200: publicProfileSchema },
    }),
    async (request) => {
      await users.updateProfile(request.user.id, request.body);
      return (await users.publicProfile(request.user.id, true))!;
    },
  );
};
