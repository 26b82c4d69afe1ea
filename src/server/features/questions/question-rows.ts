/** A task's questions as rows: what is read, what a reader may see, and how each is shown. */
import { and, eq, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { ANSWER_EDIT_MINUTES } from '../../../shared/constants.ts';
import type { Question } from '../../../shared/questions/schema.ts';
import { moderationNotice } from '../../../shared/operators/rules.ts';
import type { Db } from '../../platform/db/client.ts';
import { cursorTime } from '../../platform/db/paging.ts';
import { questions, user } from '../../platform/db/schema.ts';
import { hasBlocked } from '../blocks/index.ts';

/** Whether an answer given at `answered_at` may still be changed (the database's clock). */
export const editable = sql<boolean>`coalesce(${questions.answeredAt} > now() - make_interval(mins => ${ANSWER_EDIT_MINUTES}), false)`;

const questionColumns = {
  id: questions.id,
  taskId: questions.taskId,
  askerId: questions.askerId,
  askerName: user.name,
  text: questions.text,
  answer: questions.answer,
  answeredAt: questions.answeredAt,
  answerEditedAt: questions.answerEditedAt,
  hiddenAt: questions.hiddenAt,
  moderation: questions.moderation,
  moderationRule: questions.moderationRule,
  answerModeration: questions.answerModeration,
  answerModerationRule: questions.answerModerationRule,
  createdAt: questions.createdAt,
  cursorAt: cursorTime(questions.createdAt),
  editable: editable.mapWith(Boolean),
};

export function selectQuestions(db: Db) {
  return db.select(questionColumns).from(questions).innerJoin(user, eq(user.id, questions.askerId));
}
export type QuestionRow = Awaited<ReturnType<typeof selectQuestions>>[number];

/** A question as `viewerId` sees it on a task `ownerId` posted, with what they may do. */
export function toQuestion(r: QuestionRow, viewerId: string, ownerId: string): Question {
  const isOwner = viewerId === ownerId;
  const answered = r.answer !== null;
  // A held or removed answer is read by its author (the owner) only, marked.
  const answerShown = r.answerModeration === null || isOwner;
  const notice = moderationNotice(r.moderation, r.moderationRule);
  const answerNotice = moderationNotice(r.answerModeration, r.answerModerationRule);
  return {
    _id: r.id,
    taskId: r.taskId,
    asker: { id: r.askerId, name: r.askerName },
    text: r.text,
    createdAt: r.createdAt.toISOString(),
    answer: answerShown ? r.answer : null,
    answeredAt: answerShown ? (r.answeredAt?.toISOString() ?? null) : null,
    answerEditedAt: answerShown ? (r.answerEditedAt?.toISOString() ?? null) : null,
    hidden: r.hiddenAt !== null,
    ...(notice ? { moderationNotice: notice } : {}),
    ...(answerNotice && isOwner ? { answerModerationNotice: answerNotice } : {}),
    canAnswer: isOwner && !answered,
    canEditAnswer: isOwner && answered && r.editable,
    canHide: isOwner,
    canDelete: viewerId === r.askerId && !answered,
  };
}

/** Whether `viewerId` may see (and hear of) the question while it is hidden. */
export const mayHear = (q: { ownerId: string; askerId: string }, viewerId: string) =>
  viewerId === q.ownerId || viewerId === q.askerId;

/**
 * What a reader may see of a task's questions: the owner all but those moderation holds or
 * removed, others the shown and their own (an asker always sees their own, marked); nobody
 * those of people they blocked.
 */
export function visibleTo(viewerId: string, ownerId: string): SQL | undefined {
  const unblocked = not(hasBlocked(viewerId, questions.askerId));
  const moderated = or(isNull(questions.moderation), eq(questions.askerId, viewerId));
  if (viewerId === ownerId) return and(unblocked, moderated);
  return and(unblocked, moderated, or(isNull(questions.hiddenAt), eq(questions.askerId, viewerId)));
}
