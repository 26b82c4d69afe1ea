import { asc, eq } from 'drizzle-orm';
import { columnsOf } from '../../platform/db/columns.ts';
import { pushSubscriptions } from '../../platform/db/schema.ts';
import type { PersonalData } from '../../platform/feature.ts';

/** The browsers a person turned alerts on in: exported without their keys, deleted with them. */
export const pushPersonalData: PersonalData = {
  tables: [pushSubscriptions],
  async export(db, userId) {
    const rows = await db
      .select(columnsOf(pushSubscriptions, 'endpoint', 'createdAt', 'lastSuccessAt'))
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt));
    return { pushSubscriptions: rows };
  },
  async erase(tx, userId) {
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  },
};
