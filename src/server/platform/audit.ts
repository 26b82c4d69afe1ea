import type { FastifyRequest } from 'fastify';
import type { Role } from '../../shared/operators/rules.ts';
import type { Db } from './db/client.ts';
import { auditLog } from './db/schema.ts';

/** Who acted: a signed-in operator, or the command line. */
export type AuditActor = OperatorActor | 'console';
export interface OperatorActor {
  id: string;
  role: Role;
  requestId?: string;
}

export interface AuditEntry {
  /** What was done, `noun.verb`: `role.changed`, `sessions.ended`, `person.suspended`. */
  action: string;
  target: { type: string; id: string };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

/** The operator behind a request, for `recordAudit`. */
export function requestActor(request: FastifyRequest): OperatorActor {
  const user = request.user;
  if (!user) throw new Error('An audited action needs a signed-in operator.');
  return { id: user.id, role: user.role, requestId: request.id };
}

/**
 * Writes one row of the audit log. Call it inside the action's own transaction, so the row
 * exists exactly when the action happened; the table refuses every UPDATE and DELETE.
 */
export async function recordAudit(tx: Pick<Db, 'insert'>, actor: AuditActor, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    actorId: actor === 'console' ? null : actor.id,
    actorRole: actor === 'console' ? 'console' : actor.role,
    requestId: actor === 'console' ? null : (actor.requestId ?? null),
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}
