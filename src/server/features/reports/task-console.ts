import { desc, eq, sql } from 'drizzle-orm';
import type { ConsoleTask, TaskHide } from '../../../shared/operators/schema.ts';
import { outranks, OUTRANKED_MESSAGE, RULES } from '../../../shared/operators/rules.ts';
import { recordAudit, type OperatorActor } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { isUuid } from '../../platform/db/ids.ts';
import { moderationCases, reports, tasks, user } from '../../platform/db/schema.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { setModeration, tellAuthor } from './moderation.ts';

export const TASK_CONSOLE_MESSAGES = {
  notFound: 'No such task',
  alreadyRemoved: 'This task is already hidden.',
  notHidden: 'This task is not hidden.',
} as const;

/** Moderating one task from the console: reading it with its reports, hiding, restoring. */
export function createTaskConsoleRepository(db: Db, events?: Pick<EventBus, 'publish'>) {
  /** The task's owner, locked for the action, when the operator outranks them. */
  async function lockTask(tx: Db, actor: OperatorActor, id: string) {
    if (!isUuid(id)) throw notFound(TASK_CONSOLE_MESSAGES.notFound);
    const [row] = await tx
      .select({ ownerId: tasks.ownerId, ownerRole: user.role, moderation: tasks.moderation })
      .from(tasks)
      .innerJoin(user, eq(user.id, tasks.ownerId))
      .where(eq(tasks.id, id))
      .for('update', { of: tasks });
    if (!row) throw notFound(TASK_CONSOLE_MESSAGES.notFound);
    if (row.ownerId === actor.id || !outranks(actor.role, row.ownerRole)) {
      throw forbidden(OUTRANKED_MESSAGE);
    }
    return row;
  }

  return {
    async read(id: string): Promise<ConsoleTask> {
      if (!isUuid(id)) throw notFound(TASK_CONSOLE_MESSAGES.notFound);
      const [task] = await db
        .select({
          id: tasks.id,
          title: tasks.title,
          description: tasks.description,
          status: tasks.status,
          createdAt: tasks.createdAt,
          moderation: tasks.moderation,
          moderationRule: tasks.moderationRule,
          owner: { id: user.id, name: user.name, email: user.email, role: user.role },
        })
        .from(tasks)
        .innerJoin(user, eq(user.id, tasks.ownerId))
        .where(eq(tasks.id, id));
      if (!task) throw notFound(TASK_CONSOLE_MESSAGES.notFound);
      const rows = await db
        .select({
          id: reports.id,
          caseId: reports.caseId,
          caseStatus: moderationCases.status,
          category: reports.category,
          comment: reports.comment,
          weight: reports.weight,
          createdAt: reports.createdAt,
        })
        .from(reports)
        .innerJoin(moderationCases, eq(moderationCases.id, reports.caseId))
        .where(sql`${reports.targetType} = 'task' and ${reports.targetId} = ${id}`)
        .orderBy(desc(reports.createdAt));
      return {
        ...task,
        createdAt: task.createdAt.toISOString(),
        reports: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        openCaseId: rows.find((r) => r.caseStatus === 'open')?.caseId ?? null,
      };
    },

    /**
     * Takes the task down (removed: gone for all but its owner, who reads the rule) and
     * tells the owner. Its open queue item, if any, stays for a decision.
     */
    async hide(actor: OperatorActor, id: string, input: TaskHide) {
      return db.transaction(async (tx) => {
        const task = await lockTask(tx, actor, id);
        if (task.moderation === 'removed') throw conflict(TASK_CONSOLE_MESSAGES.alreadyRemoved);
        await setModeration(
          tx,
          'task',
          id,
          { state: 'removed', rule: input.rule },
          [task.moderation],
          events,
        );
        await recordAudit(tx, actor, {
          action: 'task.hidden',
          target: { type: 'task', id },
          before: { moderation: task.moderation },
          after: { moderation: 'removed', rule: input.rule },
          reason: input.reason,
        });
        await tellAuthor(tx, task.ownerId, 'task', {
          state: 'removed',
          rule: RULES[input.rule],
          reason: input.reason,
        });
        return { moderation: 'removed' as const };
      });
    },

    /** Shows a held or removed task again, and tells its owner. */
    async restore(actor: OperatorActor, id: string, input: { reason: string }) {
      return db.transaction(async (tx) => {
        const task = await lockTask(tx, actor, id);
        if (task.moderation !== 'removed' && task.moderation !== 'held') {
          throw conflict(TASK_CONSOLE_MESSAGES.notHidden);
        }
        await setModeration(tx, 'task', id, { state: null }, [task.moderation], events);
        await recordAudit(tx, actor, {
          action: 'task.restored',
          target: { type: 'task', id },
          before: { moderation: task.moderation },
          after: { moderation: null },
          reason: input.reason,
        });
        await tellAuthor(tx, task.ownerId, 'task', { state: 'restored' });
        return { moderation: null };
      });
    },
  };
}
