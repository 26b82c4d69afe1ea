import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import type { PaymentProvider } from './provider.ts';
import { applySignedEvent } from './repository.ts';
import { SANDBOX_SIGNATURE_HEADER } from './sandbox.ts';

/** The largest event body taken. */
const EVENT_BODY_LIMIT = 64 * 1024;

/**
 * The provider's webhook: its signed events, read as the raw body (the signature is over
 * those exact bytes), applied once each by `applySignedEvent`.
 */
export const eventRoutes: FastifyPluginAsync<{ provider: PaymentProvider }> = async (
  app,
  { provider },
) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: EVENT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/api/payments/events',
    routeOptions('public', 'deals', 'The payment provider’s signed events (webhook)', {
      response: {
        200: z.object({ received: z.literal(true), replayed: z.boolean(), applied: z.boolean() }),
        ...errorResponses(400),
      },
    }),
    async (request) => {
      const signature = request.headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof signature !== 'string' || typeof request.body !== 'string')
        throw badRequest('A signed event is expected.', 'BAD_SIGNATURE');
      const body = request.body;
      const result = await app.database.db.transaction((tx) =>
        applySignedEvent(tx, provider, { body, signature }),
      );
      return { received: true as const, ...result };
    },
  );
};
