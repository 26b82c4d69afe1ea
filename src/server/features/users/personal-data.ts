import { eq } from 'drizzle-orm';
import { columnsOf } from '../../platform/db/columns.ts';
import { profiles } from '../../platform/db/schema.ts';
import type { PersonalData } from '../../platform/feature.ts';

/** What a person wrote on their public profile: downloaded, and gone with the account. */
export const profilePersonalData: PersonalData = {
  tables: [profiles],
  async export(db, userId) {
    const [profile] = await db
      .select(columnsOf(profiles, 'headline', 'bio', 'location', 'skills', 'updatedAt'))
      .from(profiles)
      .where(eq(profiles.userId, userId));
    return { publicProfile: profile ?? null };
  },
  async erase(tx, userId) {
    await tx.delete(profiles).where(eq(profiles.userId, userId));
  },
};
