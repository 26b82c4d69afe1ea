import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  account,
  bids,
  mailOutbox,
  messages,
  notificationPreferences,
  notifications,
  questions,
  reviews,
  session,
  tasks,
  threads,
  user,
  verification,
} from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import {
  bidFieldColumns,
  columnsOf,
  notificationColumns,
  taskFieldColumns,
} from '../db/columns.ts';

/** What a deleted account's name becomes wherever its agreed work still shows. */
export const DELETED_USER_NAME = 'Deleted user';

/** The account as a person downloads it, and its deletion. */
export function createAccountRepository(db: Db) {
  return {
    /**
     * Everything the person stored or was sent: profile, tasks, bids, the questions they asked,
     * the messages they wrote, the reviews they gave, notifications and settings. Messages
     * and answers by others stay theirs and are left out.
     */
    async export(userId: string) {
      const [profile] = await db
        .select(columnsOf(user, 'id', 'name', 'email', 'emailVerified', 'image', 'createdAt'))
        .from(user)
        .where(eq(user.id, userId));
      const myTasks = await db
        .select({
          id: tasks.id,
          ...taskFieldColumns,
          createdAt: tasks.createdAt,
          updatedAt: tasks.updatedAt,
        })
        .from(tasks)
        .where(eq(tasks.ownerId, userId))
        .orderBy(desc(tasks.createdAt));
      const myBids = await db
        .select({ ...columnsOf(bids, 'id', 'taskId'), taskTitle: tasks.title, ...bidFieldColumns })
        .from(bids)
        .innerJoin(tasks, eq(tasks.id, bids.taskId))
        .where(eq(bids.bidderId, userId))
        .orderBy(desc(bids.createdAt));
      const myNotifications = await db
        .select(notificationColumns)
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt));
      const myQuestions = await db
        .select({
          ...columnsOf(questions, 'id', 'taskId'),
          taskTitle: tasks.title,
          ...columnsOf(questions, 'text', 'answer', 'createdAt'),
        })
        .from(questions)
        .innerJoin(tasks, eq(tasks.id, questions.taskId))
        .where(eq(questions.askerId, userId))
        .orderBy(desc(questions.createdAt));
      const myMessages = await db
        .select({
          ...columnsOf(messages, 'id', 'threadId'),
          taskTitle: threads.taskTitle,
          ...columnsOf(messages, 'body', 'createdAt'),
        })
        .from(messages)
        .innerJoin(threads, eq(threads.id, messages.threadId))
        .where(eq(messages.senderId, userId))
        .orderBy(desc(messages.createdAt));
      const myReviews = await db
        .select({
          ...columnsOf(reviews, 'id', 'taskId', 'role', 'rating', 'comment'),
          ...columnsOf(reviews, 'createdAt', 'publishedAt'),
        })
        .from(reviews)
        .where(eq(reviews.reviewerId, userId))
        .orderBy(desc(reviews.createdAt));
      const preferences = await db
        .select(columnsOf(notificationPreferences, 'type', 'email'))
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      return {
        profile,
        tasks: myTasks,
        bids: myBids,
        questions: myQuestions,
        messages: myMessages,
        reviewsGiven: myReviews,
        notifications: myNotifications,
        emailPreferences: preferences,
      };
    },

    /**
     * Deletes the account in one transaction. Open tasks (no one doing them) go with their
     * bids; pending bids are withdrawn; work already agreed stays on the other person's
     * task, under the name "Deleted user". The row is kept, anonymised, for that work: its
     * address moves to the reserved `.invalid` domain (never mailed), so the real one can
     * sign up again. Sessions, sign-in methods and queued mail go; a goodbye mail is queued.
     */
    async delete(userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [me] = await tx
          .select({ name: user.name, email: user.email })
          .from(user)
          .where(eq(user.id, userId))
          .for('update');
        if (!me) return false;
        await tx
          .delete(tasks)
          .where(
            and(eq(tasks.ownerId, userId), isNull(tasks.assigneeId), isNull(tasks.acceptedBidId)),
          );
        await tx.delete(bids).where(and(eq(bids.bidderId, userId), eq(bids.status, 'pending')));
        await tx
          .update(tasks)
          .set({ assignedTo: DELETED_USER_NAME })
          .where(eq(tasks.assigneeId, userId));
        await tx.delete(notifications).where(eq(notifications.userId, userId));
        await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
        await tx
          .delete(mailOutbox)
          .where(
            and(eq(mailOutbox.userId, userId), inArray(mailOutbox.status, ['pending', 'sending'])),
          );
        await tx.delete(session).where(eq(session.userId, userId));
        await tx.delete(account).where(eq(account.userId, userId));
        await tx
          .delete(verification)
          .where(or(eq(verification.value, userId), eq(verification.identifier, me.email)));
        await tx
          .update(user)
          .set({
            name: DELETED_USER_NAME,
            email: `deleted-${userId}@deleted.invalid`,
            emailVerified: false,
            image: null,
          })
          .where(eq(user.id, userId));
        await enqueueMail(tx, { kind: 'account-deleted', to: me.email, data: { name: me.name } });
        return true;
      });
    },
  };
}
