import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  sideAction,
  type DealAction,
  type DealSide,
} from '../../../shared/payments/deal-machine.ts';
import {
  dealIdParamsSchema,
  dealSchema,
  payDealSchema,
  payResultSchema,
  reasonBodySchema,
  requestCancellationSchema,
} from '../../../shared/payments/schema.ts';
import { taskIdParamsSchema } from '../../../shared/tasks/schema.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { adminDealRoutes } from './admin-routes.ts';
import { eventRoutes } from './event-routes.ts';
import { paymentsConfigRoute, paymentsRoutes } from './payments-routes.ts';
import { providerOf } from './jobs.ts';
import { authenticateCharge, payDeal } from './charges.ts';
import { priceRoutes } from './price-routes.ts';
import { createDeal, dealFor, dealView, providerFailure } from './repository.ts';
import {
  lockDeal,
  NOT_YOUR_DEAL,
  sideOf,
  transition,
  type TransitionInput,
} from './transitions.ts';

/**
 * Payment protection's routes: registered only when payments are on (PAYMENTS), so with
 * them off every path here is an unknown endpoint, as before (but the public config, which
 * says payments are off).
 */
export const dealRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = providerOf(app.config.payments);
  await app.register(paymentsConfigRoute);
  if (!provider) return;
  const db = app.database.db;
  const ctx = { provider, events: app.events };
  const answer = { 200: dealSchema, ...errorResponses(400, 403, 404, 409) };

  await app.register(adminDealRoutes, { ctx });
  await app.register(paymentsRoutes, { provider });
  await app.register(eventRoutes, { ctx });
  await app.register(priceRoutes, { ctx });

  /** One step of a side on the deal, in one transaction under the deal's lock. */
  const step = (
    userId: string,
    dealId: string,
    action: (side: DealSide) => DealAction,
    input: TransitionInput = {},
  ) =>
    db.transaction(async (tx) => {
      const side = sideOf(await lockDeal(tx, dealId), userId);
      if (!side) throw forbidden(NOT_YOUR_DEAL);
      return dealView(
        tx,
        await transition(tx, ctx, dealId, action(side), { kind: side, id: userId }, input),
        userId,
      );
    });

  app.post(
    '/api/tasks/:id/deal',
    routeOptions('user', 'deals', 'Secure the payment of my task’s accepted bid (a deal)', {
      description:
        'For a task awarded before payments were on (with payments on, accepting a bid makes its deal). The deal waits for the poster’s payment with the fee quote frozen onto it; unpaid, it expires.',
      params: taskIdParamsSchema,
      response: { 201: dealSchema, ...errorResponses(403, 404, 409) },
    }),
    async (request, reply) => {
      const deal = await createDeal(db, app.events, request.user.id, request.params.id);
      return reply.code(201).send(await dealView(db, deal, request.user.id));
    },
  );

  app.get(
    '/api/deals/:id',
    routeOptions('user', 'deals', 'A deal of mine with its timeline', {
      params: dealIdParamsSchema,
      response: { 200: dealSchema, ...errorResponses(403, 404) },
    }),
    async (request) => dealFor(db, request.params.id, request.user.id),
  );

  app.post(
    '/api/deals/:id/pay',
    routeOptions('user', 'deals', 'Pay for the deal with a card (the poster)', {
      params: dealIdParamsSchema,
      body: payDealSchema,
      response: { 200: payResultSchema, ...errorResponses(400, 402, 403, 404, 409, 503) },
    }),
    async (request) => payDeal(db, ctx, request.user.id, request.params.id, request.body.card),
  );

  app.post(
    '/api/deals/:id/charges/:chargeId/authenticate',
    routeOptions('user', 'deals', 'Complete a card payment that asked for authentication', {
      params: dealIdParamsSchema.extend({ chargeId: z.string().max(100) }),
      response: answer,
    }),
    async (request) =>
      authenticateCharge(db, ctx, request.user.id, request.params.id, request.params.chargeId),
  );

  /** The steps with no body: the path, the action (by the caller's side) and the summary. */
  const simple: [string, (side: DealSide) => DealAction, string][] = [
    ['withdraw', () => 'withdraw-offer', 'Withdraw an unpaid deal (the poster)'],
    [
      'request-payment',
      () => 'request-payment',
      'Ask for the payment: the work is done (the worker)',
    ],
    ['release', () => 'release', 'Release the payment to the worker (the poster)'],
    [
      'agree-cancellation',
      (side) => sideAction(side, 'agrees-cancellation'),
      'Agree to the other side’s cancellation: the money goes back to the poster',
    ],
  ];
  for (const [path, action, summary] of simple)
    app.post(
      `/api/deals/:id/${path}`,
      routeOptions('user', 'deals', summary, { params: dealIdParamsSchema, response: answer }),
      async (request) => step(request.user.id, request.params.id, action),
    );

  app.post(
    '/api/deals/:id/ask-changes',
    routeOptions('user', 'deals', 'Ask for changes instead of paying (the poster, with a reason)', {
      params: dealIdParamsSchema,
      body: reasonBodySchema,
      response: answer,
    }),
    async (request) =>
      step(request.user.id, request.params.id, () => 'ask-changes', {
        reason: request.body.reason,
      }),
  );

  app.post(
    '/api/deals/:id/request-cancellation',
    routeOptions('user', 'deals', 'Ask to cancel the deal, saying why and whose fault it is', {
      params: dealIdParamsSchema,
      body: requestCancellationSchema,
      response: answer,
    }),
    async (request) =>
      step(
        request.user.id,
        request.params.id,
        (side) => sideAction(side, 'requests-cancellation'),
        request.body,
      ),
  );

  app.post(
    '/api/deals/:id/decline-cancellation',
    routeOptions(
      'user',
      'deals',
      'Decline the other side’s cancellation: the deal goes to dispute',
      {
        params: dealIdParamsSchema,
        body: reasonBodySchema,
        response: answer,
      },
    ),
    async (request) =>
      step(
        request.user.id,
        request.params.id,
        (side) => sideAction(side, 'declines-cancellation'),
        {
          reason: request.body.reason,
        },
      ),
  );

  app.post(
    '/api/payments/payee',
    routeOptions('user', 'deals', 'Become able to receive payouts', {
      description:
        'The sandbox: active at once. Stripe: a connected account, and `onboardingUrl` to finish it at Stripe (a new link each time).',
      response: {
        200: z.object({
          status: z.enum(['none', 'pending', 'active']),
          onboardingUrl: z.url().optional(),
        }),
        ...errorResponses(402, 409, 503),
      },
    }),
    async (request) =>
      provider.onboardPayee(db, request.user.id).catch((err: unknown) => {
        throw providerFailure(err);
      }),
  );
};
