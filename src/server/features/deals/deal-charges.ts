import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { conflict } from '../../platform/http/errors.ts';
import { dealEvents, deals } from '../../platform/db/schema.ts';

/*
 * A deal's charges at the processor and what is left of each: the payment, then one charge
 * per raised price (decision 0651). Read from the deal's timeline, where every charge and
 * every refund is written with its charge id, so no table of its own is needed.
 */

/** One charge of a deal: its amount and how much of it went back (cents). */
export interface DealCharge {
  chargeId: string;
  amount: number;
  refunded: number;
}

/** A part of a refund or transfer: the charge it comes from and how much. */
export interface ChargePart {
  chargeId: string;
  amount: number;
}

type TimelineRow = Pick<typeof dealEvents.$inferSelect, 'action' | 'fromState' | 'toState'> & {
  detail: Record<string, unknown>;
};

const num = (value: unknown) => (typeof value === 'number' ? value : 0);

/** 409: the charges no longer hold the amount (a refund made at the processor took some). */
const notEnough = (amount: number, rest: number) =>
  conflict(
    `The payment’s charges hold ${amount - rest} cents, not ${amount}: an operator must settle it.`,
    'CHARGES_SHORT',
  );

/**
 * Splits `amount` over the charges, newest first, within what is left of each: the order of
 * refunds (a raise's charge goes back before the payment's).
 */
export function refundParts(charges: readonly DealCharge[], amount: number): ChargePart[] {
  const parts: ChargePart[] = [];
  let rest = amount;
  for (const charge of [...charges].reverse()) {
    const take = Math.min(rest, charge.amount - charge.refunded);
    if (take > 0) parts.push({ chargeId: charge.chargeId, amount: take });
    rest -= Math.max(take, 0);
  }
  if (rest > 0) throw notEnough(amount, rest);
  return parts;
}

/**
 * Splits a transfer of `amount` over the charges, oldest first, within what is left of each
 * after refunds: Stripe takes one `source_transaction` per transfer, and a transfer from a
 * charge may not pass it.
 */
export function transferParts(charges: readonly DealCharge[], amount: number): ChargePart[] {
  const parts: ChargePart[] = [];
  let rest = amount;
  for (const charge of charges) {
    const take = Math.min(rest, charge.amount - charge.refunded);
    if (take > 0) parts.push({ chargeId: charge.chargeId, amount: take });
    rest -= Math.max(take, 0);
  }
  if (rest > 0) throw notEnough(amount, rest);
  return parts;
}

/** Takes refunded parts off the charges they name (in place). */
function takeParts(charges: DealCharge[], parts: readonly ChargePart[]) {
  for (const part of parts) {
    const charge = charges.find((c) => c.chargeId === part.chargeId);
    if (charge) charge.refunded += part.amount;
  }
}

/**
 * The charges a timeline describes, oldest first. A step's `detail.refunds` names the charges
 * its refund came from; a refund written before charges were named (`detail.refunded` alone)
 * is taken newest first, as it was made.
 */
export function chargesOf(firstChargeId: string | null, timeline: readonly TimelineRow[]) {
  const charges: DealCharge[] = [];
  let firstAmount = 0;
  for (const event of timeline) {
    const d = event.detail;
    if (event.action === 'create') firstAmount = num(d.posterPays);
    if (event.fromState === 'awaiting-payment' && event.toState === 'funded') {
      const chargeId = (d.chargeId as string | undefined) ?? firstChargeId;
      if (chargeId) charges.push({ chargeId, amount: num(d.paid) || firstAmount, refunded: 0 });
    } else if (typeof d.chargeId === 'string' && num(d.difference) > 0) {
      charges.push({ chargeId: d.chargeId, amount: num(d.difference), refunded: 0 });
    }
    if (Array.isArray(d.refunds)) takeParts(charges, d.refunds as ChargePart[]);
    else if (num(d.refunded) > 0) takeParts(charges, refundParts(charges, num(d.refunded)));
  }
  return charges;
}

/** The deal's charges, oldest first, with what is left of each (read under the deal's lock). */
export async function dealCharges(
  tx: Db,
  deal: { id: string; chargeId: string | null },
): Promise<DealCharge[]> {
  const timeline = await tx
    .select({
      action: dealEvents.action,
      fromState: dealEvents.fromState,
      toState: dealEvents.toState,
      detail: dealEvents.detail,
    })
    .from(dealEvents)
    .where(eq(dealEvents.dealId, deal.id))
    .orderBy(asc(dealEvents.id));
  return chargesOf(deal.chargeId, timeline);
}

/**
 * The statement finding the deal a processor's charge paid for: the deal's own charge, or a
 * charge its timeline names (a raise's), each through its index (decision 0672).
 */
export const dealOfChargeQuery = (tx: Db, chargeId: string) =>
  tx
    .select({ id: deals.id })
    .from(deals)
    .where(eq(deals.chargeId, chargeId))
    .unionAll(
      tx
        .select({ id: dealEvents.dealId })
        .from(dealEvents)
        .where(sql`(${dealEvents.detail} ->> 'chargeId') = ${chargeId}`),
    )
    .limit(1);

/** The deal a processor's charge paid for, when it is one of ours. */
export async function dealOfCharge(tx: Db, chargeId: string): Promise<string | null> {
  const [row] = await dealOfChargeQuery(tx, chargeId);
  return row?.id ?? null;
}

/** Whether a chargeback on one of the deal's charges is open (its money steps wait). */
export async function chargebackOpen(tx: Db, dealId: string): Promise<boolean> {
  const rows = await tx
    .select({ action: dealEvents.action })
    .from(dealEvents)
    .where(
      and(
        eq(dealEvents.dealId, dealId),
        sql`${dealEvents.action} in ('chargeback-opened', 'chargeback-won', 'chargeback-lost')`,
      ),
    )
    .orderBy(asc(dealEvents.id));
  const opened = rows.filter((r) => r.action === 'chargeback-opened').length;
  return opened > rows.length - opened;
}
