import { and, eq, gte, lte, notExists, sql } from 'drizzle-orm';
import {
  EXPIRY_REMINDER_MINUTES,
  RELEASE_REMINDER_HOURS,
  TIMED_STATES,
  type DealState,
} from '../../../shared/payments/deal-machine.ts';
import type { Db } from '../../platform/db/client.ts';
import { dealEvents, deals } from '../../platform/db/schema.ts';
import type { EventPublisher } from '../../platform/events/bus.ts';
import { remind } from './notices.ts';
import { lockDeal } from './transitions.ts';

/** The reminders: a timed state, and how many minutes before its timer acts. */
const REMINDERS: readonly { state: DealState; before: number }[] = [
  { state: 'awaiting-payment', before: EXPIRY_REMINDER_MINUTES },
  { state: 'payment-requested', before: RELEASE_REMINDER_HOURS * 60 },
];

/** No reminder of this state on the deal's timeline since it entered it. */
const notReminded = notExists(
  sql`(select 1 from ${dealEvents} where ${dealEvents.dealId} = ${deals.id}
    and ${dealEvents.action} = 'reminder' and ${dealEvents.fromState} = ${deals.state}
    and ${dealEvents.at} >= ${deals.stateSince})`,
);

/**
 * Reminds the owner once per stay in a timed state, shortly before its timer acts: 5 minutes
 * before an unpaid deal expires, a day before the payment releases itself. Each in its own
 * transaction under the deal's lock, the reminder written to the timeline (so once, on every
 * instance). Returns how many were sent.
 */
export async function sendReminders(db: Db, events: EventPublisher, now: Date, batch: number) {
  let sent = 0;
  for (const { state, before } of REMINDERS) {
    const after = `${TIMED_STATES[state]! - before} minutes`;
    const due = await db
      .select({ id: deals.id })
      .from(deals)
      .where(
        and(
          eq(deals.state, state),
          lte(deals.stateSince, sql`${now.toISOString()}::timestamptz - ${after}::interval`),
          notReminded,
        ),
      )
      .limit(batch);
    for (const { id } of due)
      sent += await db.transaction(async (tx) => {
        const deal = await lockDeal(tx, id);
        const [done] = await tx
          .select({ id: dealEvents.id })
          .from(dealEvents)
          .where(
            and(
              eq(dealEvents.dealId, id),
              eq(dealEvents.action, 'reminder'),
              eq(dealEvents.fromState, state),
              gte(dealEvents.at, deal.stateSince),
            ),
          );
        if (deal.state !== state || done) return 0;
        await tx.insert(dealEvents).values({
          dealId: id,
          action: 'reminder',
          actor: 'timer',
          fromState: state,
          toState: state,
          detail: {},
        });
        await remind(tx, events, deal);
        return 1;
      });
  }
  return sent;
}
