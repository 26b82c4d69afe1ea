import { eq } from 'drizzle-orm';
import type {
  AuditQuery,
  Limit,
  RoleChange,
  Suspension,
  Warning,
} from '../../../shared/operators/schema.ts';
import {
  grantableRoles,
  outranks,
  OUTRANKED_MESSAGE,
  type Role,
} from '../../../shared/operators/rules.ts';
import { recordAudit, type OperatorActor } from '../../platform/audit.ts';
import type { SessionCache } from '../../platform/auth/session-cache.ts';
import type { Db } from '../../platform/db/client.ts';
import { session, user } from '../../platform/db/schema.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import {
  hideOpenTasksOf,
  limitRunning,
  recordStatement,
  showOpenTasksOf,
} from '../statements/index.ts';
import { auditLogPage } from './audit-log-page.ts';
import { PERSON_NOT_FOUND, peoplePage, personDetail } from './people.ts';

/** The target's row, locked for the action; refused unless the actor outranks it. */
export async function lockTarget(tx: Db, actor: { id: string; role: Role }, targetId: string) {
  const [target] = await tx
    .select({
      id: user.id,
      role: user.role,
      email: user.email,
      banned: user.banned,
      banExpires: user.banExpires,
      limitedUntil: user.limitedUntil,
    })
    .from(user)
    .where(eq(user.id, targetId))
    .for('update');
  if (!target) throw notFound(PERSON_NOT_FOUND);
  if (target.id === actor.id) throw forbidden('Operators do not act on their own account.');
  if (!outranks(actor.role, target.role)) {
    throw forbidden(OUTRANKED_MESSAGE);
  }
  return target;
}

/** What operators read and do about people, each action with its audit row. */
export function createOperatorRepository(
  db: Db,
  sessions: SessionCache,
  events?: Pick<EventBus, 'publish'>,
) {
  return {
    people: (query: string, page: number, limit: number) => peoplePage(db, query, page, limit),

    person: (id: string) => personDetail(db, id),

    /**
     * Gives a person another role. Only roles below the actor's, to a person below the
     * actor's; giving the role they already have changes nothing and logs nothing (two
     * operators doing the same at once make one change and one row).
     */
    async changeRole(actor: OperatorActor, targetId: string, change: RoleChange) {
      if (!grantableRoles(actor.role).includes(change.role)) {
        throw forbidden(`You cannot give the role "${change.role}".`);
      }
      const changed = await db.transaction(async (tx) => {
        const target = await lockTarget(tx, actor, targetId);
        if (target.role === change.role) return false;
        await tx.update(user).set({ role: change.role }).where(eq(user.id, targetId));
        await recordAudit(tx, actor, {
          action: 'role.changed',
          target: { type: 'person', id: targetId },
          before: { role: target.role },
          after: { role: change.role },
          reason: change.reason,
        });
        await sessions.changed(tx, targetId);
        return true;
      });
      return { role: change.role, changed };
    },

    /**
     * The command line's way to make (or unmake) an operator, the first admin among them:
     * by e-mail address, whatever the role, logged with the actor 'console'.
     */
    async setRoleFromConsole(email: string, role: Role) {
      return db.transaction(async (tx) => {
        const [target] = await tx
          .select({ id: user.id, role: user.role })
          .from(user)
          .where(eq(user.email, email.trim().toLowerCase()))
          .for('update');
        if (!target) throw notFound(`No account has the address ${email}.`);
        if (target.role === role) return { id: target.id, before: role, changed: false };
        await tx.update(user).set({ role }).where(eq(user.id, target.id));
        await recordAudit(tx, 'console', {
          action: 'role.changed',
          target: { type: 'person', id: target.id },
          before: { role: target.role },
          after: { role },
          reason: 'Set on the command line',
        });
        await sessions.changed(tx, target.id);
        return { id: target.id, before: target.role, changed: true };
      });
    },

    /**
     * Suspends a person until a date, or bans them (no date): they are signed out everywhere
     * and cannot sign in (better-auth's admin plugin refuses, and lifts an expired
     * suspension at their next sign-in); they get the statement of reasons by e-mail.
     */
    async suspend(actor: OperatorActor, targetId: string, suspension: Suspension) {
      return db.transaction(async (tx) => {
        const before = await lockTarget(tx, actor, targetId);
        const until = suspension.until ? new Date(`${suspension.until}T00:00:00Z`) : null;
        await tx
          .update(user)
          .set({ banned: true, banReason: suspension.reason, banExpires: until })
          .where(eq(user.id, targetId));
        await tx.delete(session).where(eq(session.userId, targetId));
        await recordAudit(tx, actor, {
          action: until ? 'person.suspended' : 'person.banned',
          target: { type: 'person', id: targetId },
          before: { banned: before.banned, until: before.banExpires?.toISOString() ?? null },
          after: { banned: true, until: until?.toISOString() ?? null, rule: suspension.rule },
          reason: suspension.reason,
        });
        await recordStatement(tx, actor, before, {
          action: until ? 'suspension' : 'ban',
          rule: suspension.rule,
          reason: suspension.reason,
          until,
        });
        await sessions.changed(tx, targetId);
        return { banned: true as const, until: until?.toISOString() ?? null };
      });
    },

    /** Warns a person: a statement of the rule and the reason, and nothing restricted. */
    async warn(actor: OperatorActor, targetId: string, warning: Warning) {
      return db.transaction(async (tx) => {
        const target = await lockTarget(tx, actor, targetId);
        const statementId = await recordStatement(tx, actor, target, {
          action: 'warning',
          rule: warning.rule,
          reason: warning.reason,
          until: null,
        });
        await recordAudit(tx, actor, {
          action: 'person.warned',
          target: { type: 'person', id: targetId },
          after: { rule: warning.rule, statementId },
          reason: warning.reason,
        });
        return { statementId };
      });
    },

    /**
     * Makes a person's account read-only until a date (UTC): they read, but every route
     * marked `writes` refuses them (route-auth.ts) from their next request. It ends by itself
     * at its date; reinstating, or an overturned appeal, lifts it before.
     */
    async limit(actor: OperatorActor, targetId: string, limit: Limit) {
      return db.transaction(async (tx) => {
        const target = await lockTarget(tx, actor, targetId);
        const until = new Date(`${limit.until}T00:00:00Z`);
        await tx.update(user).set({ limitedUntil: until }).where(eq(user.id, targetId));
        await hideOpenTasksOf(tx, targetId, events);
        const statementId = await recordStatement(tx, actor, target, {
          action: 'limit',
          rule: limit.rule,
          reason: limit.reason,
          until,
        });
        await recordAudit(tx, actor, {
          action: 'person.limited',
          target: { type: 'person', id: targetId },
          before: { limitedUntil: limitRunning(target.limitedUntil)?.toISOString() ?? null },
          after: { limitedUntil: until.toISOString(), rule: limit.rule, statementId },
          reason: limit.reason,
        });
        await sessions.changed(tx, targetId);
        return { limitedUntil: until.toISOString() };
      });
    },

    /** Lifts a suspension, a ban or a read-only limit before its date; the person is told. */
    async reinstate(actor: OperatorActor, targetId: string, reason: string) {
      return db.transaction(async (tx) => {
        const before = await lockTarget(tx, actor, targetId);
        const limited = limitRunning(before.limitedUntil);
        if (!before.banned && !limited) return { banned: false as const, changed: false };
        await tx
          .update(user)
          .set({ banned: false, banReason: null, banExpires: null, limitedUntil: null })
          .where(eq(user.id, targetId));
        if (limited) await showOpenTasksOf(tx, targetId, events);
        await recordAudit(tx, actor, {
          action: 'person.reinstated',
          target: { type: 'person', id: targetId },
          before: {
            banned: before.banned,
            until: before.banExpires?.toISOString() ?? null,
            limitedUntil: limited?.toISOString() ?? null,
          },
          after: { banned: false, limitedUntil: null },
          reason,
        });
        await enqueueMail(tx, {
          kind: 'account-reinstated',
          to: before.email,
          data: { limit: !before.banned },
        });
        await sessions.changed(tx, targetId);
        return { banned: false as const, changed: true };
      });
    },

    /** Signs a person out everywhere (their streams end with their sessions). */
    async endSessions(actor: OperatorActor, targetId: string, reason: string) {
      return db.transaction(async (tx) => {
        await lockTarget(tx, actor, targetId);
        const ended = await tx
          .delete(session)
          .where(eq(session.userId, targetId))
          .returning({ id: session.id });
        await recordAudit(tx, actor, {
          action: 'sessions.ended',
          target: { type: 'person', id: targetId },
          before: { sessions: ended.length },
          after: { sessions: 0 },
          reason,
        });
        await sessions.changed(tx, targetId);
        return { ended: ended.length };
      });
    },

    /** The audit log, newest first, with the actor's current name. */
    auditLog: (query: AuditQuery) => auditLogPage(db, query),
  };
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
