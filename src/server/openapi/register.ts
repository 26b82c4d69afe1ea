import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '../../shared/constants.ts';

/**
 * Collects the routes registered after it in this scope (and its children) into an OpenAPI
 * 3.1 document generated from the routes' zod schemas, served at /api/openapi.json.
 * Call it directly (not through `register`) so the collector sits in the caller's scope.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description:
          'Tasks, bids and the newsletter. Errors are `{ message, code?, issues? }`; lists are paged with `page` and `limit` and carry `X-Total-Count`. Sign in through /api/auth (better-auth); the session travels in an httpOnly cookie.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
