import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { applyProviderEvent } from './provider-events.ts';
import { ProviderError } from './provider.ts';
import { providerFailure, readSignedEvent } from './repository.ts';
import type { DealContext } from './transitions.ts';

/** The largest event body taken. */
const EVENT_BODY_LIMIT = 64 * 1024;

/**
 * The provider's webhook (the sandbox's `/api/payments/events`, Stripe's
 * `/api/payments/stripe/webhook`): its signed events, read as the raw body (the signature is
 * over those exact bytes), applied once each by `applyProviderEvent`; 400 for a bad signature.
 * A payment's processor fee is read first (Stripe: its balance transaction); the processor
 * not answering is a 503, and Stripe delivers the event again later.
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
        ...errorResponses(400, 503),
      },
    }),
    async (request) => {
      const signature = request.headers[provider.webhook.signatureHeader];
      if (typeof signature !== 'string' || typeof request.body !== 'string')
        throw badRequest('A signed event is expected.', 'BAD_SIGNATURE');
      let event = readSignedEvent(provider, { body: request.body, signature });
      // The processor's fee is read over the network, so before the event's transaction.
      // Not answering is a 503 (delivered again later); a refusal leaves the fee unrecorded.
      const paid = event;
      if (paid.type === 'charge.succeeded' && provider.withFee)
        event = await provider.withFee(paid).catch((err: unknown) => {
          if (err instanceof ProviderError && err.code === 'REFUSED') return paid;
          throw providerFailure(err);
        });
      const result = await app.database.db.transaction((tx) => applyProviderEvent(tx, ctx, event));
      return { received: true as const, ...result };
    },
  );
};
