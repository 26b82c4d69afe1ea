import { and, count, desc, eq, sql } from 'drizzle-orm';
import { TASK_NOT_FOUND } from '../../../shared/messages.ts';
import { ANSWER_EDIT_MINUTES } from '../../../shared/constants.ts';
import type { QuestionPage } from '../../../shared/questions/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { decodeCursor, encodeCursor, olderThan } from '../../platform/db/paging.ts';
import { questions, tasks, user } from '../../platform/db/schema.ts';
import { columnsOf } from '../../platform/db/columns.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { badCursor } from '../../platform/http/paging.ts';
import { excerpt } from '../../../shared/text.ts';
import { notify } from '../../platform/notify.ts';
import { insertedRow } from '../../platform/db/rows.ts';
import { assertMayContact, contactState } from '../blocks/index.ts';
import { BLOCK_MESSAGES } from '../../../shared/blocks/rules.ts';
import { editable, mayHear, selectQuestions, toQuestion, visibleTo } from './question-rows.ts';
import {
  moderationRules,
  reportScreened,
  screenText,
  type ModerationRules,
  type Screened,
} from '../prevention/index.ts';

export const QUESTION_NOT_FOUND = 'Question not found';
export const NO_QUESTION_ON_OWN_TASK = 'You cannot ask a question on your own task.';
export const OWNER_ANSWERS = 'Only the task’s owner can answer its questions.';
export const OWNER_HIDES = 'Only the task’s owner can hide or show its questions.';
export const ASKER_DELETES = 'Only the person who asked can delete a question.';
export const ALREADY_ANSWERED = `This question is already answered. You can change your answer for ${ANSWER_EDIT_MINUTES} minutes after posting it.`;
export const NOT_ANSWERED = 'This question has no answer yet.';
export const EDIT_WINDOW_CLOSED = `An answer can only be changed within ${ANSWER_EDIT_MINUTES} minutes of posting it.`;
export const ANSWERED_NOT_DELETABLE = 'An answered question cannot be deleted.';

export function createQuestionRepository(db: Db, events: EventBus) {
  async function taskOf(tx: Db, taskId: string) {
    if (!isUuid(taskId)) return undefined;
    const [task] = await tx
      .select({
        id: tasks.id,
        title: tasks.title,
        ownerId: tasks.ownerId,
        assigneeId: tasks.assigneeId,
      })
      .from(tasks)
      .where(eq(tasks.id, taskId));
    return task;
  }

  /**
   * The question and its task, the question's row locked for the rest of the transaction. A
   * hidden question is not found by anyone but the task's owner and its asker, as an id that
   * does not exist.
   */
  async function lockQuestion(tx: Db, id: string, viewerId: string) {
    if (!isUuid(id)) throw notFound(QUESTION_NOT_FOUND);
    const [row] = await tx
      .select({
        ...columnsOf(questions, 'id', 'taskId', 'askerId', 'hiddenAt'),
        answered: sql<boolean>`${questions.answer} is not null`.mapWith(Boolean),
        editable: editable.mapWith(Boolean),
        taskTitle: tasks.title,
        ownerId: tasks.ownerId,
        ownerName: user.name,
      })
      .from(questions)
      .innerJoin(tasks, eq(tasks.id, questions.taskId))
      .innerJoin(user, eq(user.id, tasks.ownerId))
      .where(eq(questions.id, id))
      .for('update', { of: questions });
    if (!row || (row.hiddenAt && !mayHear(row, viewerId))) throw notFound(QUESTION_NOT_FOUND);
    return row;
  }
  type Locked = Awaited<ReturnType<typeof lockQuestion>>;

  /**
   * Tells the open pages of the question's task: all of them, unless it was hidden before and
   * after the change (then only its owner's and its asker's).
   */
  async function publish(
    tx: Db,
    q: Pick<Locked, 'id' | 'taskId' | 'ownerId' | 'askerId'>,
    hiddenThroughout: boolean,
  ) {
    await events.publish(tx, {
      type: 'question.changed',
      taskId: q.taskId,
      questionId: q.id,
      ...(hiddenThroughout ? { onlyFor: [q.ownerId, q.askerId] } : {}),
    });
  }

  /** Reads the question back as `viewerId` sees it, and tells the open pages of its task. */
  async function changed(
    tx: Db,
    q: Pick<Locked, 'id' | 'taskId' | 'ownerId' | 'askerId' | 'hiddenAt'>,
    viewerId: string,
  ) {
    const [row] = await selectQuestions(tx).where(eq(questions.id, q.id));
    if (!row) throw new Error('question vanished in its own transaction');
    await publish(tx, q, q.hiddenAt !== null && row.hiddenAt !== null);
    return toQuestion(row, viewerId, q.ownerId);
  }

  /** The server's reports of an answer a watched word holds or flags. */
  async function reportAnswer(
    tx: Db,
    rules: ModerationRules,
    screened: Screened<{ answer: string }>,
    q: Locked,
    ownerId: string,
  ) {
    if (!screened.words.length) return;
    const [row] = await tx
      .select({ question: questions.text })
      .from(questions)
      .where(eq(questions.id, q.id));
    await reportScreened(tx, rules, screened, {
      targetType: 'answer',
      targetId: q.id,
      authorId: ownerId,
      snapshot: { question: row?.question ?? '', answer: screened.values.answer, taskId: q.taskId },
    });
  }

  /** A change the task's owner makes to one of its questions, in one transaction. */
  async function asOwner(
    id: string,
    userId: string,
    refusal: string,
    write: (tx: Db, q: Locked) => Promise<unknown>,
  ) {
    return db.transaction(async (tx) => {
      const q = await lockQuestion(tx, id, userId);
      if (q.ownerId !== userId) throw forbidden(refusal);
      await write(tx, q);
      return changed(tx, q, userId);
    });
  }

  return {
    /** The page query, unexecuted (the index test EXPLAINs it). */
    pageQuery(taskId: string, viewerId: string, ownerId: string, limit: number, cursor?: string) {
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      if (cursor !== undefined && !after) throw badCursor();
      return selectQuestions(db)
        .where(
          and(
            eq(questions.taskId, taskId),
            visibleTo(viewerId, ownerId),
            after && olderThan(questions.createdAt, questions.id, after),
          ),
        )
        .orderBy(desc(questions.createdAt), desc(questions.id))
        .limit(limit + 1);
    },

    /** One page of a task's questions as `viewerId` sees them, newest first. */
    async list(
      taskId: string,
      viewerId: string,
      limit: number,
      cursor?: string,
    ): Promise<QuestionPage> {
      const task = await taskOf(db, taskId);
      if (!task) throw notFound(TASK_NOT_FOUND);
      const rows = await this.pageQuery(task.id, viewerId, task.ownerId, limit, cursor);
      const [counted] = await db
        .select({ n: count() })
        .from(questions)
        .where(and(eq(questions.taskId, task.id), visibleTo(viewerId, task.ownerId)));
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map((r) => toQuestion(r, viewerId, task.ownerId)),
        nextCursor:
          rows.length > limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
        total: counted?.n ?? 0,
        canAsk:
          viewerId !== task.ownerId && (await contactState(db, viewerId, task.ownerId)) === 'open',
      };
    },

    /**
     * Asks on someone else's task, with no block between the asker and its owner; the owner
     * is notified in the same transaction.
     */
    async ask(taskId: string, asker: { id: string; name: string }, written: string) {
      const rules = await moderationRules(db);
      return db.transaction(async (tx) => {
        const task = await taskOf(tx, taskId);
        if (!task) throw notFound(TASK_NOT_FOUND);
        if (task.ownerId === asker.id) throw forbidden(NO_QUESTION_ON_OWN_TASK);
        await assertMayContact(tx, asker.id, task.ownerId, BLOCK_MESSAGES.youBlockedPoster);
        // Asked before the task is assigned, contact details are looked for.
        const screened = screenText(rules, { text: written }, { contact: !task.assigneeId });
        const { text } = screened.values;
        const { id } = insertedRow(
          await tx
            .insert(questions)
            .values({ taskId: task.id, askerId: asker.id, text })
            .returning({ id: questions.id }),
        );
        await notify(
          tx,
          events,
          [
            {
              userId: task.ownerId,
              type: 'question.asked',
              title: `New question on “${task.title}”`,
              body: `${asker.name} asked: ${excerpt(text)}`,
              taskId: task.id,
              newQuestion: { taskTitle: task.title, name: asker.name, text },
            },
          ],
          asker.id,
        );
        await reportScreened(tx, rules, screened, {
          targetType: 'question',
          targetId: id,
          authorId: asker.id,
          snapshot: { text, taskId: task.id },
        });
        const question = await changed(
          tx,
          { id, taskId: task.id, ownerId: task.ownerId, askerId: asker.id, hiddenAt: null },
          asker.id,
        );
        return screened.warning ? { ...question, warning: screened.warning } : question;
      });
    },

    /** The owner's one answer; the asker is notified. */
    async answer(id: string, userId: string, written: string) {
      const rules = await moderationRules(db);
      const screened = screenText(rules, { answer: written }, { contact: false });
      const { answer } = screened.values;
      return asOwner(id, userId, OWNER_ANSWERS, async (tx, q) => {
        if (q.answered) throw conflict(ALREADY_ANSWERED, 'ALREADY_ANSWERED');
        await reportAnswer(tx, rules, screened, q, userId);
        await tx
          .update(questions)
          .set({ answer, answeredAt: sql`now()` })
          .where(eq(questions.id, q.id));
        await notify(
          tx,
          events,
          [
            {
              userId: q.askerId,
              type: 'question.answered',
              title: `Your question on “${q.taskTitle}” was answered`,
              body: `${q.ownerName} answered: ${excerpt(answer)}`,
              taskId: q.taskId,
            },
          ],
          userId,
        );
      });
    },

    /** Changes the answer, within the edit window after it was first given. */
    async editAnswer(id: string, userId: string, written: string) {
      const rules = await moderationRules(db);
      const screened = screenText(rules, { answer: written }, { contact: false });
      const { answer } = screened.values;
      return asOwner(id, userId, OWNER_ANSWERS, async (tx, q) => {
        if (!q.answered) throw conflict(NOT_ANSWERED, 'NOT_ANSWERED');
        if (!q.editable) throw conflict(EDIT_WINDOW_CLOSED, 'EDIT_WINDOW_CLOSED');
        await reportAnswer(tx, rules, screened, q, userId);
        await tx
          .update(questions)
          .set({ answer, answerEditedAt: sql`now()` })
          .where(eq(questions.id, q.id));
      });
    },

    /** Hides a question from everyone but the owner and its asker, or shows it again. */
    setHidden(id: string, userId: string, hidden: boolean) {
      return asOwner(id, userId, OWNER_HIDES, async (tx, q) => {
        await tx
          .update(questions)
          .set({ hiddenAt: hidden ? sql`coalesce(${questions.hiddenAt}, now())` : null })
          .where(eq(questions.id, q.id));
      });
    },

    /** The asker takes back a question nobody answered yet. */
    async remove(id: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const q = await lockQuestion(tx, id, userId);
        if (q.askerId !== userId) throw forbidden(ASKER_DELETES);
        if (q.answered) throw conflict(ANSWERED_NOT_DELETABLE, 'ANSWERED');
        await tx.delete(questions).where(eq(questions.id, q.id));
        await publish(tx, q, q.hiddenAt !== null);
      });
    },
  };
}
