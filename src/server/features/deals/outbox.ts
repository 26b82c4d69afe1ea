import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Money } from '../../../shared/payments/money.ts';
import type { Db } from '../../platform/db/client.ts';
import { paymentOutbox } from '../../platform/db/schema.ts';
import { ProviderError, type PaymentProvider } from './provider.ts';

/** A claimed call is its worker's for this long; then it is due again (the worker died). */
const LEASE_MS = 5 * 60_000;
/** The first retry waits this long, each later one twice as long, up to MAX_DELAY_MS. */
export const RETRY_BASE_MS = 30_000;
const MAX_DELAY_MS = 6 * 3600_000;
/** Attempts before a call is marked failed for an operator to look at. */
export const MAX_ATTEMPTS = 12;
const BATCH = 20;

export type OutboxCall =
  | { kind: 'refund'; dealId: string; chargeId: string; amount: Money; idempotencyKey: string }
  | {
      kind: 'transfer';
      dealId: string;
      payeeId: string;
      chargeId: string | null;
      amount: Money;
      idempotencyKey: string;
    };

/**
 * Makes a provider's refund or transfer: a direct provider (the sandbox) at once in the
 * caller's transaction; a network one by writing the call to the payment outbox in that
 * transaction, made after it commits by `runPaymentOutbox`. A key written twice is one call.
 */
export async function callProvider(tx: Db, provider: PaymentProvider, call: OutboxCall) {
  const { kind, dealId, idempotencyKey, ...input } = call;
  if (provider.direct) {
    if (call.kind === 'refund') await provider.refund(tx, call);
    else await provider.transfer(tx, call);
    return;
  }
  await tx
    .insert(paymentOutbox)
    .values({ kind, dealId, idempotencyKey, input })
    .onConflictDoNothing({ target: paymentOutbox.idempotencyKey });
}

/** How long the retry after `attempts` failed attempts waits. */
export const retryDelayMs = (attempts: number) =>
  Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);

/**
 * Makes the outbox's due calls, each with its stored idempotency key (so a retry, or a call
 * whose answer was lost, moves the money once). Claimed with FOR UPDATE SKIP LOCKED: every
 * instance may run this. A call the provider refuses for good, or that ran out of attempts,
 * is marked `failed`; any other error is retried with a doubling delay. Returns the calls done.
 */
export async function runPaymentOutbox(db: Db, provider: PaymentProvider): Promise<number> {
  const due = db
    .select({ id: paymentOutbox.id })
    .from(paymentOutbox)
    .where(
      and(
        inArray(paymentOutbox.status, ['pending', 'sending']),
        lte(paymentOutbox.nextAttemptAt, sql`now()`),
      ),
    )
    .orderBy(asc(paymentOutbox.nextAttemptAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(paymentOutbox)
    .set({
      status: 'sending',
      attempts: sql`${paymentOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_MS / 1000})`,
    })
    .where(inArray(paymentOutbox.id, due))
    .returning();
  let done = 0;
  for (const row of claimed) {
    const mine = and(eq(paymentOutbox.id, row.id), eq(paymentOutbox.status, 'sending'));
    const call = { ...row.input, dealId: row.dealId, idempotencyKey: row.idempotencyKey };
    try {
      const result =
        row.kind === 'refund'
          ? await provider.refund(db, call as Extract<OutboxCall, { kind: 'refund' }>)
          : await provider.transfer(db, call as Extract<OutboxCall, { kind: 'transfer' }>);
      await db
        .update(paymentOutbox)
        .set({ status: 'done', resultId: result.id, doneAt: sql`now()`, lastError: null })
        .where(mine);
      done += 1;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final =
        (err instanceof ProviderError && err.code === 'REFUSED') || row.attempts >= MAX_ATTEMPTS;
      await db
        .update(paymentOutbox)
        .set({
          status: final ? 'failed' : 'pending',
          lastError: message.slice(0, 2000),
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelayMs(row.attempts) / 1000})`,
        })
        .where(mine);
    }
  }
  return done;
}
