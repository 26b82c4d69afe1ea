import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Decision, ReportInput } from '../../../shared/operators/schema.ts';
import {
  NEW_ACCOUNT_DAYS,
  NEW_ACCOUNT_REPORTS_PER_HOUR,
  OPERATOR_REPORT_WEIGHT,
  outranks,
  OUTRANKED_MESSAGE,
  REPORTS_PER_HOUR,
  reportWeight,
  type RuleId,
} from '../../../shared/operators/rules.ts';
import { recordAudit, type OperatorActor } from '../../platform/audit.ts';
import type { CurrentUser } from '../../platform/auth/require-user.ts';
import type { Db } from '../../platform/db/client.ts';
import { moderationCases, reports, user } from '../../platform/db/schema.ts';
import { forbidden, HttpError, notFound } from '../../platform/http/errors.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { recordStatement } from '../statements/index.ts';
import { holdIfDue, setModeration, tellAuthor } from './moderation.ts';
import { dashboardFigures, HOUR_MS } from './dashboard.ts';
import { reviewQueuePage } from './review-queue.ts';
import { addToCase } from './queue-items.ts';
import { readReportedThing } from './targets.ts';

const CASE_NOT_FOUND = 'No such item in the review queue';

export const REPORT_MESSAGES = {
  received: 'Thank you. Our moderators will look at it, and we will tell you what they decide.',
  nothing: 'There is nothing to report here.',
  own: 'You cannot report what you wrote yourself.',
  already: 'You have already reported this.',
  tooMany: 'You have sent many reports in the last hour. Please try again later.',
  decided: 'This item was already decided.',
} as const;

/** Reports people file, and the review queue operators work through. */
export function createReportRepository(db: Db, events?: Pick<EventBus, 'publish'>) {
  /** What the reporter's next report weighs: their record of upheld reports, or an operator's. */
  async function weightOf(tx: Db, reporter: CurrentUser) {
    if (reporter.role !== 'user') return OPERATOR_REPORT_WEIGHT;
    const [record] = await tx
      .select({
        decided: count(),
        upheld: sql<number>`count(*) filter (where ${moderationCases.status} = 'upheld')`.mapWith(
          Number,
        ),
      })
      .from(reports)
      .innerJoin(moderationCases, eq(moderationCases.id, reports.caseId))
      .where(and(eq(reports.reporterId, reporter.id), sql`${moderationCases.status} <> 'open'`));
    return reportWeight({ upheld: record?.upheld ?? 0, decided: record?.decided ?? 0 });
  }

  /** Refuses a reporter past their hourly allowance (smaller while their account is new). */
  async function checkAllowance(tx: Db, reporterId: string) {
    const [row] = await tx
      .select({
        createdAt: user.createdAt,
        lastHour:
          sql<number>`(select count(*) from ${reports} where ${reports.reporterId} = ${reporterId} and ${reports.createdAt} > now() - interval '1 hour')`.mapWith(
            Number,
          ),
      })
      .from(user)
      .where(eq(user.id, reporterId));
    const isNew = Date.now() - (row?.createdAt.getTime() ?? 0) < NEW_ACCOUNT_DAYS * 24 * HOUR_MS;
    const allowance = isNew ? NEW_ACCOUNT_REPORTS_PER_HOUR : REPORTS_PER_HOUR;
    if ((row?.lastHour ?? 0) >= allowance) {
      throw new HttpError(429, REPORT_MESSAGES.tooMany, 'TOO_MANY_REPORTS');
    }
  }

  return {
    /**
     * Files a report: the thing as it reads now is kept with it, and it adds its weight to
     * the thing's one open queue item (made by the first report). One per person and thing.
     */
    async file(reporter: CurrentUser, input: ReportInput) {
      return db.transaction(async (tx) => {
        const thing = await readReportedThing(tx, input.targetType, input.targetId, reporter.id);
        if (!thing) throw notFound(REPORT_MESSAGES.nothing);
        if (thing.authorId === reporter.id) throw forbidden(REPORT_MESSAGES.own);
        await checkAllowance(tx, reporter.id);
        const weight = await weightOf(tx, reporter);
        const item = await addToCase(
          tx,
          { targetType: input.targetType, targetId: input.targetId, authorId: thing.authorId },
          weight,
        );
        const [report] = await tx
          .insert(reports)
          .values({
            caseId: item.id,
            reporterId: reporter.id,
            targetType: input.targetType,
            targetId: input.targetId,
            category: input.category,
            comment: input.comment,
            snapshot: thing.snapshot,
            weight,
          })
          .onConflictDoNothing()
          .returning({ id: reports.id });
        // Rolls the queue item's new weight back with it.
        if (!report) throw new HttpError(409, REPORT_MESSAGES.already, 'ALREADY_REPORTED');
        await holdIfDue(
          tx,
          {
            targetType: input.targetType,
            targetId: input.targetId,
            authorId: thing.authorId,
            score: item.score,
          },
          events,
        );
        return { id: report.id, message: REPORT_MESSAGES.received };
      });
    },

    /** The open items, highest score first, then the oldest. */
    queue: (page: number, limit: number) => reviewQueuePage(db, page, limit),

    /** Takes an open item, so other operators see someone is on it. */
    async assign(actor: OperatorActor, caseId: string) {
      return db.transaction(async (tx) => {
        const item = await lockOpenCase(tx, actor, caseId);
        if (item.assignedTo === actor.id) return { assignedTo: actor.id };
        await tx
          .update(moderationCases)
          .set({ assignedTo: actor.id })
          .where(eq(moderationCases.id, caseId));
        await recordAudit(tx, actor, {
          action: 'case.assigned',
          target: { type: 'case', id: caseId },
          before: { assignedTo: item.assignedTo },
          after: { assignedTo: actor.id },
        });
        return { assignedTo: actor.id };
      });
    },

    /**
     * Upholds or dismisses every report of an item, once: of two operators deciding at once
     * the second finds it decided (409). Upholding removes the thing (gone for all but its
     * author, told the rule); dismissing shows it again if it was held. Each reporter is
     * mailed the outcome.
     */
    async decide(actor: OperatorActor, caseId: string, decision: Decision) {
      return db.transaction(async (tx) => {
        const item = await lockOpenCase(tx, actor, caseId);
        const upheld = decision.outcome === 'upheld';
        const rule = upheld ? (decision.rule ?? (await topCategory(tx, caseId))) : null;
        const changed = upheld
          ? await setModeration(
              tx,
              item.targetType,
              item.targetId,
              { state: 'removed', rule },
              [null, 'held', 'limited'],
              events,
            )
          : await setModeration(
              tx,
              item.targetType,
              item.targetId,
              { state: null },
              ['held'],
              events,
            );
        // Shown again: the author is told. Removed: the statement below tells them why.
        if (changed && !upheld) {
          await tellAuthor(tx, item.authorId, item.targetType, { state: 'restored' });
        }
        const moderation = changed
          ? { before: changed.before, after: upheld ? 'removed' : null }
          : {};
        await tx
          .update(moderationCases)
          .set({
            status: decision.outcome,
            decidedAt: new Date(),
            decidedBy: actor.id,
            decisionReason: decision.reason,
          })
          .where(eq(moderationCases.id, caseId));
        await recordAudit(tx, actor, {
          action: `report.${decision.outcome}`,
          target: { type: 'case', id: caseId },
          before: { status: 'open', score: item.score, moderation: moderation.before },
          after: {
            status: decision.outcome,
            moderation: moderation.after,
            ...(rule ? { rule } : {}),
            targetType: item.targetType,
            targetId: item.targetId,
            authorId: item.authorId,
          },
          reason: decision.reason,
        });
        if (rule) await giveStatement(tx, actor, item, rule, decision.reason);
        const reporters = await tx
          .select({ email: user.email, reportedAt: reports.createdAt })
          .from(reports)
          .innerJoin(user, eq(user.id, reports.reporterId))
          .where(eq(reports.caseId, caseId));
        for (const reporter of reporters) {
          await enqueueMail(tx, {
            kind: 'report-decided',
            to: reporter.email,
            data: {
              thing: item.targetType,
              reportedAt: reporter.reportedAt.toISOString(),
              upheld: decision.outcome === 'upheld',
            },
          });
        }
        return { status: decision.outcome };
      });
    },

    /** The dashboard's figures. */
    dashboard: () => dashboardFigures(db),
  };
}

/** The category most of an item's reports named (the rule a removal cites by default). */
async function topCategory(tx: Db, caseId: string): Promise<RuleId> {
  const [row] = await tx
    .select({ category: reports.category })
    .from(reports)
    .where(eq(reports.caseId, caseId))
    .groupBy(reports.category)
    .orderBy(desc(sql`sum(${reports.weight})`), asc(reports.category))
    .limit(1);
  return row?.category ?? 'other';
}

/**
 * The statement to the author of upheld (so removed) content: the rule and the moderator's
 * reason, in the app and by mail, with its appeal.
 */
async function giveStatement(
  tx: Db,
  actor: OperatorActor,
  item: { id: string; authorId: string | null },
  rule: RuleId,
  reason: string,
) {
  if (!item.authorId) return;
  const [author] = await tx
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.id, item.authorId));
  if (!author) return;
  await recordStatement(tx, actor, author, {
    action: 'content',
    rule,
    reason,
    until: null,
    caseId: item.id,
  });
}

/** An open item locked for a decision by an operator who outranks its author. */
async function lockOpenCase(tx: Db, actor: OperatorActor, caseId: string) {
  const [item] = await tx
    .select({
      id: moderationCases.id,
      status: moderationCases.status,
      score: moderationCases.score,
      targetType: moderationCases.targetType,
      targetId: moderationCases.targetId,
      authorId: moderationCases.authorId,
      authorRole: user.role,
      assignedTo: moderationCases.assignedTo,
    })
    .from(moderationCases)
    .leftJoin(user, eq(user.id, moderationCases.authorId))
    .where(eq(moderationCases.id, caseId))
    .for('update', { of: moderationCases });
  if (!item) throw notFound(CASE_NOT_FOUND);
  if (item.status !== 'open') throw new HttpError(409, REPORT_MESSAGES.decided, 'ALREADY_DECIDED');
  if (item.authorId === actor.id) throw forbidden('You cannot decide on reports about yourself.');
  if (item.authorRole && !outranks(actor.role, item.authorRole)) {
    throw forbidden(OUTRANKED_MESSAGE);
  }
  return item;
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
