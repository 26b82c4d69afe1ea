import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Decision, QueueItem, ReportInput } from '../../../shared/operators/schema.ts';
import {
  NEW_ACCOUNT_DAYS,
  NEW_ACCOUNT_REPORTS_PER_HOUR,
  OPERATOR_REPORT_WEIGHT,
  outranks,
  OUTRANKED_MESSAGE,
  REPORTS_PER_HOUR,
  reportWeight,
  STALE_CASE_HOURS,
  type ReportTarget,
  type RuleId,
} from '../../../shared/operators/rules.ts';
import type { Page } from '../../../shared/paging/schema.ts';
import { recordAudit, type OperatorActor } from '../../platform/audit.ts';
import type { CurrentUser } from '../../platform/auth/require-user.ts';
import type { Db } from '../../platform/db/client.ts';
import { auditLog, moderationCases, reports, user } from '../../platform/db/schema.ts';
import { forbidden, HttpError, notFound } from '../../platform/http/errors.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { recordStatement } from '../statements/index.ts';
import { holdIfDue, moderationOf, setModeration, tellAuthor } from './moderation.ts';
import { readReportedThing } from './targets.ts';

const HOUR_MS = 60 * 60 * 1000;
const CASE_NOT_FOUND = 'No such item in the review queue';

export const REPORT_MESSAGES = {
  received: 'Thank you. Our moderators will look at it, and we will tell you what they decide.',
  nothing: 'There is nothing to report here.',
  own: 'You cannot report what you wrote yourself.',
  already: 'You have already reported this.',
  tooMany: 'You have sent many reports in the last hour. Please try again later.',
  decided: 'This item was already decided.',
} as const;

/** What the server reports of itself: the thing, its author, why, and what it weighs. */
export interface SystemReport {
  targetType: ReportTarget;
  targetId: string;
  authorId: string;
  category: RuleId;
  /** Why the server reported it, as the queue shows it ("Watched word “…” (flag)"). */
  comment: string;
  /** What the thing said when it was written. */
  snapshot: Record<string, unknown>;
  weight: number;
}

/**
 * Adds `weight` to the thing's one open queue item (making it when there is none). The one
 * way a report reaches the queue, for people's reports and the server's alike.
 */
async function addToCase(
  tx: Db,
  thing: { targetType: ReportTarget; targetId: string; authorId: string },
  weight: number,
) {
  const [item] = await tx
    .insert(moderationCases)
    .values({ ...thing, score: weight, reportCount: 1 })
    .onConflictDoUpdate({
      target: [moderationCases.targetType, moderationCases.targetId],
      targetWhere: sql`${moderationCases.status} = 'open'`,
      set: {
        score: sql`${moderationCases.score} + excluded.score`,
        reportCount: sql`${moderationCases.reportCount} + 1`,
      },
    })
    .returning({ id: moderationCases.id, score: moderationCases.score });
  return item!;
}

/**
 * Files a report without a person (`source: 'system'`, no reporter): a watched word or
 * contact details found on writing. It joins the same open queue item as people's reports,
 * in the writer's transaction, so the thing and its report exist together; the same reason
 * twice on one open item counts once. Returns the item's score after it.
 */
export async function fileSystemReport(tx: Db, report: SystemReport): Promise<number> {
  const { targetType, targetId, authorId, category, comment, snapshot, weight } = report;
  // The same reason again (an edit keeping the word) adds nothing to the open item.
  const [already] = await tx
    .select({ score: moderationCases.score })
    .from(reports)
    .innerJoin(moderationCases, eq(moderationCases.id, reports.caseId))
    .where(
      and(
        eq(moderationCases.targetType, targetType),
        eq(moderationCases.targetId, targetId),
        eq(moderationCases.status, 'open'),
        eq(reports.source, 'system'),
        eq(reports.comment, comment),
      ),
    )
    .limit(1);
  if (already) return already.score;
  const item = await addToCase(tx, { targetType, targetId, authorId }, weight);
  await tx.insert(reports).values({
    caseId: item.id,
    source: 'system',
    reporterId: null,
    targetType,
    targetId,
    category,
    comment,
    snapshot,
    weight,
  });
  // A watched word set to "hold" weighs the hiding score: the thing is held here.
  await holdIfDue(tx, { targetType, targetId, authorId, score: item.score });
  return item.score;
}

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
    async queue(page: number, limit: number): Promise<Page<QueueItem>> {
      const open = eq(moderationCases.status, 'open');
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: moderationCases.id,
            targetType: moderationCases.targetType,
            targetId: moderationCases.targetId,
            authorId: moderationCases.authorId,
            authorName: user.name,
            score: moderationCases.score,
            reportCount: moderationCases.reportCount,
            status: moderationCases.status,
            assignedTo: moderationCases.assignedTo,
            openedAt: moderationCases.openedAt,
          })
          .from(moderationCases)
          .leftJoin(user, eq(user.id, moderationCases.authorId))
          .where(open)
          .orderBy(desc(moderationCases.score), asc(moderationCases.openedAt))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(moderationCases).where(open),
      ]);
      const filed = rows.length
        ? await db
            .select({
              caseId: reports.caseId,
              category: reports.category,
              comment: reports.comment,
              snapshot: reports.snapshot,
            })
            .from(reports)
            .where(
              inArray(
                reports.caseId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(reports.createdAt))
        : [];
      // Each thing's moderation now (a page is at most a hundred items: one read each).
      const states = await Promise.all(
        rows.map((row) => moderationOf(db, row.targetType, row.targetId)),
      );
      return {
        items: rows.map((row, i) => {
          const mine = filed.filter((r) => r.caseId === row.id);
          return {
            ...row,
            moderation: states[i]?.state ?? null,
            openedAt: row.openedAt.toISOString(),
            ageHours: Math.floor((Date.now() - row.openedAt.getTime()) / HOUR_MS),
            categories: [...new Set(mine.map((r) => r.category as RuleId))],
            snapshot: (mine[0]?.snapshot ?? {}) as Record<string, unknown>,
            comments: mine.map((r) => r.comment).filter(Boolean),
          };
        }),
        total: total?.n ?? 0,
      };
    },

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
    async dashboard() {
      const day = new Date(Date.now() - 24 * HOUR_MS);
      const month = new Date(Date.now() - 30 * 24 * HOUR_MS);
      const week = new Date(Date.now() - NEW_ACCOUNT_DAYS * 24 * HOUR_MS);
      const [[queue], [actions], [decided], [accounts]] = await Promise.all([
        db
          .select({
            open: count(),
            oldest: sql<Date | null>`min(${moderationCases.openedAt})`.mapWith((v) =>
              v ? new Date(v as string) : null,
            ),
            stale:
              sql<number>`count(*) filter (where ${moderationCases.openedAt} < now() - make_interval(hours => ${STALE_CASE_HOURS}))`.mapWith(
                Number,
              ),
          })
          .from(moderationCases)
          .where(eq(moderationCases.status, 'open')),
        db.select({ n: count() }).from(auditLog).where(gt(auditLog.at, day)),
        db
          .select({
            decided: count(),
            upheld:
              sql<number>`count(*) filter (where ${moderationCases.status} = 'upheld')`.mapWith(
                Number,
              ),
            medianHours: sql<
              number | null
            >`percentile_cont(0.5) within group (order by extract(epoch from ${moderationCases.decidedAt} - ${moderationCases.openedAt}) / 3600)`.mapWith(
              (v) => (v === null ? null : Math.round(Number(v) * 10) / 10),
            ),
          })
          .from(moderationCases)
          .where(
            and(sql`${moderationCases.status} <> 'open'`, gt(moderationCases.decidedAt, month)),
          ),
        db
          .select({
            created: count(),
            suspended: sql<number>`count(*) filter (where ${user.banned})`.mapWith(Number),
            limited: sql<number>`count(*) filter (where ${user.limitedUntil} > now())`.mapWith(
              Number,
            ),
          })
          .from(user)
          .where(gt(user.createdAt, week)),
      ]);
      return {
        openItems: queue?.open ?? 0,
        oldestOpenHours: queue?.oldest
          ? Math.floor((Date.now() - queue.oldest.getTime()) / HOUR_MS)
          : null,
        staleItems: queue?.stale ?? 0,
        actionsLast24Hours: actions?.n ?? 0,
        upheldShare: decided?.decided ? decided.upheld / decided.decided : null,
        medianHoursToDecision: decided?.medianHours ?? null,
        newAccountsLast7Days: accounts?.created ?? 0,
        newAccountsSuspended: accounts?.suspended ?? 0,
        newAccountsLimited: accounts?.limited ?? 0,
      };
    },
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
