import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvePriceIncreaseSchema,
  askPriceIncreaseSchema,
  dealIdParamsSchema,
  dealSchema,
  lowerPriceSchema,
  payResultSchema,
  raisePriceSchema,
} from '../../../shared/payments/schema.ts';
import { requestActor } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { operator } from '../operators/index.ts';
import { chargeDeal } from './charges.ts';
import {
  approvalPlan,
  askPriceIncrease,
  declinePriceIncrease,
  lowerPrice,
  raisePlan,
} from './price-change.ts';
import { dealView } from './repository.ts';
import type { ActorRef, DealContext, DealRow } from './transitions.ts';

/** An operator's price step: lower it, or take a side's step (ask for more, decline). */
const operatorPriceSchema = z.discriminatedUnion('action', [
  lowerPriceSchema.extend({ action: z.literal('lower') }),
  askPriceIncreaseSchema.extend({ action: z.literal('ask-increase') }),
  z.object({ action: z.literal('decline-increase'), reason: lowerPriceSchema.shape.reason }),
]);

/**
 * Changing a deal's price (docs/payments.md): the worker asks for more, the poster approves
 * (paying the difference) or declines, or raises it at once; an operator lowers it or takes a
 * side's step. Each in one transaction under the deal's lock (a charge as paying is made).
 */
export const priceRoutes: FastifyPluginAsyncZod<{ ctx: DealContext }> = async (app, { ctx }) => {
  const db = app.database.db;
  const answer = { 200: dealSchema, ...errorResponses(400, 403, 404, 409) };
  const paid = { 200: payResultSchema, ...errorResponses(400, 402, 403, 404, 409, 503) };
  /** One step in its own transaction; the deal as the reader sees it after. */
  const step = (readerId: string | null, run: (tx: Db) => Promise<DealRow>) =>
    db.transaction(async (tx) => dealView(tx, await run(tx), readerId));

  app.post(
    '/api/deals/:id/ask-price-increase',
    routeOptions('user', 'deals', 'Ask the poster for a higher price (the worker, with a reason)', {
      description:
        '`price` in cents, above the current price. One request waits at a time (409 `REQUEST_PENDING`).',
      params: dealIdParamsSchema,
      body: askPriceIncreaseSchema,
      response: answer,
    }),
    async (request) => {
      const actor: ActorRef = { kind: 'worker', id: request.user.id };
      return step(request.user.id, (tx) =>
        askPriceIncrease(tx, ctx, request.params.id, actor, request.body),
      );
    },
  );

  app.post(
    '/api/deals/:id/approve-price-increase',
    routeOptions('user', 'deals', 'Approve the asked price and pay the difference (the poster)', {
      description: 'Paid as `pay` is: 402 `CARD_DECLINED`, or a charge asking to authenticate.',
      params: dealIdParamsSchema,
      body: approvePriceIncreaseSchema,
      response: paid,
    }),
    async (request) =>
      chargeDeal(db, ctx, request.user.id, request.params.id, request.body.card, approvalPlan),
  );

  app.post(
    '/api/deals/:id/decline-price-increase',
    routeOptions('user', 'deals', 'Decline the asked price: it stays as it is (the poster)', {
      params: dealIdParamsSchema,
      response: answer,
    }),
    async (request) => {
      const actor: ActorRef = { kind: 'owner', id: request.user.id };
      return step(request.user.id, (tx) => declinePriceIncrease(tx, ctx, request.params.id, actor));
    },
  );

  app.post(
    '/api/deals/:id/raise-price',
    routeOptions('user', 'deals', 'Raise the price at once and pay the difference (the poster)', {
      description: '`price` in cents, above the current price; paid as `pay` is.',
      params: dealIdParamsSchema,
      body: raisePriceSchema,
      response: paid,
    }),
    async (request) =>
      chargeDeal(
        db,
        ctx,
        request.user.id,
        request.params.id,
        request.body.card,
        raisePlan(request.body.price),
      ),
  );

  app.post(
    '/api/admin/deals/:id/price',
    operator('moderator', 'Lower a deal’s price, or take a side’s price step (moderators)', {
      description:
        '`lower`: the difference goes back to the poster’s card. `ask-increase` and `decline-increase`: a side’s step for them. Always with a reason, in the audit log.',
      params: dealIdParamsSchema,
      body: operatorPriceSchema,
      response: answer,
    }),
    async (request) => {
      const actor: ActorRef = { kind: 'operator', ...requestActor(request) };
      const body = request.body;
      const id = request.params.id;
      return step(null, (tx) =>
        body.action === 'lower'
          ? lowerPrice(tx, ctx, id, actor, body)
          : body.action === 'ask-increase'
            ? askPriceIncrease(tx, ctx, id, actor, body)
            : declinePriceIncrease(tx, ctx, id, actor, body),
      );
    },
  );
};
