import { messages, threadParticipants, threads } from '../../platform/db/schema.ts';
import type { DemoData } from '../../platform/demo.ts';

/**
 * Private conversations between a task's owner and a bidder, in order; who speaks first
 * alternates with each line ('bidder' or 'owner' opens).
 */
export const DEMO_CONVERSATIONS: { opens: 'bidder' | 'owner'; lines: string[] }[] = [
  {
    opens: 'owner',
    lines: [
      'Thanks for your bid! Could you share one or two similar projects you did?',
      'Of course: I will send two links tonight. Both were done in under two weeks.',
      'Great. Would you be free for a short call on Thursday?',
      'Thursday works. Morning or afternoon?',
    ],
  },
  {
    opens: 'bidder',
    lines: [
      'Hello! Before I start: is the budget fixed, or could it include a second round of changes?',
      'One round of changes is included; a second one we can agree on separately.',
      'Understood, that sounds fair.',
    ],
  },
  {
    opens: 'owner',
    lines: [
      'I chose another offer this time, but I liked your plan a lot.',
      'Thank you for letting me know. Good luck with it, and keep me in mind next time!',
    ],
  },
  {
    opens: 'bidder',
    lines: [
      'Quick question: do you already have the photos, or should I find stock images?',
      'I have most of them. I will upload them to a shared folder tomorrow.\nThe rest can be stock.',
    ],
  },
];

/**
 * A few private conversations, each about a different task, all involving the first demo
 * person (as poster or bidder). Every other one ends with a message its recipient has not
 * read yet; counters and read points are written as sending and reading keep them.
 */
export const threadDemo: DemoData = async (tx, scene) => {
  const inserted = scene.tasks;
  const placed = scene.bids;
  const person = scene.people[0]?.id ?? '';
  const taken = new Set<string>();
  const pairs = placed.flatMap((bid) => {
    const task = inserted.find((t) => t.id === bid.taskId);
    if (!task || taken.has(task.id) || (task.ownerId !== person && bid.bidderId !== person))
      return [];
    taken.add(task.id);
    return [{ task, bidderId: bid.bidderId }];
  });
  for (const [c, { task, bidderId }] of pairs.slice(0, DEMO_CONVERSATIONS.length).entries()) {
    const { opens, lines } = DEMO_CONVERSATIONS[c]!;
    const n = lines.length;
    const at = (seq: number) => new Date(task.createdAt.getTime() + (60 + seq * 9) * 60 * 1000);
    const senderOf = (seq: number) =>
      (seq % 2 === 1) === (opens === 'bidder') ? bidderId : task.ownerId;
    const [thread] = await tx
      .insert(threads)
      .values({
        taskId: task.id,
        taskTitle: task.title,
        ownerId: task.ownerId,
        bidderId,
        messageCount: n,
        createdAt: at(0),
      })
      .returning({ id: threads.id });
    await tx.insert(messages).values(
      lines.map((body, i) => ({
        threadId: thread!.id,
        seq: i + 1,
        senderId: senderOf(i + 1),
        body,
        createdAt: at(i + 1),
      })),
    );
    const unreadLast = c % 2 === 0;
    await tx.insert(threadParticipants).values(
      [task.ownerId, bidderId].map((userId) => {
        const waiting = unreadLast && senderOf(n) !== userId;
        return {
          threadId: thread!.id,
          userId,
          otherId: userId === task.ownerId ? bidderId : task.ownerId,
          lastActivityAt: at(n),
          lastReadSeq: waiting ? n - 1 : n,
          unreadCount: waiting ? 1 : 0,
        };
      }),
    );
  }
};
