import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DealAction, DealState } from '../../../shared/payments/deal-machine.ts';
import { BID_TRANSITIONS } from '../../../shared/lifecycle.ts';
import { bids, tasks } from '../../platform/db/schema.ts';
import type { DemoData } from '../../platform/demo.ts';
import { databasePublisher } from '../../platform/events/bus.ts';
import { SANDBOX_CARDS, createSandboxProvider } from './sandbox.ts';
import { payDeal } from './charges.ts';
import { openDeal } from './repository.ts';
import {
  transition,
  type ActorRef,
  type DealContext,
  type TransitionInput,
} from './transitions.ts';

/** The sandbox's card that goes through. */
const GOOD_CARD = Object.keys(SANDBOX_CARDS).find((card) => SANDBOX_CARDS[card] === 'succeeded')!;

type Step = [DealAction, ActorRef['kind'], TransitionInput?];

const REQUEST = ['request-payment', 'worker'] as const satisfies Step;

/** The steps after the payment that bring a demo deal to each state it shows. */
export const DEMO_DEAL_STEPS: Record<Exclude<DealState, 'expired'>, Step[] | null> = {
  'awaiting-payment': null,
  funded: [],
  'payment-requested': [REQUEST],
  // Before `released`, which must pick a worker without this one's payout account.
  'paid-out': [REQUEST, ['release', 'owner'], ['payout', 'timer']],
  released: [REQUEST, ['release', 'owner']],
  'cancellation-requested': [
    [
      'owner-requests-cancellation',
      'owner',
      { reason: 'Our plans changed and we no longer need this.', fault: 'owner' },
    ],
  ],
  disputed: [
    REQUEST,
    [
      'owner-requests-cancellation',
      'owner',
      { reason: 'The delivery does not match what we agreed.', fault: 'worker' },
    ],
    [
      'worker-declines-cancellation',
      'worker',
      { reason: 'Everything in the description was delivered on time.' },
    ],
  ],
  cancelled: [
    [
      'worker-requests-cancellation',
      'worker',
      { reason: 'I fell ill and cannot finish in time, sorry.', fault: 'worker' },
    ],
    ['owner-agrees-cancellation', 'owner'],
  ],
};

/**
 * With the sandbox on (`npm start` in development), one deal in each state a deal stays in,
 * on open demo tasks with a pending bid, made by the real steps: the bid accepted with its
 * deal, paid with the sandbox's good card (which awards the work), then each step in the
 * deal's transaction, so the ledger holds the real balanced transactions under their keys.
 * The worker of the paid-out deal has a payout account; the released deal's worker has none
 * (its money waits in their earnings, and the payout timer leaves it there). Payments off
 * or with Stripe (which no seed can charge): no deals.
 */
export const dealDemo: DemoData = async (tx, scene) => {
  if (scene.payments.mode !== 'sandbox') return;
  const ctx: DealContext = {
    provider: createSandboxProvider(scene.payments.eventSecret),
    events: databasePublisher,
  };
  const candidates = await tx
    .select({ taskId: tasks.id, ownerId: tasks.ownerId, bidId: bids.id, bidderId: bids.bidderId })
    .from(tasks)
    .innerJoin(bids, eq(bids.taskId, tasks.id))
    .where(and(isNull(tasks.assigneeId), ne(tasks.status, 'Completed'), eq(bids.status, 'pending')))
    .orderBy(tasks.createdAt, bids.createdAt);
  const used = new Set<string>();
  let payee: string | null = null;
  for (const [target, steps] of Object.entries(DEMO_DEAL_STEPS)) {
    // The released deal's worker has no payout account (else its payout would follow).
    const pick = candidates.find(
      (c) => !used.has(c.taskId) && (target !== 'released' || c.bidderId !== payee),
    );
    if (!pick) return;
    used.add(pick.taskId);
    const [bid] = await tx
      .update(bids)
      .set({ status: BID_TRANSITIONS.accept.to })
      .where(eq(bids.id, pick.bidId))
      .returning({ id: bids.id, bidderId: bids.bidderId, amount: bids.amount });
    const deal = await openDeal(tx, ctx.events, pick.taskId, pick.ownerId, bid!);
    if (steps === null) continue;
    await payDeal(tx, ctx, pick.ownerId, deal.id, GOOD_CARD);
    for (const [action, kind, input] of steps) {
      if (action === 'payout') {
        await ctx.provider.onboardPayee(tx, pick.bidderId);
        payee = pick.bidderId;
      }
      const id = kind === 'owner' ? pick.ownerId : kind === 'worker' ? pick.bidderId : null;
      await transition(tx, ctx, deal.id, action, { kind, id }, input);
    }
  }
};
