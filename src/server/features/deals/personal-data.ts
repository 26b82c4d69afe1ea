import { asc, eq, or } from 'drizzle-orm';
import { dealEvents, deals, stripeAccounts } from '../../platform/db/schema.ts';
import type { PersonalData } from '../../platform/feature.ts';

/**
 * A person's deals, as poster or worker: financial records kept when the account is deleted
 * (the ids name nobody once the account row is anonymised). The reasons they wrote on a
 * deal's timeline are their words: erased with the account. Their Stripe connected account
 * (the id and status) is in the download, and kept: payouts were sent to it.
 */
export const dealsPersonalData: PersonalData = {
  // No foreign key to the user: deals outlive accounts, like the ledger.
  tables: [],
  async export(db, userId) {
    const mine = await db
      .select({
        id: deals.id,
        taskId: deals.taskId,
        state: deals.state,
        role: deals.ownerId,
        price: deals.price,
        posterPays: deals.posterPays,
        workerReceives: deals.workerReceives,
        currency: deals.currency,
        createdAt: deals.createdAt,
      })
      .from(deals)
      .where(or(eq(deals.ownerId, userId), eq(deals.workerId, userId)))
      .orderBy(asc(deals.createdAt));
    const reasons = await db
      .select({
        dealId: dealEvents.dealId,
        at: dealEvents.at,
        action: dealEvents.action,
        reason: dealEvents.reason,
      })
      .from(dealEvents)
      .where(eq(dealEvents.actorId, userId))
      .orderBy(asc(dealEvents.id));
    const [payoutAccount] = await db
      .select({
        stripeAccount: stripeAccounts.accountId,
        status: stripeAccounts.status,
        createdAt: stripeAccounts.createdAt,
      })
      .from(stripeAccounts)
      .where(eq(stripeAccounts.userId, userId));
    return {
      deals: {
        list: mine.map(({ role, ...d }) => ({ ...d, as: role === userId ? 'poster' : 'worker' })),
        stepsTaken: reasons,
        payoutAccount: payoutAccount ?? null,
      },
    };
  },
  async erase(tx, userId) {
    await tx.update(dealEvents).set({ reason: null }).where(eq(dealEvents.actorId, userId));
  },
};
