import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUSH_DEVICE_LIMIT, PUSH_MESSAGES } from '../../../shared/push/rules.ts';
import {
  pushDeviceSchema,
  pushEndpointSchema,
  pushKeySchema,
  pushSubscriptionSchema,
} from '../../../shared/push/schema.ts';
import { invalidInput, notFound } from '../../platform/http/errors.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { createPushRepository } from './repository.ts';

/** Web push: the key browsers subscribe with, and a person's browsers that get alerts. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createPushRepository(app.database.db);
  const push = app.config.push;
  const production = app.config.env === 'production';
  const pushOn = () => {
    if (!push) throw notFound(PUSH_MESSAGES.off);
    return push;
  };

  app.get(
    '/api/push/key',
    routeOptions('public', 'push', 'The public key browsers subscribe to push with', {
      description:
        'The VAPID public key (base64url), `applicationServerKey` to `pushManager.subscribe`. 404 when push is off.',
      response: { 200: pushKeySchema, ...errorResponses(404) },
    }),
    async () => ({ publicKey: pushOn().publicKey }),
  );

  app.post(
    '/api/push/subscriptions',
    routeOptions('user', 'push', 'Turn alerts on in this browser', {
      description: `The browser's \`PushSubscription\` as JSON. The same endpoint again replaces its row (also when another person signed in there). Past ${PUSH_DEVICE_LIMIT} browsers, the one longest without a delivery is forgotten.`,
      body: pushSubscriptionSchema,
      response: { 201: pushDeviceSchema, ...errorResponses(404) },
    }),
    async (request, reply) => {
      pushOn();
      if (production && !request.body.endpoint.startsWith('https://'))
        throw invalidInput('body', [{ path: 'body.endpoint', message: PUSH_MESSAGES.httpsOnly }]);
      return reply.status(201).send(await repo.subscribe(request.user.id, request.body));
    },
  );

  app.delete(
    '/api/push/subscriptions',
    routeOptions('user', 'push', 'Turn alerts off in this browser', {
      description: 'By the endpoint; another person’s (or an unknown one) is 404.',
      body: pushEndpointSchema,
      response: { 204: z.void(), ...errorResponses(404) },
    }),
    async (request, reply) => {
      await repo.unsubscribe(request.user.id, request.body.endpoint);
      return reply.status(204).send();
    },
  );
};
