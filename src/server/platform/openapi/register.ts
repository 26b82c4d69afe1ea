import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '../../../shared/constants.ts';
import { AUTH_PREFIX } from '../auth/endpoints.ts';
import { accountsDocument } from './accounts.ts';
import {
  completeResponses,
  operationIdFor,
  SESSION_SCHEME,
  securityFor,
  type Operation,
} from './operations.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

type Paths = Record<string, Record<string, Operation>>;

/**
 * The API document, served at /api/openapi.json, and its interactive reference at /api/docs.
 * Call it directly (not through `register`) before any route is registered: it collects
 * every /api route from its zod schemas, and adds the accounts endpoints (better-auth's
 * catch-all) from the allowlist. Each operation gets its security from the route's auth
 * mode, an operationId, the 400 and 401 answers its kind implies, and a description of
 * each answer.
 */
export async function registerOpenApi(app: FastifyInstance) {
  const accounts = await accountsDocument(app.auth);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description:
          'Tasks, bids, notifications, the newsletter and accounts. Errors are `{ message, code?, issues? }`; lists are paged with `page` and `limit` and carry `X-Total-Count`. The session travels in an httpOnly cookie set by the accounts endpoints.',
      },
      // Relative: the server that serves this document, whatever name it is reached by.
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'better-auth.session_token',
            description:
              'The session cookie set by sign-up and sign-in (`__Secure-` prefixed over https).',
          },
        },
      },
    },
    transform: (input) => {
      const { url, route } = input;
      // The web app's files, the documentation itself and the accounts catch-all (listed
      // endpoint by endpoint below) are not API operations.
      if (!url.startsWith('/api/') || url === `${AUTH_PREFIX}/*` || input.schema?.hide) {
        return { url, schema: { ...input.schema, hide: true } };
      }
      const methods = [route.method].flat();
      if (methods.length !== 1) throw new Error(`${url}: describe one method per route`);
      const { schema } = jsonSchemaTransform(input);
      return {
        url,
        schema: {
          ...schema,
          operationId: input.schema?.operationId ?? operationIdFor(methods[0]!, url),
          security: securityFor(route.config?.auth),
        },
      };
    },
    transformObject: (document) => {
      if (!('openapiObject' in document)) throw new Error('an OpenAPI 3 document was expected');
      const { openapiObject } = document;
      const paths = { ...openapiObject.paths, ...accounts.paths } as Paths;
      for (const item of Object.values(paths)) {
        for (const operation of Object.values(item)) completeResponses(operation);
      }
      return {
        ...openapiObject,
        paths,
        components: {
          ...openapiObject.components,
          schemas: { ...openapiObject.components?.schemas, ...accounts.schemas },
        },
      } as typeof openapiObject;
    },
  });

  app.get(OPENAPI_PATH, { config: { auth: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  // Swagger UI from the package's own files, served by us: scripts from this origin only, so
  // the site's Content-Security-Policy holds on these pages as everywhere else.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { auth: 'public', ...route.config };
      route.schema = { ...route.schema, hide: true };
    });
    await scope.register(fastifySwaggerUi, {
      routePrefix: DOCS_PATH,
      // The base layout, without the top bar: the top bar's logo is an SVG carrying a <style>
      // element, which `style-src 'self'` blocks (and the console reports).
      uiConfig: { deepLinking: true, tryItOutEnabled: false, layout: 'BaseLayout' },
      theme: { title: `${PRODUCT_NAME} API` },
    });
  });
}
