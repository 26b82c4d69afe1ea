import { eq, sql } from 'drizzle-orm';
import type { Welcome, WelcomeAnswer } from '../../../shared/welcome/schema.ts';
import type { WelcomeGoal } from '../../../shared/welcome/rules.ts';
import type { Db } from '../../platform/db/client.ts';
import { user } from '../../platform/db/schema.ts';

/** The welcome of a new account: still to show, and what brought them. */
export function createWelcomeRepository(db: Db) {
  const read = async (userId: string): Promise<Welcome> => {
    const [row] = await db
      .select({ goal: user.goal, welcomedAt: user.welcomedAt })
      .from(user)
      .where(eq(user.id, userId));
    return {
      pending: row ? row.welcomedAt === null : false,
      goal: (row?.goal ?? null) as WelcomeGoal | null,
    };
  };
  return {
    get: read,

    /**
     * Answers (or skips) the welcome: it is then never shown again. A later answer changes the
     * goal; a skip keeps the one given before, and the first moment stays.
     */
    async answer(userId: string, answer: WelcomeAnswer): Promise<Welcome> {
      await db
        .update(user)
        .set({
          welcomedAt: sql`coalesce(${user.welcomedAt}, now())`,
          ...(answer.goal ? { goal: answer.goal } : {}),
        })
        .where(eq(user.id, userId));
      return read(userId);
    },
  };
}
