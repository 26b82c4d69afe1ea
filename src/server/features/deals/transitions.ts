import { eq, sql } from 'drizzle-orm';
import {
  DEAL_TRANSITIONS,
  DealTransitionError,
  nextState,
  type DealAction,
  type DealActor,
  type DealSide,
  type Fault,
} from '../../../shared/payments/deal-machine.ts';
import type { Role } from '../../../shared/operators/roles.ts';
import { mayChangePrice } from '../../../shared/payments/price-change.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { dealEvents, deals } from '../../platform/db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { EventPublisher } from '../../platform/events/bus.ts';
import { LedgerError } from '../payments/index.ts';
import { awardPaidBid, reopenBid } from '../tasks/index.ts';
import {
  chargebackOpen,
  dealCharges,
  refundParts,
  transferParts,
  type ChargePart,
} from './deal-charges.ts';
import { announceStep } from './notices.ts';
import { moveMoney } from './money.ts';
import { callProvider } from './outbox.ts';
import type { PaymentProvider } from './provider.ts';
import { settlement } from './settle.ts';

export const DEAL_NOT_FOUND = 'No such deal.';
export const NOT_YOUR_DEAL = 'Only the poster and the worker of this deal may do this.';

/**
 * Who performs a transition: a side (`id` the person's; null when the provider acts for the
 * owner, as when their payment arrives), an operator (with their role, for the audit log) or
 * a timer.
 */
export interface ActorRef {
  kind: DealActor;
  id: string | null;
  role?: Role;
  requestId?: string;
  /** How the timeline names it, when not the kind: `provider`. */
  label?: string;
}

export interface TransitionInput {
  reason?: string;
  fault?: Fault;
  workerShare?: number;
  chargeId?: string;
}

export type DealRow = typeof deals.$inferSelect;

/** What a deal's steps work with: the payment provider and where events go. */
export interface DealContext {
  provider: PaymentProvider;
  events: EventPublisher;
}

/** The deal, locked for the rest of the transaction: every write to a deal starts here. */
export async function lockDeal(tx: Db, dealId: string): Promise<DealRow> {
  const [deal] = isUuid(dealId)
    ? await tx.select().from(deals).where(eq(deals.id, dealId)).for('update')
    : [];
  if (!deal) throw notFound(DEAL_NOT_FOUND);
  return deal;
}

/** The side `userId` is on in the deal, or null. */
export const sideOf = (deal: DealRow, userId: string): DealSide | null =>
  deal.ownerId === userId ? 'owner' : deal.workerId === userId ? 'worker' : null;

/** The side a per-side action names (`owner-requests-cancellation…`), if any. */
const namedSide = (action: DealAction): DealSide | null =>
  action.startsWith('owner-') ? 'owner' : action.startsWith('worker-') ? 'worker' : null;

/**
 * Performs `action` on the deal, locked, in the caller's transaction: checks it against the
 * deal machine (403 not theirs, 409 not now), moves the money (one ledger transaction under
 * the deal's key, and the provider's refund or transfer), moves the state, writes the
 * timeline and, for an operator, the audit log; awards the work once paid (or puts the bid
 * back to pending when it never was), and tells both sides and the task's pages. Returns the deal as it now is. A network
 * provider's refund or transfer is written to the payment outbox, made once this commits.
 */
export async function transition(
  tx: Db,
  { provider, events }: DealContext,
  dealId: string,
  action: DealAction,
  actor: ActorRef,
  input: TransitionInput = {},
): Promise<DealRow> {
  const deal = await lockDeal(tx, dealId);
  if ((actor.kind === 'owner' || actor.kind === 'worker') && actor.id !== null)
    if (sideOf(deal, actor.id) !== actor.kind) throw forbidden(NOT_YOUR_DEAL);
  let to;
  try {
    to = nextState(deal, action, actor.kind);
  } catch (err) {
    if (!(err instanceof DealTransitionError)) throw err;
    if (err.refusal === 'forbidden') throw forbidden(err.message);
    throw conflict(err.message, 'INVALID_STATE');
  }
  const rule = DEAL_TRANSITIONS[action];
  if (rule.reason && !input.reason?.trim()) throw badRequest('Please give a reason.');
  const requestsCancellation = to === 'cancellation-requested';
  if (requestsCancellation && !input.fault) throw badRequest('Say whose fault it is.');
  if (rule.money === 'split') {
    const share = input.workerShare ?? 0;
    if (!Number.isSafeInteger(share) || share < 1 || share >= deal.price)
      throw badRequest(`A split gives the worker 1 to ${deal.price - 1} cents of the price.`);
  }

  // A chargeback open on one of its charges holds the deal's money where it is.
  if (rule.money !== 'none' && rule.money !== 'fund' && (await chargebackOpen(tx, dealId)))
    throw conflict(
      'A chargeback on this payment is open: its money stays until the bank decides.',
      'CHARGEBACK_OPEN',
    );
  const settled =
    rule.money === 'settle' ? await settlement(tx, deal, action, input.workerShare) : null;
  const charges = rule.money === 'fund' ? [] : await dealCharges(tx, deal);
  if (rule.money === 'payout')
    for (const part of charges.length
      ? transferParts(charges, deal.workerCredited!)
      : [{ chargeId: null, amount: deal.workerCredited! }])
      await callProvider(tx, provider, {
        kind: 'transfer',
        dealId,
        payeeId: deal.workerId,
        chargeId: part.chargeId,
        amount: { amount: part.amount, currency: deal.currency },
        idempotencyKey: `deal:${dealId}:transfer${part.chargeId ? `:${part.chargeId}` : ''}`,
      });
  const moved = await moveMoney(tx, deal, rule.money, {
    workerShare: settled?.share ?? input.workerShare,
    held: settled?.held,
    fault: deal.cancellationFault,
    agreed: action.includes('agrees-cancellation'),
  }).catch((err: unknown) => {
    // States the ledger refuses (never reached while the machine holds): a 409, not a 500.
    if (
      err instanceof LedgerError &&
      ['INSUFFICIENT_FUNDS', 'IDEMPOTENCY_CONFLICT'].includes(err.code)
    )
      throw conflict(err.message, err.code);
    throw err;
  });
  const refunds = moved.refunded && charges.length ? refundParts(charges, moved.refunded) : [];
  await refundCharges(tx, provider, deal, refunds, `deal:${dealId}:provider-refund`);
  const side =
    namedSide(action) ?? (actor.kind === 'owner' || actor.kind === 'worker' ? actor.kind : null);
  const [updated] = await tx
    .update(deals)
    .set({
      state: to,
      stateSince: sql`now()`,
      version: sql`${deals.version} + 1`,
      ...(rule.money === 'fund' ? { chargeId: input.chargeId ?? null } : {}),
      ...(moved.credited !== undefined ? { workerCredited: moved.credited } : {}),
      // A price increase asked for lapses once the deal leaves the states a price changes in.
      ...(mayChangePrice(to) ? {} : { requestedPrice: null }),
      ...(requestsCancellation
        ? { cancellationRequestedBy: side, cancellationFault: input.fault }
        : {}),
    })
    .where(eq(deals.id, dealId))
    .returning();
  const detail = {
    ...(moved.transaction ? { ledger: moved.transaction.id } : {}),
    ...(rule.money === 'fund' ? { chargeId: input.chargeId ?? null, paid: deal.posterPays } : {}),
    ...(refunds.length ? { refunds } : {}),
    ...(moved.credited !== undefined ? { credited: moved.credited } : {}),
    ...(moved.refunded ? { refunded: moved.refunded } : {}),
    ...(settled ? { held: settled.held, expected: deal.posterPays } : {}),
    ...(requestsCancellation ? { fault: input.fault } : {}),
  };
  await tx.insert(dealEvents).values({
    dealId,
    action,
    actor: actor.label ?? actor.kind,
    actorId: actor.id,
    fromState: deal.state,
    toState: to,
    reason: input.reason?.trim() ?? null,
    detail,
  });
  // Paid, the work is awarded; never paid, the bid is pending again (shared/lifecycle.ts).
  if (deal.state === 'awaiting-payment')
    await (to === 'funded' ? awardPaidBid : reopenBid)(tx, events, deal.bidId);
  await announceStep(tx, events, updated!, {
    from: deal.state,
    actorId: actor.id,
    reason: input.reason?.trim() ?? null,
  });
  await auditDealStep(tx, actor, dealId, action, {
    before: { state: deal.state },
    after: { state: to, ...detail },
    reason: input.reason?.trim() ?? null,
  });
  return updated!;
}

/**
 * Refunds the parts of a refund, each from its own charge, under `key:<charge id>` (the
 * sandbox at once, a network provider through the payment outbox).
 */
export async function refundCharges(
  tx: Db,
  provider: PaymentProvider,
  deal: Pick<DealRow, 'id' | 'currency'>,
  parts: readonly ChargePart[],
  key: string,
) {
  for (const part of parts)
    await callProvider(tx, provider, {
      kind: 'refund',
      dealId: deal.id,
      chargeId: part.chargeId,
      amount: { amount: part.amount, currency: deal.currency },
      idempotencyKey: `${key}:${part.chargeId}`,
    });
}

/** An operator's step on a deal, written to the audit log (`deal.<action>`); others not. */
export async function auditDealStep(
  tx: Db,
  actor: ActorRef,
  dealId: string,
  action: string,
  entry: { before: Record<string, unknown>; after: Record<string, unknown>; reason: string | null },
) {
  if (actor.kind !== 'operator') return;
  await recordAudit(
    tx,
    { id: actor.id!, role: actor.role!, requestId: actor.requestId },
    { action: `deal.${action}`, target: { type: 'deal', id: dealId }, ...entry },
  );
}
