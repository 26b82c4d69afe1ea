import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isEscalated, type DealAction } from '../../../shared/payments/deal-machine.ts';
import { cursorPageSchema } from '../../../shared/paging/schema.ts';
import {
  adminDealItemSchema,
  adminDealListQuerySchema,
  adminDealSchema,
  dealIdParamsSchema,
  dealSchema,
  operatorActSchema,
  paymentCallIdParamsSchema,
  paymentCallListQuerySchema,
  paymentCallSchema,
  reasonBodySchema,
  ruleDealSchema,
} from '../../../shared/payments/schema.ts';
import { requestActor } from '../../platform/audit.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { operator } from '../operators/index.ts';
import { adminDealList, dealLedger, taskTitleOf } from './lists.ts';
import { chargebackOpen } from './deal-charges.ts';
import { paymentCallList, retryPaymentCall } from './payment-calls.ts';
import { dealFor, dealView } from './repository.ts';
import { transition, type DealContext } from './transitions.ts';

/** The flagged steps of a timeline; a settlement answers those before it. */
function needingAnOperator(
  timeline: { at: string; action: string; detail: Record<string, unknown> }[],
) {
  const settled = timeline.findLastIndex((e) => e.action.startsWith('settle-'));
  return timeline
    .slice(settled + 1)
    .filter((e) => e.detail.attention === true)
    .map((e) => ({ at: e.at, action: e.action }));
}

/**
 * The console's face of deals: read any deal, rule on a dispute, or take a person's step for
 * them. Every write names a reason and is written to the audit log in its transaction.
 */
export const adminDealRoutes: FastifyPluginAsyncZod<{ ctx: DealContext }> = async (
  app,
  { ctx },
) => {
  const db = app.database.db;
  const answer = { 200: dealSchema, ...errorResponses(400, 403, 404, 409) };

  app.get(
    '/api/admin/deals',
    operator('support', 'Deals, newest first, optionally in one state (operators)', {
      description:
        '`state=disputed` lists the disputes; `escalated` marks one waiting for a ruling for 14 days or more. Paged by `cursor` (the previous page’s `nextCursor`) and `limit`.',
      querystring: adminDealListQuerySchema,
      response: {
        200: cursorPageSchema(adminDealItemSchema),
        ...errorResponses(400, 403, 404),
      },
    }),
    async (request) => adminDealList(db, request.query),
  );

  app.get(
    '/api/admin/deals/:id',
    operator('support', 'A deal with its timeline and ledger lines (operators)', {
      params: dealIdParamsSchema,
      response: { 200: adminDealSchema, ...errorResponses(403, 404) },
    }),
    async (request) => {
      const deal = await dealFor(db, request.params.id, null);
      return {
        ...deal,
        taskTitle: await taskTitleOf(db, deal.taskId),
        ledger: await dealLedger(db, deal.id),
        escalated: isEscalated(deal),
        attention: needingAnOperator(deal.timeline),
        chargebackOpen: await chargebackOpen(db, deal.id),
      };
    },
  );

  /** A ruling on a dispute, or a settlement of a short deal: the same choices and body. */
  const decide = (step: 'rule' | 'settle', summary: string, description: string) =>
    app.post(
      `/api/admin/deals/:id/${step}`,
      operator('moderator', summary, {
        description,
        params: dealIdParamsSchema,
        body: ruleDealSchema,
        response: answer,
      }),
      async (request) => {
        const body = request.body;
        const action = `${step}-${body.outcome}` as const satisfies DealAction;
        return db.transaction(async (tx) =>
          dealView(
            tx,
            await transition(
              tx,
              ctx,
              request.params.id,
              action,
              { kind: 'operator', ...requestActor(request) },
              {
                reason: body.reason,
                workerShare: body.outcome === 'split' ? body.workerShare : undefined,
              },
            ),
          ),
        );
      },
    );
  decide(
    'rule',
    'Rule on a disputed deal: release, refund or split (moderators)',
    'A split gives the worker `workerShare` cents of the price; the rest goes back to the poster.',
  );
  decide(
    'settle',
    'Settle a deal a refund at the processor left short (moderators)',
    'What the secured payment still holds: `release` pays the worker all of it that the price and the booking fee leave, `refund` returns it all to the poster, `split` gives the worker `workerShare` cents of it (less than a release) and the rest back. 409 `NOT_SHORT` when the payment holds all the deal expects.',
  );

  app.post(
    '/api/admin/deals/:id/act',
    operator('moderator', 'Take a step of the deal for one of its sides (moderators)', {
      params: dealIdParamsSchema,
      body: operatorActSchema,
      response: answer,
    }),
    async (request) =>
      db.transaction(async (tx) =>
        dealView(
          tx,
          await transition(
            tx,
            ctx,
            request.params.id,
            request.body.action as DealAction,
            { kind: 'operator', ...requestActor(request) },
            { reason: request.body.reason, fault: request.body.fault },
          ),
        ),
      ),
  );

  app.get(
    '/api/admin/payment-calls',
    operator('support', 'Refunds and transfers the provider has not made (operators)', {
      description:
        '`status=failed` (the default): given up on, refused for good or out of attempts; `retrying`: failed at least once and still tried. Newest first, paged by `cursor`.',
      querystring: paymentCallListQuerySchema,
      response: {
        200: cursorPageSchema(paymentCallSchema),
        ...errorResponses(400, 403, 404),
      },
    }),
    async (request) => paymentCallList(db, request.query),
  );

  app.post(
    '/api/admin/payment-calls/:id/retry',
    operator('moderator', 'Try a failed refund or transfer again (moderators)', {
      description:
        'Due at once with its attempts counted afresh and its own idempotency key (the provider moves the money once). With a reason, in the audit log.',
      params: paymentCallIdParamsSchema,
      body: reasonBodySchema,
      response: { 204: z.void(), ...errorResponses(400, 403, 404, 409) },
    }),
    async (request, reply) => {
      await retryPaymentCall(db, request.params.id, requestActor(request), request.body.reason);
      return reply.status(204).send();
    },
  );
};
