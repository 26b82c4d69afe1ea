import { eq, inArray } from 'drizzle-orm';
import { bids, tasks } from '../../platform/db/schema.ts';
import { dateFromToday, type DemoData } from '../../platform/demo.ts';

export const DEMO_BID_MESSAGES = [
  'I have done several projects like this one and can start tomorrow.',
  'Happy to share a portfolio; I would begin with a short call to agree on the scope.',
  null,
  'I can deliver a first draft within a week and iterate from there.',
  null,
];

/**
 * Bids on the demo tasks (the first two have 4 and 3, so the discount shows); every fourth
 * task with bids is under way: its first bid accepted, the others declined, In Progress and
 * assigned, as accepting a bid leaves it.
 */
export const bidDemo: DemoData = async (tx, scene) => {
  const inserted = scene.tasks;
  const owners = scene.people;
  const ids = owners.map((p) => p.id);
  // Bids per task: 4, 3, then 2, 1, 0, 1, 0, … from users other than the owner.
  const bidRows = inserted.flatMap((task, t) => {
    const howMany = t === 0 ? 4 : t === 1 ? 3 : [2, 1, 0, 1, 0][t % 5]!;
    const bidders = ids.filter((id) => id !== task.ownerId);
    return Array.from({ length: howMany }, (_, b) => ({
      taskId: task.id,
      bidderId: bidders[(t + b) % bidders.length] ?? '',
      amount: Math.max(1, Math.round((task.budget ?? 300) * (0.8 + b * 0.07) * 100) / 100),
      deadline: dateFromToday(10 + ((t + b * 5) % 40)),
      message: DEMO_BID_MESSAGES[(t + b) % DEMO_BID_MESSAGES.length] ?? null,
      createdAt: new Date(task.createdAt.getTime() + (b + 1) * 20 * 60 * 1000),
    }));
  });
  const placed =
    bidRows.length > 0
      ? await tx
          .insert(bids)
          .values(bidRows)
          .returning({ id: bids.id, taskId: bids.taskId, bidderId: bids.bidderId })
      : [];
  for (const [t, task] of inserted.entries()) {
    const [first, ...others] = placed.filter((b) => b.taskId === task.id);
    if (t % 4 !== 3 || !first) continue;
    await tx.update(bids).set({ status: 'accepted' }).where(eq(bids.id, first.id));
    if (others.length > 0)
      await tx
        .update(bids)
        .set({ status: 'declined' })
        .where(
          inArray(
            bids.id,
            others.map((b) => b.id),
          ),
        );
    await tx
      .update(tasks)
      .set({
        status: 'In Progress',
        assignedTo: owners.find((o) => o.id === first.bidderId)?.name ?? null,
        assigneeId: first.bidderId,
        acceptedBidId: first.id,
      })
      .where(eq(tasks.id, task.id));
  }
  scene.bids.push(...placed);
};
