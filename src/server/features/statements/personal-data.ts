import { eq } from 'drizzle-orm';
import { statements } from '../../platform/db/schema.ts';
import type { PersonalData } from '../../platform/feature.ts';
import { statementsOf } from './repository.ts';

/**
 * The statements about a person and their appeals: theirs to download. Erasing the account
 * removes them (the audit log keeps the operators' record of each action).
 */
export const statementPersonalData: PersonalData = {
  tables: [statements],
  async export(db, userId) {
    return { accountNotices: await statementsOf(db, userId) };
  },
  async erase(tx, userId) {
    await tx.delete(statements).where(eq(statements.userId, userId));
  },
};
