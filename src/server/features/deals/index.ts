import { liveFeed, type Feature } from '../../platform/feature.ts';
import { dealDemo } from './demo.ts';
import { runDealTimers, runProviderCalls } from './jobs.ts';
import { dealsPersonalData } from './personal-data.ts';
import { dealRoutes } from './routes.ts';
import './events.ts';

/**
 * Payment protection's deals (docs/payments.md): a secured payment per accepted bid, its
 * states (shared/payments/deal-machine.ts), its money through the ledger, a payment
 * provider (the sandbox or Stripe Connect) and its timers. Off unless PAYMENTS says otherwise.
 */
export const dealsFeature: Feature = {
  name: 'deals',
  routes: dealRoutes,
  live: [
    liveFeed({
      event: 'deal.changed',
      stream: 'task',
      send: (e) => [{ key: e.taskId, event: 'deal', data: { dealId: e.dealId } }],
    }),
  ],
  notificationKinds: ['deal.updated', 'deal.reminder'],
  jobs: [
    {
      name: 'deals: timers and payouts',
      everyMs: 60_000,
      run: ({ db, config, events }) => runDealTimers(db, config.payments, new Date(), events),
    },
    {
      name: 'deals: the payment provider’s refunds and transfers (outbox)',
      everyMs: 15_000,
      run: ({ db, config }) => runProviderCalls(db, config.payments),
    },
  ],
  personalData: dealsPersonalData,
  demo: dealDemo,
};

export { runDealTimers, runProviderCalls, providerOf } from './jobs.ts';
export { openDeal } from './repository.ts';
export { LIVE_DEAL_STATES } from '../../../shared/payments/deal-machine.ts';
