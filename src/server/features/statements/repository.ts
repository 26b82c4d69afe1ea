import { asc, count, desc, eq } from 'drizzle-orm';
import type { Appeal, AppealDecision, Statement } from '../../../shared/operators/schema.ts';
import {
  APPEAL_DAYS,
  outranks,
  OUTRANKED_MESSAGE,
  RULES,
  SUPPORT_ADDRESS,
  type AppealState,
  type RuleId,
  type StatementAction,
} from '../../../shared/operators/rules.ts';
import type { Page } from '../../../shared/paging/schema.ts';
import { recordAudit, type AuditActor, type OperatorActor } from '../../platform/audit.ts';
import type { SessionCache } from '../../platform/auth/session-cache.ts';
import type { Db } from '../../platform/db/client.ts';
import { statements, user } from '../../platform/db/schema.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../platform/http/errors.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { enqueueMail, type MailTx } from '../../platform/mail/outbox.ts';
import { showOpenTasksOf } from './limited-tasks.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export const STATEMENT_MESSAGES = {
  notFound: 'No such notice',
  appealed: 'You have already appealed this decision: each can be appealed once.',
  appealClosed: `An appeal is possible for ${APPEAL_DAYS} days after a decision, and that time is over for this one.`,
  decided: 'This appeal was already decided.',
  ownDecision: 'You cannot decide an appeal of your own decision: another operator does.',
  aboutYou: 'You cannot decide an appeal about yourself.',
} as const;

/** What an operator did, to be said to the person. */
export interface NewStatement {
  action: StatementAction;
  rule: RuleId;
  reason: string;
  /** The end of a limit or a suspension (null: none, or a ban). */
  until: Date | null;
  /** The queue item of an upheld report. */
  caseId?: string | null;
}

/**
 * Writes the statement of reasons for an action on a person, in the action's transaction,
 * and mails it to them (one template for every action; a suspended or banned person is told
 * to appeal by e-mail, anyone else under Account notices).
 */
export async function recordStatement(
  tx: MailTx,
  actor: AuditActor,
  person: { id: string; email: string },
  statement: NewStatement,
) {
  const [row] = await tx
    .insert(statements)
    .values({
      userId: person.id,
      action: statement.action,
      rule: statement.rule,
      reason: statement.reason,
      until: statement.until,
      caseId: statement.caseId ?? null,
      actorId: actor === 'console' ? null : actor.id,
    })
    .returning({ id: statements.id });
  await enqueueMail(tx, {
    kind: 'account-statement',
    to: person.email,
    data: {
      action: statement.action,
      rule: RULES[statement.rule],
      reason: statement.reason,
      until: statement.until?.toISOString().slice(0, 10) ?? null,
      supportAddress: SUPPORT_ADDRESS,
    },
  });
  return row!.id;
}

const statementColumns = {
  id: statements.id,
  action: statements.action,
  rule: statements.rule,
  reason: statements.reason,
  until: statements.until,
  createdAt: statements.createdAt,
  appealState: statements.appealState,
  appealText: statements.appealText,
  appealedAt: statements.appealedAt,
  appealDecidedAt: statements.appealDecidedAt,
  appealDecisionReason: statements.appealDecisionReason,
};

interface StatementRow {
  id: string;
  action: StatementAction;
  rule: RuleId;
  reason: string;
  until: Date | null;
  createdAt: Date;
  appealState: AppealState | null;
  appealText: string | null;
  appealedAt: Date | null;
  appealDecidedAt: Date | null;
  appealDecisionReason: string | null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A statement row as its person and operators read it. */
export function toStatement(row: StatementRow): Statement {
  return {
    id: row.id,
    action: row.action,
    rule: row.rule,
    ruleText: RULES[row.rule],
    reason: row.reason,
    until: iso(row.until),
    createdAt: row.createdAt.toISOString(),
    appealableUntil: new Date(row.createdAt.getTime() + APPEAL_DAYS * DAY_MS).toISOString(),
    appealState: row.appealState,
    appealText: row.appealText,
    appealedAt: iso(row.appealedAt),
    appealDecidedAt: iso(row.appealDecidedAt),
    appealDecisionReason: row.appealDecisionReason,
  };
}

/** A person's statements, newest first (theirs under Account notices; operators' strikes). */
export async function statementsOf(db: Db, userId: string): Promise<Statement[]> {
  const rows = await db
    .select(statementColumns)
    .from(statements)
    .where(eq(statements.userId, userId))
    .orderBy(desc(statements.createdAt), desc(statements.id));
  return rows.map(toStatement);
}

/** Statements, the appeals people make of them, and operators' decisions on those. */
export function createStatementRepository(
  db: Db,
  sessions: SessionCache,
  events?: Pick<EventBus, 'publish'>,
) {
  return {
    own: (userId: string) => statementsOf(db, userId),

    /**
     * Appeals one of the person's own statements, once, within APPEAL_DAYS of it. Another
     * person's statement answers 404, as if it did not exist.
     */
    async appeal(userId: string, statementId: string, text: string): Promise<Statement> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ ...statementColumns, userId: statements.userId })
          .from(statements)
          .where(eq(statements.id, statementId))
          .for('update');
        if (!row || row.userId !== userId) throw notFound(STATEMENT_MESSAGES.notFound);
        if (row.appealState) {
          throw new HttpError(409, STATEMENT_MESSAGES.appealed, 'ALREADY_APPEALED');
        }
        if (Date.now() > row.createdAt.getTime() + APPEAL_DAYS * DAY_MS) {
          throw badRequest(STATEMENT_MESSAGES.appealClosed, 'APPEAL_CLOSED');
        }
        const [updated] = await tx
          .update(statements)
          .set({ appealState: 'open', appealText: text, appealedAt: new Date() })
          .where(eq(statements.id, statementId))
          .returning(statementColumns);
        return toStatement(updated!);
      });
    },

    /** Open appeals, oldest first, with the person and the decision appealed. */
    async openAppeals(page: number, limit: number): Promise<Page<Appeal>> {
      const where = eq(statements.appealState, 'open');
      const [rows, [total]] = await Promise.all([
        db
          .select({
            ...statementColumns,
            personId: statements.userId,
            personName: user.name,
            actorId: statements.actorId,
          })
          .from(statements)
          .innerJoin(user, eq(user.id, statements.userId))
          .where(where)
          .orderBy(asc(statements.appealedAt), asc(statements.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(statements).where(where),
      ]);
      return {
        items: rows.map((row) => ({
          ...toStatement(row),
          personId: row.personId,
          personName: row.personName,
          actorId: row.actorId,
          ageHours: Math.floor((Date.now() - (row.appealedAt?.getTime() ?? Date.now())) / HOUR_MS),
        })),
        total: total?.n ?? 0,
      };
    },

    /**
     * Upholds an appeal's decision (it stands) or overturns it (what it restricts is lifted
     * when it is still the person's standing; the statement says overturned). Once: of two
     * operators deciding at once the second finds it decided (409). Not by the operator who
     * made the decision, and only about someone the operator outranks. The person is mailed.
     */
    async decide(actor: OperatorActor, statementId: string, decision: AppealDecision) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            id: statements.id,
            action: statements.action,
            until: statements.until,
            appealState: statements.appealState,
            actorId: statements.actorId,
            personId: user.id,
            email: user.email,
            role: user.role,
            banned: user.banned,
            banExpires: user.banExpires,
            limitedUntil: user.limitedUntil,
          })
          .from(statements)
          .innerJoin(user, eq(user.id, statements.userId))
          .where(eq(statements.id, statementId))
          .for('update');
        if (!row || !row.appealState) throw notFound('No such appeal');
        if (row.appealState !== 'open') {
          throw new HttpError(409, STATEMENT_MESSAGES.decided, 'ALREADY_DECIDED');
        }
        if (row.personId === actor.id) throw forbidden(STATEMENT_MESSAGES.aboutYou);
        if (row.actorId === actor.id) throw forbidden(STATEMENT_MESSAGES.ownDecision);
        if (!outranks(actor.role, row.role)) throw forbidden(OUTRANKED_MESSAGE);

        await tx
          .update(statements)
          .set({
            appealState: decision.outcome,
            appealDecidedAt: new Date(),
            appealDecidedBy: actor.id,
            appealDecisionReason: decision.reason,
          })
          .where(eq(statements.id, statementId));
        const lifted = decision.outcome === 'overturned' ? await lift(tx, row, events) : null;
        await recordAudit(tx, actor, {
          action: `appeal.${decision.outcome}`,
          target: { type: 'statement', id: statementId },
          before: { appeal: 'open', action: row.action, personId: row.personId },
          after: { appeal: decision.outcome, lifted },
          reason: decision.reason,
        });
        await enqueueMail(tx, {
          kind: 'appeal-decided',
          to: row.email,
          data: {
            overturned: decision.outcome === 'overturned',
            reason: decision.reason,
            signIn: lifted === 'suspension',
          },
        });
        if (lifted) await sessions.changed(tx, row.personId);
        return { appealState: decision.outcome, lifted };
      });
    },
  };
}

/** Same instant (or both none). */
const sameTime = (a: Date | null, b: Date | null) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * Lifts what an overturned statement restricts, when it is still the person's standing (a
 * later, different limit or suspension stays): returns what was lifted.
 */
async function lift(
  tx: Db,
  row: {
    action: StatementAction;
    until: Date | null;
    personId: string;
    banned: boolean;
    banExpires: Date | null;
    limitedUntil: Date | null;
  },
  events: Pick<EventBus, 'publish'> | undefined,
): Promise<'limit' | 'suspension' | null> {
  if (row.action === 'limit' && row.limitedUntil && sameTime(row.limitedUntil, row.until)) {
    await tx.update(user).set({ limitedUntil: null }).where(eq(user.id, row.personId));
    await showOpenTasksOf(tx, row.personId, events);
    return 'limit';
  }
  const suspended = row.action === 'suspension' || row.action === 'ban';
  if (suspended && row.banned && sameTime(row.banExpires, row.until)) {
    await tx
      .update(user)
      .set({ banned: false, banReason: null, banExpires: null })
      .where(eq(user.id, row.personId));
    return 'suspension';
  }
  return null;
}

/** Whether a limit is running now. */
export const limitRunning = (until: Date | null) =>
  until !== null && until.getTime() > Date.now() ? until : null;
