import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { welcomeAnswerSchema, welcomeSchema } from '../../../shared/welcome/schema.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { createWelcomeRepository } from './welcome-repository.ts';

/** The welcome after the first sign-in: read it, answer it or skip it (once). */
export const welcomeRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createWelcomeRepository(app.database.db);

  app.get(
    '/api/account/welcome',
    routeOptions('user', 'account', 'Whether my welcome is still to be shown, and my answer', {
      response: { 200: welcomeSchema },
    }),
    async (request) => repo.get(request.user.id),
  );

  app.put(
    '/api/account/welcome',
    routeOptions('user', 'account', 'Answer or skip my welcome: it is not shown again', {
      description:
        '`goal` is what brings me: `hire` (get work done) or `earn`. Left out, the welcome is skipped and an earlier answer kept.',
      body: welcomeAnswerSchema,
      response: { 200: welcomeSchema },
    }),
    async (request) => repo.answer(request.user.id, request.body),
  );
};
