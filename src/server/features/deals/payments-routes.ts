import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_FEE_SCHEDULE } from '../../../shared/payments/fees.ts';
import { cursorQuerySchema } from '../../../shared/paging/schema.ts';
import {
  dealSchema,
  earningsSchema,
  payeeStatusSchema,
  paymentsConfigSchema,
} from '../../../shared/payments/schema.ts';
import { taskIdParamsSchema } from '../../../shared/tasks/schema.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { errorResponses } from '../../platform/openapi/schemas.ts';
import { earningsCsv, earningsOf } from './earnings.ts';
import { taskDealFor } from './lists.ts';
import type { PaymentProvider } from './provider.ts';

/** How many earnings lines a page holds unless asked. */
const EARNINGS_PAGE_SIZE = 50;

/**
 * What the browser reads before anything else: whether payments are on (`mode`), the
 * provider's browser key, and the fee schedule in force, for quotes shown with the shared
 * `quote()`. Registered with payments off too.
 */
export const paymentsConfigRoute: FastifyPluginAsyncZod = async (app) => {
  const payments = app.config.payments;
  app.get(
    '/api/payments/config',
    routeOptions('public', 'deals', 'Whether payments are on, the provider and the fee schedule', {
      response: { 200: paymentsConfigSchema },
    }),
    async () => ({
      mode: payments.mode,
      provider: payments.mode,
      publishableKey: payments.mode === 'stripe' ? payments.stripe.publishableKey : null,
      feeSchedule: {
        ...DEFAULT_FEE_SCHEDULE,
        serviceFee: { bands: [...DEFAULT_FEE_SCHEDULE.serviceFee.bands] },
      },
    }),
  );
};

/** A person's side of payments: their task's deal, payout status, earnings and its CSV. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (
  app,
  { provider },
) => {
  const db = app.database.db;

  app.get(
    '/api/tasks/:id/deal',
    routeOptions('user', 'deals', 'My task’s deal: the one going on, else the latest', {
      description:
        'For the task’s poster and the deal’s worker only (404 for anyone else, and when the task has no deal). `viewerSide` says which side the caller is on, `nextTimerAt` when the next timer acts.',
      params: taskIdParamsSchema,
      response: { 200: dealSchema, ...errorResponses(404) },
    }),
    async (request) => taskDealFor(db, request.params.id, request.user.id),
  );

  app.get(
    '/api/payments/payee',
    routeOptions('user', 'deals', 'Whether I can receive payouts', {
      response: { 200: payeeStatusSchema },
    }),
    async (request) => ({ status: await provider.payeeStatus(db, request.user.id) }),
  );

  app.get(
    '/api/payments/earnings',
    routeOptions('user', 'deals', 'My earnings: balance, pending, paid out, and lines', {
      description:
        '`balance`: released to me, waiting for a payout; `pending`: secured in deals going on, not released yet; `paidOut`: sent to my payout account. `lines` newest first, paged by `cursor` (the previous page’s `nextCursor`) and `limit`.',
      querystring: cursorQuerySchema(EARNINGS_PAGE_SIZE),
      response: { 200: earningsSchema, ...errorResponses(400) },
    }),
    async (request) => earningsOf(db, request.user.id, request.query.limit, request.query.cursor),
  );

  app.get(
    '/api/payments/earnings.csv',
    routeOptions('user', 'deals', 'My earnings lines as a CSV file', {
      description:
        'A header row, then one line per movement of my earnings, newest first: amounts in dollars with two decimals, money in and out in two columns.',
      response: { 200: z.string() },
    }),
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="taskbid-earnings.csv"')
        .header('cache-control', 'no-store')
        .send(await earningsCsv(db, request.user.id)),
  );
};
