import { and, asc, eq } from 'drizzle-orm';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../platform/db/schema.ts';
import type { PersonalData } from '../../platform/feature.ts';

/**
 * A worker's earnings: their earnings accounts and every line in and out of them. These are
 * financial records the law makes us keep, so erasing the account keeps them as they are:
 * they hold amounts, dates and ids only (an account is owned by the user id, which names
 * nobody once the account row is anonymised), and the tables are insert-only. Escrow
 * accounts belong to deals, not people; the deals feature exports a person's deals.
 */
export const paymentsPersonalData: PersonalData = {
  // No ledger table has a foreign key to the user (owners are deal or user ids, and the
  // ledger outlives both): nothing for the erase contract to claim.
  tables: [],
  async export(db, userId) {
    const accounts = await db
      .select({
        id: ledgerAccounts.id,
        currency: ledgerAccounts.currency,
        balance: ledgerAccounts.balance,
      })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'earnings'), eq(ledgerAccounts.ownerId, userId)))
      .orderBy(asc(ledgerAccounts.currency));
    const lines = await db
      .select({
        at: ledgerTransactions.createdAt,
        kind: ledgerTransactions.kind,
        ref: ledgerTransactions.ref,
        amount: ledgerPostings.amount,
        currency: ledgerPostings.currency,
        transactionId: ledgerTransactions.id,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .where(and(eq(ledgerAccounts.kind, 'earnings'), eq(ledgerAccounts.ownerId, userId)))
      .orderBy(asc(ledgerPostings.id));
    return {
      earnings: {
        balances: accounts.map((a) => ({ amount: a.balance, currency: a.currency })),
        lines,
      },
    };
  },
  // Kept on purpose (legal retention; see above): nothing personal to remove or anonymise.
  async erase() {},
};
