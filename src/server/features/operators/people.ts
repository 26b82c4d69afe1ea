import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { OperatorPerson, OperatorPersonDetail } from '../../../shared/operators/schema.ts';
import { PERSON_RECENT } from '../../../shared/operators/schema.ts';
import type { Page } from '../../../shared/paging/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { bids, moderationCases, reports, session, tasks, user } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/http/errors.ts';
import { limitRunning, statementsOf } from '../statements/index.ts';

export const PERSON_NOT_FOUND = 'No such person';

const OUTER_USER_ID = sql.raw('"user"."id"');

const personColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  emailVerified: user.emailVerified,
  banned: user.banned,
  banExpires: user.banExpires,
  limitedUntil: user.limitedUntil,
  createdAt: user.createdAt,
};

type PersonRow = Omit<OperatorPerson, 'banExpires' | 'limitedUntil' | 'createdAt'> & {
  banExpires: Date | null;
  limitedUntil: Date | null;
  createdAt: Date;
};

const toPerson = (row: PersonRow): OperatorPerson => ({
  ...row,
  banExpires: row.banExpires?.toISOString() ?? null,
  // A limit past its date is over, whether or not the job has cleared it yet.
  limitedUntil: limitRunning(row.limitedUntil)?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** `%` and `_` typed by an operator match themselves. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** People whose e-mail starts with, or name contains, `query`; newest accounts first. */
export async function peoplePage(
  db: Db,
  query: string,
  page: number,
  limit: number,
): Promise<Page<OperatorPerson>> {
  const where = query
    ? or(ilike(user.email, `${literal(query)}%`), ilike(user.name, `%${literal(query)}%`))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(personColumns)
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(user).where(where),
  ]);
  return { items: rows.map(toPerson), total: total?.n ?? 0 };
}

/** One person as the console shows them: counts, recent things, sessions, statements. */
export async function personDetail(db: Db, id: string): Promise<OperatorPersonDetail> {
  const [row] = await db
    .select({
      ...personColumns,
      banReason: user.banReason,
      // Drizzle leaves columns of a one-table select unqualified: name the outer row.
      tasksPosted: sql<number>`(select count(*) from ${tasks} where ${tasks.ownerId} = ${OUTER_USER_ID})::int`,
      bidsPlaced: sql<number>`(select count(*) from ${bids} where ${bids.bidderId} = ${OUTER_USER_ID})::int`,
    })
    .from(user)
    .where(eq(user.id, id));
  if (!row) throw notFound(PERSON_NOT_FOUND);
  const [strikes, recentTasks, recentBids, reportsAgainst, reportsBy] = await Promise.all([
    statementsOf(db, id),
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        status: tasks.status,
        moderation: tasks.moderation,
        createdAt: tasks.createdAt,
      })
      .from(tasks)
      .where(eq(tasks.ownerId, id))
      .orderBy(desc(tasks.createdAt))
      .limit(PERSON_RECENT),
    db
      .select({
        id: bids.id,
        taskId: bids.taskId,
        taskTitle: tasks.title,
        amount: bids.amount,
        status: bids.status,
        createdAt: bids.createdAt,
      })
      .from(bids)
      .innerJoin(tasks, eq(tasks.id, bids.taskId))
      .where(eq(bids.bidderId, id))
      .orderBy(desc(bids.createdAt))
      .limit(PERSON_RECENT),
    db
      .select({
        id: moderationCases.id,
        targetType: moderationCases.targetType,
        targetId: moderationCases.targetId,
        status: moderationCases.status,
        score: moderationCases.score,
        reportCount: moderationCases.reportCount,
        openedAt: moderationCases.openedAt,
      })
      .from(moderationCases)
      .where(eq(moderationCases.authorId, id))
      .orderBy(desc(moderationCases.openedAt))
      .limit(PERSON_RECENT),
    db
      .select({
        id: reports.id,
        targetType: reports.targetType,
        category: reports.category,
        status: moderationCases.status,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .innerJoin(moderationCases, eq(moderationCases.id, reports.caseId))
      .where(eq(reports.reporterId, id))
      .orderBy(desc(reports.createdAt))
      .limit(PERSON_RECENT),
  ]);
  const iso = <T extends { createdAt: Date }>(row: T) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
  });
  const open = await db
    .select({
      id: session.id,
      createdAt: session.createdAt,
      lastSeenAt: session.updatedAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(and(eq(session.userId, id), sql`${session.expiresAt} > now()`))
    .orderBy(desc(session.updatedAt));
  return {
    ...toPerson(row),
    banReason: row.banReason,
    tasksPosted: row.tasksPosted,
    bidsPlaced: row.bidsPlaced,
    recentTasks: recentTasks.map(iso),
    recentBids: recentBids.map(iso),
    reportsAgainst: reportsAgainst.map((item) => ({
      ...item,
      openedAt: item.openedAt.toISOString(),
    })),
    reportsBy: reportsBy.map(iso),
    statements: strikes,
    sessions: open.map((s) => ({
      ...s,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
    })),
  };
}
