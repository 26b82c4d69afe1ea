import { and, eq, lte, sql } from 'drizzle-orm';
import {
  AUTO_RELEASE_DAYS,
  CANCELLATION_ANSWER_HOURS,
  DEAL_TRANSITIONS,
  PAYMENT_WINDOW_MINUTES,
  type DealAction,
} from '../../../shared/payments/deal-machine.ts';
import type { PaymentsConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { deals, sandboxPayees, stripeAccounts } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { ProviderError, type PaymentProvider } from './provider.ts';
import { runPaymentOutbox } from './outbox.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createStripeProvider } from './stripe.ts';
import { transition, type DealContext } from './transitions.ts';
import { databasePublisher, type EventPublisher } from '../../platform/events/bus.ts';

/** The provider payments are configured with; null while payments are off. */
export function providerOf(config: PaymentsConfig): PaymentProvider | null {
  if (config.mode === 'sandbox') return createSandboxProvider(config.eventSecret);
  if (config.mode === 'stripe') return createStripeProvider(config.stripe);
  return null;
}

/** The network provider's outbox of refunds and transfers (nothing for the sandbox or off). */
export async function runProviderCalls(db: Db, config: PaymentsConfig) {
  const provider = providerOf(config);
  return provider && !provider.direct ? runPaymentOutbox(db, provider) : 0;
}

/** The timers: each action, and how long its deal must have been in its state. */
const TIMERS: readonly { action: DealAction; after: string }[] = [
  { action: 'expire', after: `${PAYMENT_WINDOW_MINUTES} minutes` },
  { action: 'auto-release', after: `${AUTO_RELEASE_DAYS} days` },
  { action: 'cancellation-unanswered', after: `${CANCELLATION_ANSWER_HOURS} hours` },
];

/** How many due deals one run takes, per timer. */
const BATCH = 100;

/**
 * One deal's timer transition in a transaction of its own. A deal that moved on meanwhile
 * (released by its owner in the same moment, say) is refused by the machine under the
 * deal's lock and left alone: its money moved once.
 */
async function runOne(db: Db, ctx: DealContext, dealId: string, action: DealAction) {
  try {
    await db.transaction((tx) => transition(tx, ctx, dealId, action, { kind: 'timer', id: null }));
    return 1;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) return 0;
    if (err instanceof ProviderError && err.code === 'NO_PAYEE') return 0;
    throw err;
  }
}

/**
 * The deals' timers: unpaid deals expire after PAYMENT_WINDOW_MINUTES, a payment asked for
 * releases itself after AUTO_RELEASE_DAYS, an unanswered cancellation becomes a dispute after
 * CANCELLATION_ANSWER_HOURS, and released money is paid out to workers who can receive it.
 * Returns how many deals moved. Nothing while payments are off.
 */
export async function runDealTimers(
  db: Db,
  config: PaymentsConfig,
  now = new Date(),
  events: EventPublisher = databasePublisher,
) {
  const provider = providerOf(config);
  if (!provider) return 0;
  const ctx = { provider, events };
  let moved = 0;
  for (const { action, after } of TIMERS) {
    const [state] = DEAL_TRANSITIONS[action].from;
    const due = await db
      .select({ id: deals.id })
      .from(deals)
      .where(
        and(
          eq(deals.state, state!),
          lte(deals.stateSince, sql`${now.toISOString()}::timestamptz - ${after}::interval`),
        ),
      )
      .limit(BATCH);
    for (const { id } of due) moved += await runOne(db, ctx, id, action);
  }
  const payees = provider.name === 'stripe' ? stripeAccounts : sandboxPayees;
  const payable = await db
    .select({ id: deals.id })
    .from(deals)
    .innerJoin(payees, and(eq(payees.userId, deals.workerId), eq(payees.status, 'active')))
    .where(eq(deals.state, 'released'))
    .limit(BATCH);
  for (const { id } of payable) moved += await runOne(db, ctx, id, 'payout');
  return moved;
}
