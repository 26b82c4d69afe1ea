import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditEntryView, AuditQuery } from '../../../shared/operators/schema.ts';
import type { Page } from '../../../shared/paging/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { auditLog, user } from '../../platform/db/schema.ts';
import { badRequest } from '../../platform/http/errors.ts';

/** The day after a YYYY-MM-DD date, at midnight UTC: the end of a date range, excluded. */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

/** The audit log, newest first, with the actor's current name. */
export async function auditLogPage(db: Db, query: AuditQuery): Promise<Page<AuditEntryView>> {
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(eq(auditLog.actorId, query.actor));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.targetType) conditions.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) conditions.push(eq(auditLog.targetId, query.targetId));
  if (query.from) conditions.push(gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(auditLog.at, dayAfter(query.to)));
  if (query.from && query.to && query.from > query.to) {
    throw badRequest('The start date is after the end date.');
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorId: auditLog.actorId,
        actorName: user.name,
        actorRole: auditLog.actorRole,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        before: auditLog.before,
        after: auditLog.after,
        reason: auditLog.reason,
        requestId: auditLog.requestId,
      })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      at: r.at.toISOString(),
      before: r.before as Record<string, unknown> | null,
      after: r.after as Record<string, unknown> | null,
    })),
    total: total?.n ?? 0,
  };
}
