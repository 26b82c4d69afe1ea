import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { applySignedEvent } from './repository.ts';
import type { DealContext } from './transitions.ts';

/** The largest event body taken. */
const EVENT_BODY_LIMIT = 64 * 1024;

/**
 * The provider's webhook (the sandbox's `/api/payments/events`, Stripe's
 * `/api/payments/stripe/webhook`): its signed events, read as the raw body (the signature is
 * over those exact bytes), applied once each by `applySignedEvent`; 400 for a bad signature.
 */
export const eventRoutes: FastifyPluginAsync<{ ctx: DealContext }> = async (app, { ctx }) => {
  const provider = ctx.provider;
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: EVENT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.post(
    provider.webhook.path,
    routeOptions('public', 'deals', 'The payment provider’s signed events (webhook)', {
      response: {
        200: z.object({ received: z.literal(true), replayed: z.boolean(), applied: z.boolean() }),
        ...errorResponses(400),
      },
    }),
    async (request) => {
      const signature = request.headers[provider.webhook.signatureHeader];
      if (typeof signature !== 'string' || typeof request.body !== 'string')
        throw badRequest('A signed event is expected.', 'BAD_SIGNATURE');
      const body = request.body;
      const result = await app.database.db.transaction((tx) =>
        applySignedEvent(tx, ctx, { body, signature }),
      );
      return { received: true as const, ...result };
    },
  );
};
