import { eq, inArray, sql } from 'drizzle-orm';
import { reviews, tasks, user } from '../../platform/db/schema.ts';
import type { DemoData } from '../../platform/demo.ts';

/** Comments for the demo's published reviews, cycled through. */
export const DEMO_REVIEW_COMMENTS = [
  'Clear brief, quick answers and paid on time. Would gladly work together again.',
  'Excellent work, delivered early and exactly as agreed.',
  'Good result after one round of changes; communication could have been faster.',
  'Friendly, professional and careful with the details.',
];

/**
 * Completes every second task under way, a few days ago, with a published review each way,
 * and keeps the ratings as publishing does.
 */
export const reviewDemo: DemoData = async (tx, scene) => {
  const inserted = scene.tasks;
  const underWay = await tx
    .select({ id: tasks.id, ownerId: tasks.ownerId, assigneeId: tasks.assigneeId })
    .from(tasks)
    .where(
      inArray(
        tasks.id,
        inserted.map((t) => t.id),
      ),
    );
  const done = underWay.filter((t) => t.assigneeId !== null).filter((_, i) => i % 2 === 0);
  for (const [i, task] of done.entries()) {
    const completedAt = new Date(Date.now() - (i + 2) * 24 * 60 * 60 * 1000);
    await tx.update(tasks).set({ status: 'Completed', completedAt }).where(eq(tasks.id, task.id));
    const comment = (k: number) => DEMO_REVIEW_COMMENTS[(i + k) % DEMO_REVIEW_COMMENTS.length]!;
    const publishedAt = new Date(completedAt.getTime() + 6 * 60 * 60 * 1000);
    await tx.insert(reviews).values([
      {
        taskId: task.id,
        reviewerId: task.ownerId,
        revieweeId: task.assigneeId!,
        role: 'freelancer' as const,
        rating: 5 - (i % 3 === 2 ? 1 : 0),
        comment: comment(1),
        createdAt: publishedAt,
        publishedAt,
      },
      {
        taskId: task.id,
        reviewerId: task.assigneeId!,
        revieweeId: task.ownerId,
        role: 'client' as const,
        rating: 5 - (i % 2),
        comment: comment(0),
        createdAt: publishedAt,
        publishedAt,
      },
    ]);
  }
  // Counted as publishing decides (every demo person is verified): the first review by one
  // person of another; then the ratings, as the publishing transaction keeps them.
  await tx.execute(sql`
    update ${reviews} set counted = true where id in (
      select distinct on (reviewer_id, reviewee_id) id from ${reviews}
      where published_at is not null order by reviewer_id, reviewee_id, published_at, id
    )`);
  await tx.execute(sql`
    update ${user} set
      client_rating_sum = r.client_sum, client_rating_count = r.client_count,
      freelancer_rating_sum = r.freelancer_sum, freelancer_rating_count = r.freelancer_count
    from (
      select reviewee_id,
        coalesce(sum(rating) filter (where role = 'client'), 0)::int as client_sum,
        (count(*) filter (where role = 'client'))::int as client_count,
        coalesce(sum(rating) filter (where role = 'freelancer'), 0)::int as freelancer_sum,
        (count(*) filter (where role = 'freelancer'))::int as freelancer_count
      from ${reviews} where counted group by reviewee_id
    ) r
    where ${user.id} = r.reviewee_id`);
};
