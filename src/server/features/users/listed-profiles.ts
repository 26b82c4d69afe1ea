import { and, asc, count, eq, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { DELETED_EMAIL_DOMAIN } from '../../../shared/account.ts';
import type { Db } from '../../platform/db/client.ts';
import { profiles, reviews, tasks, user } from '../../platform/db/schema.ts';

/** A person shown to everyone: not deleted, not banned, their profile not held by moderation. */
const shown: SQL = and(
  not(sql`${user.email} like ${`%@${DELETED_EMAIL_DOMAIN}`}`),
  eq(user.banned, false),
  isNull(profiles.moderation),
)!;

/** …with something public to their name: a task browse shows, or a published review of them. */
const hasPublicWork: SQL = or(
  sql`exists (select 1 from ${tasks} where ${tasks.ownerId} = ${user.id} and ${tasks.moderation} is null)`,
  sql`exists (select 1 from ${reviews} where ${reviews.revieweeId} = ${user.id} and ${reviews.publishedAt} is not null and ${reviews.moderation} is null)`,
)!;

/** What the page head of a public profile needs, and whether search engines may list it. */
export interface ProfileHead {
  name: string;
  headline: string;
}

/** Public profiles as search engines and link previews see them (the sitemap, page heads). */
export function createListedProfiles(db: Db) {
  return {
    /** A person's name and headline, or undefined when their profile is not shown to all. */
    async head(userId: string): Promise<ProfileHead | undefined> {
      const [row] = await db
        .select({ name: user.name, headline: profiles.headline })
        .from(user)
        .leftJoin(profiles, eq(profiles.userId, user.id))
        .where(and(eq(user.id, userId), shown));
      return row && { name: row.name, headline: row.headline ?? '' };
    },

    async count(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(user)
        .leftJoin(profiles, eq(profiles.userId, user.id))
        .where(and(shown, hasPublicWork));
      return row?.n ?? 0;
    },

    /** Their ids in a stable order, a slice at a time. */
    async ids(offset: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: user.id })
        .from(user)
        .leftJoin(profiles, eq(profiles.userId, user.id))
        .where(and(shown, hasPublicWork))
        .orderBy(asc(user.id))
        .offset(offset)
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}
