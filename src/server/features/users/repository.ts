import { eq, sql } from 'drizzle-orm';
import type { ProfileInput, PublicProfile } from '../../../shared/profiles/schema.ts';
import { moderationNotice } from '../../../shared/operators/rules.ts';
import { ratingSummary } from '../../../shared/reviews/rules.ts';
import type { Db } from '../../platform/db/client.ts';
import { account, bids, profiles, tasks, user } from '../../platform/db/schema.ts';

const counted = (query: ReturnType<typeof sql>) => sql<number>`(${query})::int`;

/** Public profiles: what a person shows everyone, and their track record on both sides. */
export function createUserRepository(db: Db) {
  return {
    async exists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
      return row !== undefined;
    },

    /**
     * A person's public profile. What they wrote (headline, bio, skills, location) is left
     * out while moderation holds or removed it, except in their own answer (`own`), marked.
     */
    async publicProfile(userId: string, own = false): Promise<PublicProfile | undefined> {
      const [row] = await db
        .select({
          id: user.id,
          name: user.name,
          image: user.image,
          // Verified: the address was proven and someone can sign in to it (an imported
          // account nobody has claimed yet, or a deleted one, is not).
          verified:
            sql<boolean>`(${user.emailVerified} and exists (select 1 from ${account} where ${account.userId} = ${user.id}))`.mapWith(
              Boolean,
            ),
          createdAt: user.createdAt,
          headline: profiles.headline,
          bio: profiles.bio,
          location: profiles.location,
          skills: profiles.skills,
          moderation: profiles.moderation,
          moderationRule: profiles.moderationRule,
          clientRatingSum: user.clientRatingSum,
          clientRatingCount: user.clientRatingCount,
          freelancerRatingSum: user.freelancerRatingSum,
          freelancerRatingCount: user.freelancerRatingCount,
          // Each count reads one person's rows through an index on (owner or bidder, …).
          tasksPosted: counted(
            sql`select count(*) from ${tasks} where ${tasks.ownerId} = ${user.id}`,
          ),
          hired: counted(
            sql`select count(*) from ${tasks} where ${tasks.ownerId} = ${user.id} and ${tasks.assigneeId} is not null`,
          ),
          completed: counted(
            sql`select count(*) from ${tasks} where ${tasks.ownerId} = ${user.id} and ${tasks.status} = 'Completed'`,
          ),
          bidsPlaced: counted(
            sql`select count(*) from ${bids} where ${bids.bidderId} = ${user.id}`,
          ),
          jobsWon: counted(
            sql`select count(*) from ${bids} where ${bids.bidderId} = ${user.id} and ${bids.status} = 'accepted'`,
          ),
          jobsCompleted: counted(
            sql`select count(*) from ${tasks} where ${tasks.assigneeId} = ${user.id} and ${tasks.status} = 'Completed'`,
          ),
        })
        .from(user)
        .leftJoin(profiles, eq(profiles.userId, user.id))
        .where(eq(user.id, userId));
      if (!row) return undefined;
      const notice = moderationNotice(row.moderation, row.moderationRule);
      const shown = !notice || own;
      return {
        id: row.id,
        name: row.name,
        image: row.image,
        headline: shown ? (row.headline ?? '') : '',
        bio: shown ? (row.bio ?? '') : '',
        skills: shown ? (row.skills ?? []) : [],
        location: shown ? (row.location ?? '') : '',
        ...(notice && own ? { moderationNotice: notice } : {}),
        memberSince: row.createdAt.toISOString(),
        verified: row.verified,
        client: {
          tasksPosted: row.tasksPosted,
          hired: row.hired,
          completed: row.completed,
          rating: ratingSummary(row.clientRatingSum, row.clientRatingCount),
        },
        freelancer: {
          bidsPlaced: row.bidsPlaced,
          jobsWon: row.jobsWon,
          jobsCompleted: row.jobsCompleted,
          completionRate: row.jobsWon === 0 ? null : row.jobsCompleted / row.jobsWon,
          rating: ratingSummary(row.freelancerRatingSum, row.freelancerRatingCount),
        },
      };
    },

    /** Changes the fields given; the rest stay. */
    async updateProfile(userId: string, input: ProfileInput) {
      const set = {
        ...input,
        ...(input.skills && { skills: [...new Set(input.skills)] }),
        updatedAt: new Date(),
      };
      await db
        .insert(profiles)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: profiles.userId, set });
    },
  };
}
