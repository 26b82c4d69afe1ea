import { asc, eq } from 'drizzle-orm';
import { columnsOf } from '../../platform/db/columns.ts';
import { savedSearches } from '../../platform/db/schema.ts';
import type { PersonalData } from '../../platform/feature.ts';

/** A person's saved searches: exported with their criteria, deleted with the account. */
export const alertPersonalData: PersonalData = {
  tables: [savedSearches],
  async export(db, userId) {
    const rows = await db
      .select(
        columnsOf(
          savedSearches,
          'id',
          'name',
          'criteria',
          'channels',
          'frequency',
          'createdAt',
          'updatedAt',
          'alertedAt',
        ),
      )
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(asc(savedSearches.createdAt));
    return { savedSearches: rows };
  },
  async erase(tx, userId) {
    await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
  },
};
