import type { Fault, MoneyAction } from '../../../shared/payments/deal-machine.ts';
import type { Currency } from '../../../shared/payments/money.ts';
import type { Db } from '../../platform/db/client.ts';
import { accountFor, postTransaction, type LedgerTransaction } from '../payments/index.ts';

/** The figures of a deal the money moves read (cents, frozen when the deal was made). */
export interface DealMoney {
  id: string;
  workerId: string;
  currency: Currency;
  price: number;
  bookingFee: number;
  serviceFee: number;
  posterPays: number;
  workerReceives: number;
  workerCredited: number | null;
}

/** What a move needs beyond the deal: a split's share of the price, a cancellation's fault. */
export interface MoveInput {
  /** Cents of the price an operator gives the worker in a split (1 … price − 1). */
  workerShare?: number;
  fault?: Fault | null;
  /** A refund after a cancellation both sides agreed on (the booking fee follows the fault). */
  agreed?: boolean;
  /** A settlement's: what the short escrow holds (its `workerShare` 0 for all back). */
  held?: number;
}

/**
 * The service fee on a share of the price: the deal's fee in proportion, rounded half-up
 * (as BigInts: fee × share passes what a number holds exactly).
 */
export function serviceFeeOnShare(deal: Pick<DealMoney, 'price' | 'serviceFee'>, share: number) {
  const price = BigInt(deal.price);
  return Number((2n * BigInt(deal.serviceFee) * BigInt(share) + price) / (2n * price));
}

/** What the poster gets back in a refund: all they paid, less the booking fee if at fault. */
export function refundOf(deal: DealMoney, input: MoveInput): number {
  return input.agreed && input.fault === 'owner' ? deal.price : deal.posterPays;
}

/** The idempotency key of a deal's money move: one per deal and kind of move, forever. */
export const moveKey = (dealId: string, money: MoneyAction) => `deal:${dealId}:${money}`;

/**
 * Posts the ledger transaction of `money` for the deal (none for `none`). Returns what the
 * worker was credited (release, split) and the amount that went back to the card (refund,
 * split), for the deal row and the provider.
 */
export async function moveMoney(
  tx: Db,
  deal: DealMoney,
  money: MoneyAction,
  input: MoveInput = {},
): Promise<{ transaction: LedgerTransaction | null; credited?: number; refunded?: number }> {
  if (money === 'none') return { transaction: null };
  const account = async (kind: Parameters<typeof accountFor>[1], owner: string | null = null) =>
    (await accountFor(tx, kind, owner, deal.currency)).id;
  const cents = (amount: number) => ({ amount, currency: deal.currency });
  const escrow = await account('escrow', deal.id);
  const lines: { account: string; amount: number }[] = [];
  let credited: number | undefined;
  let refunded: number | undefined;

  if (money === 'fund') {
    lines.push({ account: await account('card'), amount: -deal.posterPays });
    lines.push({ account: escrow, amount: deal.posterPays });
  } else if (money === 'release' || money === 'split') {
    const share = money === 'release' ? deal.price : input.workerShare!;
    const fee = money === 'release' ? deal.serviceFee : serviceFeeOnShare(deal, share);
    credited = share - fee;
    refunded = deal.price - share;
    lines.push({ account: escrow, amount: -deal.posterPays });
    lines.push({ account: await account('earnings', deal.workerId), amount: credited });
    lines.push({ account: await account('platform-fees'), amount: deal.bookingFee + fee });
    if (refunded > 0) lines.push({ account: await account('card'), amount: refunded });
  } else if (money === 'settle') {
    // What is held, short: the worker's share less its service fee, the platform the booking
    // fee and that fee whenever the worker is paid, the rest back to the card (decision 0670).
    const share = input.workerShare ?? 0;
    const fee = share ? serviceFeeOnShare(deal, share) : 0;
    const kept = share ? deal.bookingFee + fee : 0;
    if (share) credited = share - fee;
    refunded = input.held! - share - (share ? deal.bookingFee : 0);
    lines.push({ account: escrow, amount: -input.held! });
    if (share) lines.push({ account: await account('earnings', deal.workerId), amount: credited! });
    if (kept) lines.push({ account: await account('platform-fees'), amount: kept });
    lines.push({ account: await account('card'), amount: refunded });
  } else if (money === 'refund') {
    refunded = refundOf(deal, input);
    lines.push({ account: escrow, amount: -deal.posterPays });
    lines.push({ account: await account('card'), amount: refunded });
    if (deal.posterPays > refunded)
      lines.push({ account: await account('platform-fees'), amount: deal.posterPays - refunded });
  } else {
    lines.push({
      account: await account('earnings', deal.workerId),
      amount: -deal.workerCredited!,
    });
    lines.push({ account: await account('payouts'), amount: deal.workerCredited! });
  }

  const transaction = await postTransaction(tx, {
    idempotencyKey: moveKey(deal.id, money),
    kind: money,
    ref: deal.id,
    postings: lines
      .filter((l) => l.amount !== 0)
      .map((l) => ({ account: l.account, amount: cents(l.amount) })),
    metadata: {
      dealId: deal.id,
      ...(credited !== undefined ? { credited } : {}),
      ...(refunded !== undefined ? { refunded } : {}),
      ...(input.held !== undefined ? { held: input.held } : {}),
    },
  });
  return { transaction, credited, refunded };
}

/**
 * A price change's name: the ledger key of its difference, keyed by the deal's version before
 * it; its charge, refund and the processor's metadata name it too.
 */
export const priceChangeKey = (deal: { id: string; version: number }) =>
  `deal:${deal.id}:price:${deal.version}`;

/**
 * The difference of a changed price between the poster's card and the deal's escrow: in
 * (a raise, `difference` > 0) or back out (a lowered price). One transaction per change, keyed
 * by the deal's version before it (a replay of the same change posts nothing again).
 */
export async function movePriceDifference(
  tx: Db,
  deal: Pick<DealMoney, 'id' | 'currency'> & { version: number },
  difference: number,
): Promise<LedgerTransaction> {
  const cents = (amount: number) => ({ amount, currency: deal.currency });
  const card = (await accountFor(tx, 'card', null, deal.currency)).id;
  const escrow = (await accountFor(tx, 'escrow', deal.id, deal.currency)).id;
  return postTransaction(tx, {
    idempotencyKey: priceChangeKey(deal),
    kind: difference > 0 ? 'price-increase' : 'price-decrease',
    ref: deal.id,
    postings: [
      { account: card, amount: cents(-difference) },
      { account: escrow, amount: cents(difference) },
    ],
    metadata: { dealId: deal.id, difference },
  });
}

type AccountKind = Parameters<typeof accountFor>[1];

/** One line of a deal's transaction: an account (kind and owner) and signed cents. */
export type DealLine = [kind: AccountKind, owner: string | null, amount: number];

/**
 * Posts one balanced transaction of the deal's under `key` (a replay posts nothing again):
 * the lines' zero amounts are left out. For the moves the processor's side decides (its fee,
 * a late payment, a refund or chargeback made there, a reversed transfer).
 */
export async function postDealLines(
  tx: Db,
  deal: { id: string; currency: Currency },
  idempotencyKey: string,
  kind: string,
  lines: readonly DealLine[],
  metadata: Record<string, unknown> = {},
): Promise<LedgerTransaction> {
  const postings = [];
  for (const [account, owner, amount] of lines)
    if (amount !== 0)
      postings.push({
        account: (await accountFor(tx, account, owner, deal.currency)).id,
        amount: { amount, currency: deal.currency },
      });
  return postTransaction(tx, {
    idempotencyKey,
    kind,
    ref: deal.id,
    postings,
    metadata: { dealId: deal.id, ...metadata },
  });
}

/**
 * The processor's fee on one of the deal's charges: the platform's cost, out of its fee
 * income into `processor-fees`. The deal's escrow is not touched: the poster's payment is
 * held whole, whatever the processor kept.
 */
export const recordProcessorFee = (
  tx: Db,
  deal: { id: string; currency: Currency },
  chargeId: string,
  fee: number,
) =>
  postDealLines(
    tx,
    deal,
    `deal:${deal.id}:processor-fee:${chargeId}`,
    'processor-fee',
    [
      ['processor-fees', null, fee],
      ['platform-fees', null, -fee],
    ],
    { chargeId, fee },
  );

/**
 * A chargeback's fees (decision 0671): each of the dispute's balance transactions with a fee
 * is posted once, under its own key, as the processor's fee is: a fee taken is the platform's
 * cost (`dispute-fee`), a fee given back (a dispute won) returns it (`dispute-fee-returned`).
 * A replayed event, or the same balance transaction in a later one, posts nothing again.
 */
export async function recordDisputeFees(
  tx: Db,
  deal: { id: string; currency: Currency },
  disputeId: string,
  fees: readonly { id: string; fee: { amount: number; currency: Currency } }[],
) {
  for (const { id, fee } of fees)
    if (fee.amount !== 0)
      await postDealLines(
        tx,
        { id: deal.id, currency: fee.currency },
        `deal:${deal.id}:dispute-fee:${id}`,
        fee.amount > 0 ? 'dispute-fee' : 'dispute-fee-returned',
        [
          ['processor-fees', null, fee.amount],
          ['platform-fees', null, -fee.amount],
        ],
        { disputeId, balanceTransaction: id, fee: fee.amount },
      );
}
