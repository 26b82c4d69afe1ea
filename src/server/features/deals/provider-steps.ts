import { and, eq, sql } from 'drizzle-orm';
import {
  HOLDING_STATES,
  type DealState,
  type ProviderStep,
} from '../../../shared/payments/deal-machine.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { dealEvents, deals } from '../../platform/db/schema.ts';
import { balanceOf, accountFor } from '../payments/index.ts';
import { postDealLines } from './money.ts';
import { announceStep } from './notices.ts';
import type { DealContext, DealRow } from './transitions.ts';

/*
 * The steps the card processor's side takes on a deal (provider-events.ts applies its
 * events): its timeline entries, and money it gave back without our asking.
 */

const HOLDING: readonly DealState[] = HOLDING_STATES;

/** The deal locked, or null when the id names none. */
export async function lockedOrNull(tx: Db, dealId: string | null): Promise<DealRow | null> {
  if (!dealId || !isUuid(dealId)) return null;
  const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
  return deal ?? null;
}

/** Whether the deal's timeline has `action` with `detail[key] = value` (an event seen before). */
export async function onTimeline(
  tx: Db,
  dealId: string,
  action: string,
  key: string,
  value: string,
) {
  const [row] = await tx
    .select({ id: dealEvents.id })
    .from(dealEvents)
    .where(
      and(
        eq(dealEvents.dealId, dealId),
        eq(dealEvents.action, action),
        sql`${dealEvents.detail}->>${key} = ${value}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Writes a processor's step on the timeline (actor `provider`), moving the deal to `to` when
 * that differs (then both sides are told, as for any step), and refreshes the task's pages.
 */
export async function providerStep(
  tx: Db,
  ctx: DealContext,
  deal: DealRow,
  action: ProviderStep,
  detail: Record<string, unknown>,
  to: DealState = deal.state,
) {
  await tx.insert(dealEvents).values({
    dealId: deal.id,
    action,
    actor: 'provider',
    actorId: null,
    fromState: deal.state,
    toState: to,
    detail,
  });
  if (to === deal.state) {
    await ctx.events.publish(tx, { type: 'deal.changed', taskId: deal.taskId, dealId: deal.id });
    return;
  }
  const [moved] = await tx
    .update(deals)
    .set({
      state: to,
      stateSince: sql`now()`,
      version: sql`${deals.version} + 1`,
      requestedPrice: null,
    })
    .where(eq(deals.id, deal.id))
    .returning();
  await announceStep(tx, ctx.events, moved!, { from: deal.state, actorId: null, reason: null });
}

/**
 * Money the poster got back at the processor without our asking (a refund in its dashboard,
 * a chargeback lost): out of the deal's escrow as far as it holds it, the rest a loss of the
 * platform's (the worker was credited already), back to the card. A deal holding money that
 * is left with none is cancelled; otherwise operators must look (the timeline's
 * `attention`). `refunds` names the charge, so later refunds and transfers leave it out.
 */
export async function moneyBackAtProvider(
  tx: Db,
  ctx: DealContext,
  deal: DealRow,
  action: 'refunded-at-provider' | 'chargeback-lost',
  key: string,
  chargeId: string,
  amount: number,
  detail: Record<string, unknown>,
) {
  const escrow = await balanceOf(tx, (await accountFor(tx, 'escrow', deal.id, deal.currency)).id);
  const fromEscrow = Math.min(amount, escrow.amount);
  const ledger = await postDealLines(
    tx,
    deal,
    key,
    action === 'chargeback-lost' ? 'chargeback' : 'correction',
    [
      ['escrow', deal.id, -fromEscrow],
      ['platform-fees', null, fromEscrow - amount],
      ['card', null, amount],
    ],
    { chargeId, amount },
  );
  const emptied = HOLDING.includes(deal.state) && escrow.amount === fromEscrow;
  await providerStep(
    tx,
    ctx,
    deal,
    action,
    {
      ...detail,
      refunds: [{ chargeId, amount }],
      ledger: ledger.id,
      platformLoss: amount - fromEscrow,
      attention: !emptied,
    },
    emptied ? 'cancelled' : deal.state,
  );
}
