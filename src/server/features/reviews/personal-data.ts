import { desc, eq, isNotNull, and } from 'drizzle-orm';
import { columnsOf } from '../../platform/db/columns.ts';
import { reviewRequests, reviews } from '../../platform/db/schema.ts';
import type { PersonalData } from '../../platform/feature.ts';

/**
 * The reviews a person wrote and the published ones about them (with their replies). With the
 * account, reviews about them go; the ones they wrote keep their rating (it is part of the
 * other person's record) but lose their words.
 */
export const reviewPersonalData: PersonalData = {
  tables: [reviews, reviewRequests],
  async export(db, userId) {
    const fields = columnsOf(reviews, 'id', 'taskId', 'role', 'rating', 'comment', 'reply');
    const when = columnsOf(reviews, 'createdAt', 'publishedAt');
    const given = await db
      .select({ ...fields, ...when })
      .from(reviews)
      .where(eq(reviews.reviewerId, userId))
      .orderBy(desc(reviews.createdAt));
    const received = await db
      .select({ ...fields, ...when })
      .from(reviews)
      .where(and(eq(reviews.revieweeId, userId), isNotNull(reviews.publishedAt)))
      .orderBy(desc(reviews.publishedAt));
    return { reviewsGiven: given, reviewsReceived: received };
  },
  async erase(tx, userId) {
    await tx.delete(reviews).where(eq(reviews.revieweeId, userId));
    await tx.update(reviews).set({ comment: '' }).where(eq(reviews.reviewerId, userId));
    await tx.delete(reviewRequests).where(eq(reviewRequests.userId, userId));
  },
};
