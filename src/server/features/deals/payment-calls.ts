import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PaymentCall } from '../../../shared/payments/schema.ts';
import type { Money } from '../../../shared/payments/money.ts';
import { recordAudit, type OperatorActor } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { cursorTime, decodeCursor, encodeCursor, olderThan } from '../../platform/db/paging.ts';
import { paymentOutbox, tasks, deals } from '../../platform/db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';

/*
 * The console's view of the payment outbox: the refunds and transfers the provider has not
 * made. A failed call (refused for good, or out of attempts) waits for an operator; "Try
 * again" puts it back in the queue with its own idempotency key, so the provider still moves
 * the money at most once.
 */

const failing = {
  failed: eq(paymentOutbox.status, 'failed'),
  retrying: and(
    inArray(paymentOutbox.status, ['pending', 'sending']),
    gt(paymentOutbox.attempts, 0),
  ),
} as const;

/** One page of the calls in `status`, newest first. */
export async function paymentCallList(
  db: Db,
  query: { status: keyof typeof failing; cursor?: string | undefined; limit: number },
) {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (query.cursor && !cursor) throw badRequest('Unknown cursor.');
  const rows = await db
    .select({
      id: paymentOutbox.id,
      kind: paymentOutbox.kind,
      dealId: paymentOutbox.dealId,
      taskTitle: tasks.title,
      input: paymentOutbox.input,
      status: paymentOutbox.status,
      attempts: paymentOutbox.attempts,
      lastError: paymentOutbox.lastError,
      createdAt: paymentOutbox.createdAt,
      at: cursorTime(paymentOutbox.createdAt),
      nextAttemptAt: paymentOutbox.nextAttemptAt,
    })
    .from(paymentOutbox)
    .leftJoin(deals, eq(deals.id, paymentOutbox.dealId))
    .leftJoin(tasks, eq(tasks.id, deals.taskId))
    .where(
      and(
        failing[query.status],
        cursor ? olderThan(paymentOutbox.createdAt, paymentOutbox.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(paymentOutbox.createdAt), desc(paymentOutbox.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r): PaymentCall => ({
      id: r.id,
      kind: r.kind,
      dealId: r.dealId,
      taskTitle: r.taskTitle,
      amount: r.input.amount as Money,
      // The filters above never select a call that is done.
      status: r.status as PaymentCall['status'],
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      nextAttemptAt: r.status === 'failed' ? null : r.nextAttemptAt.toISOString(),
    })),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
  };
}

/**
 * Puts a failed call back in the queue, due now with its attempts counted afresh, and writes
 * the audit row in the same transaction. 404 for an unknown call, 409 for one not failed.
 */
export async function retryPaymentCall(
  db: Db,
  id: string,
  actor: OperatorActor,
  reason: string,
): Promise<void> {
  if (!isUuid(id)) throw notFound('No such payment call.');
  await db.transaction(async (tx) => {
    const [call] = await tx
      .select({ status: paymentOutbox.status, attempts: paymentOutbox.attempts })
      .from(paymentOutbox)
      .where(eq(paymentOutbox.id, id))
      .for('update');
    if (!call) throw notFound('No such payment call.');
    if (call.status !== 'failed') {
      throw conflict('Only a failed payment call can be tried again.', 'NOT_FAILED');
    }
    await tx
      .update(paymentOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
      .where(eq(paymentOutbox.id, id));
    await recordAudit(tx, actor, {
      action: 'payment-call.retried',
      target: { type: 'payment-call', id },
      before: { status: 'failed', attempts: call.attempts },
      after: { status: 'pending', attempts: 0 },
      reason,
    });
  });
}
