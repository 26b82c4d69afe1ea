import { and, count, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieFrom, jsonHeaders } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { seedDemo } from '../../demo/seed.ts';
import { DEMO_PASSWORD } from '../../demo/seed-data.ts';
import {
  bids,
  deals,
  ledgerAccounts,
  ledgerTransactions,
  tasks,
  user,
} from '../../platform/db/schema.ts';
import { reconcile } from '../payments/index.ts';
import { DEMO_DEAL_STEPS } from './demo.ts';

/** The states whose escrow holds the deal's whole payment. */
const HELD = ['funded', 'payment-requested', 'cancellation-requested', 'disputed'];

describe('demo seed with the payments sandbox', () => {
  const t = useTestApp({ PAYMENTS: 'sandbox' });
  const db = () => t.app.database.db;

  it('makes one deal in each state, through the ledger, balanced, escrow as the state says', async () => {
    await seedDemo(db(), t.app.config.payments);
    const made = await db()
      .select({ deal: deals, escrow: ledgerAccounts.balance, task: tasks, bid: bids })
      .from(deals)
      .leftJoin(
        ledgerAccounts,
        and(eq(ledgerAccounts.kind, 'escrow'), sql`${ledgerAccounts.ownerId} = ${deals.id}::text`),
      )
      .innerJoin(tasks, eq(tasks.id, deals.taskId))
      .innerJoin(bids, eq(bids.id, deals.bidId));
    expect(made.map((m) => m.deal.state).sort()).toEqual(Object.keys(DEMO_DEAL_STEPS).sort());
    for (const { deal, escrow, task, bid } of made) {
      expect(bid.status).toBe('accepted');
      expect(escrow ?? 0).toBe(HELD.includes(deal.state) ? deal.posterPays : 0);
      // Paid, the work was awarded to the deal's worker; unpaid, the task is still open.
      expect(task.assigneeId).toBe(deal.state === 'awaiting-payment' ? null : deal.workerId);
      const keys = await db()
        .select({ key: ledgerTransactions.idempotencyKey })
        .from(ledgerTransactions)
        .where(like(ledgerTransactions.idempotencyKey, `deal:${deal.id}:%`));
      const expected = {
        'awaiting-payment': [],
        funded: ['fund', 'processor-fee'],
        'payment-requested': ['fund', 'processor-fee'],
        'cancellation-requested': ['fund', 'processor-fee'],
        disputed: ['fund', 'processor-fee'],
        released: ['fund', 'processor-fee', 'release'],
        'paid-out': ['fund', 'payout', 'processor-fee', 'release'],
        cancelled: ['fund', 'processor-fee', 'refund'],
      }[deal.state as string];
      expect(keys.map((k) => k.key.split(':')[2]).sort()).toEqual(expected);
    }
    const { totals, mismatched } = await reconcile(db());
    expect(mismatched).toEqual([]);
    expect(Object.values(totals).every((total) => total === 0)).toBe(true);

    // Run again: nothing added, nothing posted twice.
    const [before] = await db().select({ n: count() }).from(ledgerTransactions);
    expect((await seedDemo(db(), t.app.config.payments)).tasks).toBe(0);
    const [after] = await db().select({ n: count() }).from(ledgerTransactions);
    expect(after).toEqual(before);

    // The paid-out worker's Earnings show the payout.
    const paidOut = made.find((m) => m.deal.state === 'paid-out')!.deal;
    const [worker] = await db()
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, paidOut.workerId));
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: jsonHeaders(),
      payload: { email: worker!.email, password: DEMO_PASSWORD },
    });
    const earnings = await t.app.inject({
      method: 'GET',
      url: '/api/payments/earnings',
      headers: jsonHeaders(cookieFrom(signIn.headers['set-cookie'])),
    });
    expect(earnings.statusCode).toBe(200);
    expect(earnings.json().paidOut.amount).toBeGreaterThanOrEqual(paidOut.workerReceives);
  });
});

describe('demo seed with payments off', () => {
  const t = useTestApp();

  it('makes no deal', async () => {
    await seedDemo(t.app.database.db, t.app.config.payments);
    const [n] = await t.app.database.db.select({ n: count() }).from(deals);
    expect(n?.n).toBe(0);
    const [posted] = await t.app.database.db.select({ n: count() }).from(ledgerTransactions);
    expect(posted?.n).toBe(0);
  });
});
