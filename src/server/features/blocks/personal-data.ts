import { desc, eq, or } from 'drizzle-orm';
import { blocks, user } from '../../platform/db/schema.ts';
import type { PersonalData } from '../../platform/feature.ts';

/**
 * The people a person blocked, and when. Blocks of them by others are those people's
 * decisions, and are never shown to the one blocked (not in their download either). Deleting
 * the account removes the blocks of both directions: nobody can contact a deleted account.
 */
export const blockPersonalData: PersonalData = {
  tables: [blocks],
  async export(db, userId) {
    const mine = await db
      .select({ userId: blocks.blockedId, name: user.name, since: blocks.createdAt })
      .from(blocks)
      .innerJoin(user, eq(user.id, blocks.blockedId))
      .where(eq(blocks.blockerId, userId))
      .orderBy(desc(blocks.createdAt));
    return { blocks: mine };
  },
  async erase(tx, userId) {
    await tx.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  },
};
