import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSavedSearchSchema,
  savedSearchIdParamsSchema,
  savedSearchSchema,
  updateSavedSearchSchema,
} from '../../../shared/alerts/schema.ts';
import { SAVED_SEARCH_LIMIT } from '../../../shared/alerts/rules.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { createSavedSearchRepository } from './repository.ts';
import { alertUnsubscribeRoutes } from './unsubscribe-routes.ts';

/** A person's saved searches: the browse page's criteria, kept to be alerted of new tasks. */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createSavedSearchRepository(app.database.db);
  await app.register(alertUnsubscribeRoutes);

  app.get(
    '/api/saved-searches',
    routeOptions('user', 'alerts', 'My saved searches', {
      response: { 200: z.array(savedSearchSchema) },
    }),
    async (request) => repo.list(request.user.id),
  );

  app.post(
    '/api/saved-searches',
    routeOptions('user', 'alerts', 'Save a search of the browse page, to be alerted of new tasks', {
      description: `The criteria are the browse query's fields (a search term or a filter needed). At most ${SAVED_SEARCH_LIMIT} per person (409 \`SAVED_SEARCH_LIMIT\`); the same criteria twice answers 409 \`SAVED_SEARCH_DUPLICATE\`. Only tasks posted after saving alert.`,
      body: createSavedSearchSchema,
      response: { 201: savedSearchSchema, ...errorResponses(409) },
    }),
    async (request, reply) =>
      reply.status(201).send(await repo.create(request.user.id, request.body)),
  );

  app.patch(
    '/api/saved-searches/:id',
    routeOptions('user', 'alerts', 'Rename my saved search or change how it alerts', {
      description:
        'Daily and Weekly come by e-mail only (choosing one alone sets the e-mail channel); resuming a paused search matches only what is posted from then on.',
      params: savedSearchIdParamsSchema,
      body: updateSavedSearchSchema,
      response: { 200: savedSearchSchema, ...errorResponses(400, 404) },
    }),
    async (request) => repo.update(request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/api/saved-searches/:id',
    routeOptions('user', 'alerts', 'Delete my saved search', {
      params: savedSearchIdParamsSchema,
      response: { 204: z.void(), ...errorResponses(404) },
    }),
    async (request, reply) => {
      await repo.remove(request.user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
