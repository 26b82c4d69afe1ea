import { and, eq, isNotNull } from 'drizzle-orm';
import type { ReportTarget } from '../../../shared/operators/rules.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import {
  bids,
  messages,
  profiles,
  questions,
  reviews,
  tasks,
  threads,
  user,
} from '../../platform/db/schema.ts';

/** A reported thing as the report keeps it: who wrote it, and what it said then. */
export interface ReportedThing {
  authorId: string;
  snapshot: Record<string, unknown>;
}

type Reader = (db: Db, id: string, viewerId: string) => Promise<ReportedThing | undefined>;

/**
 * How each kind of thing is found for a reporter: only what they can see (a message of a
 * conversation they are in, a bid on their own task, a hidden question they asked or own),
 * so a report cannot probe for things that are not theirs to see.
 */
const READERS: Record<ReportTarget, Reader> = {
  async task(db, id) {
    const [row] = await db
      .select({ authorId: tasks.ownerId, title: tasks.title, description: tasks.description })
      .from(tasks)
      .where(eq(tasks.id, id));
    return (
      row && {
        authorId: row.authorId,
        snapshot: { title: row.title, description: row.description },
      }
    );
  },

  async question(db, id, viewerId) {
    const [row] = await db
      .select({
        authorId: questions.askerId,
        ownerId: tasks.ownerId,
        hiddenAt: questions.hiddenAt,
        text: questions.text,
        taskId: questions.taskId,
      })
      .from(questions)
      .innerJoin(tasks, eq(tasks.id, questions.taskId))
      .where(eq(questions.id, id));
    if (!row || (row.hiddenAt && viewerId !== row.authorId && viewerId !== row.ownerId)) return;
    return { authorId: row.authorId, snapshot: { text: row.text, taskId: row.taskId } };
  },

  async answer(db, id, viewerId) {
    const [row] = await db
      .select({
        authorId: tasks.ownerId,
        askerId: questions.askerId,
        hiddenAt: questions.hiddenAt,
        question: questions.text,
        answer: questions.answer,
        taskId: questions.taskId,
      })
      .from(questions)
      .innerJoin(tasks, eq(tasks.id, questions.taskId))
      .where(and(eq(questions.id, id), isNotNull(questions.answer)));
    if (!row || (row.hiddenAt && viewerId !== row.askerId && viewerId !== row.authorId)) return;
    return {
      authorId: row.authorId,
      snapshot: { question: row.question, answer: row.answer, taskId: row.taskId },
    };
  },

  async bid(db, id, viewerId) {
    const [row] = await db
      .select({
        authorId: bids.bidderId,
        ownerId: tasks.ownerId,
        message: bids.message,
        amount: bids.amount,
        taskId: bids.taskId,
      })
      .from(bids)
      .innerJoin(tasks, eq(tasks.id, bids.taskId))
      .where(eq(bids.id, id));
    // A bid's message is read by the task's owner only.
    if (!row || row.ownerId !== viewerId) return;
    return {
      authorId: row.authorId,
      snapshot: { message: row.message ?? '', amount: row.amount, taskId: row.taskId },
    };
  },

  async message(db, id, viewerId) {
    const [row] = await db
      .select({
        authorId: messages.senderId,
        ownerId: threads.ownerId,
        bidderId: threads.bidderId,
        body: messages.body,
        threadId: messages.threadId,
      })
      .from(messages)
      .innerJoin(threads, eq(threads.id, messages.threadId))
      .where(eq(messages.id, id));
    if (!row || (viewerId !== row.ownerId && viewerId !== row.bidderId)) return;
    return { authorId: row.authorId, snapshot: { body: row.body, threadId: row.threadId } };
  },

  async review(db, id) {
    const [row] = await db
      .select({ authorId: reviews.reviewerId, rating: reviews.rating, comment: reviews.comment })
      .from(reviews)
      .where(and(eq(reviews.id, id), isNotNull(reviews.publishedAt)));
    return (
      row && { authorId: row.authorId, snapshot: { rating: row.rating, comment: row.comment } }
    );
  },

  async profile(db, id) {
    const [row] = await db
      .select({
        name: user.name,
        image: user.image,
        headline: profiles.headline,
        bio: profiles.bio,
        location: profiles.location,
        skills: profiles.skills,
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.id, id));
    return row && { authorId: id, snapshot: row };
  },
};

/** The thing a person wants to report, if it exists and they can see it. */
export function readReportedThing(
  db: Db,
  type: ReportTarget,
  id: string,
  viewerId: string,
): Promise<ReportedThing | undefined> {
  if (type !== 'profile' && !isUuid(id)) return Promise.resolve(undefined);
  return READERS[type](db, id, viewerId);
}
