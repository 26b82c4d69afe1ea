import { and, count, eq, inArray, isNull, or, sql, type Placeholder } from 'drizzle-orm';
import {
  moderationNotice,
  type ModerationState,
  type RuleId,
} from '../../../shared/operators/rules.ts';
import { CATEGORIES } from '../../../shared/constants.ts';
import type { Page } from '../../../shared/paging/schema.ts';
import {
  DEAL_FIELDS,
  earliestToday,
  isDealOpen,
  OWNER_STATUSES,
} from '../../../shared/lifecycle.ts';
import { OWNER_STATUS_ONLY, PAST_DEADLINE } from '../../../shared/messages.ts';
import { ratingSummary, REVIEW_WINDOW_DAYS } from '../../../shared/reviews/rules.ts';
import type { CategoryCount, Task, TaskDetail } from '../../../shared/tasks/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { bids, legacyTasks, reviews, tasks, user } from '../../platform/db/schema.ts';
import { isObjectId, isUuid } from '../../platform/db/ids.ts';
import { mapPage } from '../../platform/db/paging.ts';
import { refuseWhileDealGoesOn } from './deal-guard.ts';
import { guardTask, notNow } from './lifecycle-guard.ts';
import { invalidInput } from '../../platform/http/errors.ts';
import type { TaskFilters } from './query.ts';
import { postgresSearchIndex } from './postgres-search.ts';
import type { SearchIndex } from './search-index.ts';
import { taskFieldColumns } from './columns.ts';
import { insertedRow } from '../../platform/db/rows.ts';
import {
  checkNewAccount,
  moderationRules,
  reportScreened,
  screenText,
} from '../prevention/index.ts';

type TaskRecord = typeof tasks.$inferSelect;

/** The task's text a person wrote, as the watched words read it. */
const pick = (values: Pick<TaskValues, 'title' | 'description'>) => ({
  title: values.title,
  description: values.description,
});

/** The stored values a task form writes (already validated and normalised). */
export type TaskValues = Pick<
  TaskRecord,
  | 'title'
  | 'description'
  | 'imageUrl'
  | 'priority'
  | 'category'
  | 'deadline'
  | 'estimatedTime'
  | 'budget'
  | 'status'
  | 'location'
>;

/** What an update writes: the required form fields, and the optional ones that were sent. */
export type TaskChanges = Pick<
  TaskValues,
  'title' | 'description' | 'priority' | 'category' | 'deadline'
> &
  Partial<Pick<TaskValues, 'imageUrl' | 'estimatedTime' | 'budget' | 'status' | 'location'>>;

/**
 * The columns every task answer needs. The owner's e-mail leaves the database only when
 * the viewer is the owner.
 */
function taskColumns(viewerId: string | Placeholder | null) {
  return {
    id: tasks.id,
    ...taskFieldColumns,
    createdAt: tasks.createdAt,
    userId: tasks.ownerId,
    userName: user.name,
    moderation: tasks.moderation,
    moderationRule: tasks.moderationRule,
    // The poster's rating as a client, kept on their row as reviews publish.
    ownerRatingSum: user.clientRatingSum,
    ownerRatingCount: user.clientRatingCount,
    userEmail: sql<
      string | null
    >`case when ${tasks.ownerId} = ${viewerId ?? ''} then ${user.email} end`,
  };
}

/** People's offers on the task: one per person, withdrawn ones not counted. */
const bidCountColumn =
  sql<number>`(select count(*) from ${bids} where ${bids.taskId} = ${tasks.id} and ${bids.status} <> 'withdrawn')`.mapWith(
    Number,
  );

/**
 * What the owner's own list adds: the bid count, and whether the owner's review of the
 * worker is still to write (completed with someone who still has an account, inside the
 * review window, and none written yet).
 */
const ownListColumns = {
  bidCount: bidCountColumn,
  // An imported completed task has no completion time: never due (coalesce, not null).
  reviewDue: sql<boolean>`coalesce(${tasks.status} = 'Completed' and ${tasks.assigneeId} is not null
    and ${tasks.completedAt} > now() - make_interval(days => ${REVIEW_WINDOW_DAYS})
    and not exists (select 1 from ${reviews} where ${reviews.taskId} = ${tasks.id} and ${reviews.reviewerId} = ${tasks.ownerId}), false)`,
};

/** A row of `taskColumns`: the task's own columns, its owner's name and (for the owner) e-mail. */
type TaskRow = Pick<TaskRecord, keyof TaskValues | 'id' | 'assignedTo' | 'createdAt'> & {
  userId: string;
  userName: string;
  ownerRatingSum: number;
  ownerRatingCount: number;
  userEmail: string | null;
  moderation: ModerationState | null;
  moderationRule: RuleId | null;
  bidCount?: number;
  reviewDue?: boolean;
};

function toTask(row: TaskRow): Task {
  const notice = moderationNotice(row.moderation, row.moderationRule);
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    priority: row.priority,
    category: row.category,
    deadline: row.deadline,
    estimatedTime: row.estimatedTime,
    budget: row.budget,
    price: row.budget,
    status: row.status,
    location: row.location,
    assignedTo: row.assignedTo,
    userId: row.userId,
    userName: row.userName,
    userRating: ratingSummary(row.ownerRatingSum, row.ownerRatingCount),
    ...(row.userEmail ? { userEmail: row.userEmail } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(row.bidCount !== undefined ? { bidCount: row.bidCount } : {}),
    ...(row.reviewDue !== undefined ? { reviewDue: row.reviewDue } : {}),
    ...(notice ? { moderationNotice: notice } : {}),
  };
}

/**
 * The tasks' SQL. Lists ask `search` for their ids (the tables themselves unless another
 * engine is given). Reads need only `db`; the writes also announce each change (`task.changed`,
 * sent on commit) on `events`, which live pages and every instance's list cache listen to.
 */
export function createTaskRepository(
  db: Db,
  events?: Pick<EventBus, 'publish'>,
  search: SearchIndex = postgresSearchIndex(db),
) {
  function changed(tx: Pick<Db, 'execute'>, taskId: string) {
    if (!events) throw new Error('createTaskRepository: writes need the event bus');
    return events.publish(tx, { type: 'task.changed', taskId });
  }

  /**
   * The rows of a page whose ids the search index gave, in any order: browse's only while
   * browse may show them (an engine may lag a moderation by a moment), an owner's list only
   * their own.
   */
  function rowsQuery(ids: string[], filters: TaskFilters, viewerId: string | null) {
    // The owner's own list says more about each task.
    const columns = { ...taskColumns(viewerId), ...(filters.ownerId ? ownListColumns : {}) };
    return db
      .select(columns)
      .from(tasks)
      .innerJoin(user, eq(user.id, tasks.ownerId))
      .where(
        and(
          inArray(tasks.id, ids),
          filters.ownerId ? eq(tasks.ownerId, filters.ownerId) : isNull(tasks.moderation),
        ),
      );
  }

  function findByIdQuery(id: string | Placeholder, viewerId: string | Placeholder | null) {
    return (
      db
        .select({
          ...taskColumns(viewerId),
          bidCount: bidCountColumn,
          assigneeId: tasks.assigneeId,
          completionRequestedAt: tasks.completionRequestedAt,
        })
        .from(tasks)
        .innerJoin(user, eq(user.id, tasks.ownerId))
        // Held or removed: gone for all but its owner (a limited owner's task is only out of browse).
        .where(
          and(
            eq(tasks.id, id),
            or(
              isNull(tasks.moderation),
              eq(tasks.moderation, 'limited'),
              eq(tasks.ownerId, viewerId ?? ''),
            ),
          ),
        )
    );
  }

  /**
   * The task page's read, the most frequent single-row one: built once, and sent as a named
   * statement that each pooled connection parses and plans only the first time.
   */
  let findByIdPrepared: ReturnType<typeof prepareFindById> | undefined;
  function prepareFindById() {
    return findByIdQuery(sql.placeholder('id'), sql.placeholder('viewerId')).prepare('task_by_id');
  }

  function categoryCountsQuery() {
    // What browse shows: the partial category index answers it.
    return db
      .select({ category: tasks.category, n: count() })
      .from(tasks)
      .where(isNull(tasks.moderation))
      .groupBy(tasks.category);
  }

  return {
    /** The queries behind the reads, unexecuted (the index test EXPLAINs them). */
    queries: { rows: rowsQuery, findById: findByIdQuery, categoryCounts: categoryCountsQuery },

    /**
     * One page of tasks matching the filters, and how many match in all: the search index
     * gives the page's ids in order, then one statement reads those rows.
     */
    async list(
      filters: TaskFilters,
      page: number,
      limit: number,
      viewerId: string | null,
    ): Promise<Page<Task>> {
      const { ids, ...total } = await search.search(filters, { page, limit });
      const rows: TaskRow[] = ids.length ? await rowsQuery(ids, filters, viewerId) : [];
      const byId = new Map(rows.map((row) => [row.id, row]));
      // A task deleted between the two reads is left out of its page.
      const items = ids.flatMap((id) => byId.get(id) ?? []);
      return mapPage({ items, ...total }, toTask);
    },

    async findById(id: string, viewerId: string | null): Promise<TaskDetail | null> {
      if (!isUuid(id)) return null;
      findByIdPrepared ??= prepareFindById();
      const [row] = await findByIdPrepared.execute({ id, viewerId: viewerId ?? '' });
      if (!row) return null;
      const { bidCount, assigneeId, completionRequestedAt } = row;
      return {
        ...toTask(row),
        bidCount,
        assigneeId,
        completionRequestedAt: completionRequestedAt?.toISOString() ?? null,
      };
    },

    /** The task an imported record became, by the first version's id (an ObjectId). */
    async importedId(oldId: string): Promise<string | null> {
      if (!isObjectId(oldId)) return null;
      const [row] = await db
        .select({ taskId: legacyTasks.taskId })
        .from(legacyTasks)
        .where(eq(legacyTasks.oldId, oldId.toLowerCase()));
      return row?.taskId ?? null;
    },

    /** Every category of the product, with how many tasks it has (0 included). */
    async categoryCounts(): Promise<CategoryCount[]> {
      const rows = await categoryCountsQuery();
      const counts = new Map(rows.map((r) => [r.category, r.n]));
      return CATEGORIES.map((category) => ({ category, count: counts.get(category) ?? 0 }));
    },

    /** Stores a new task; an optional value left undefined is stored as null. */
    async create(ownerId: string, values: TaskChanges): Promise<string> {
      const rules = await moderationRules(db);
      const screened = screenText(rules, pick(values), { contact: false });
      return db.transaction(async (tx) => {
        await checkNewAccount(tx, rules, ownerId, 'tasks');
        const { id } = insertedRow(
          await tx
            .insert(tasks)
            .values({ ownerId, ...values, ...screened.values })
            .returning({ id: tasks.id }),
        );
        await reportScreened(tx, rules, screened, {
          targetType: 'task',
          targetId: id,
          authorId: ownerId,
          snapshot: screened.values,
        });
        await changed(tx, id);
        return id;
      });
    },

    /**
     * Applies the changes when `ownerId` owns the task and its state allows them
     * (lifecycle.ts): once assigned, the deal's fields are frozen; a status set by hand is
     * Not Started or On Hold; a changed deadline is not past. `modified` is 0 when every
     * submitted value equals the stored one (then nothing is written, not even updated_at);
     * a refusal is thrown.
     */
    async update(id: string, ownerId: string, changes: TaskChanges): Promise<0 | 1> {
      const rules = await moderationRules(db);
      const screened = screenText(rules, pick(changes), { contact: false });
      changes = { ...changes, ...screened.values };
      return db.transaction(async (tx) => {
        const task = await guardTask(tx, id, ownerId, 'edit');
        const patch: Partial<TaskValues> = Object.fromEntries(
          Object.entries(changes).filter(
            ([key, value]) => value !== undefined && task[key as keyof TaskChanges] !== value,
          ),
        );
        if (!isDealOpen(task) && DEAL_FIELDS.some((field) => field in patch)) throw notNow('edit');
        if (patch.status && !OWNER_STATUSES.some((s) => s === patch.status))
          throw invalidInput('body', [{ path: 'body.status', message: OWNER_STATUS_ONLY }]);
        if (patch.deadline && patch.deadline < earliestToday())
          throw invalidInput('body', [{ path: 'body.deadline', message: PAST_DEADLINE }]);
        if (Object.keys(patch).length === 0) return 0;
        await tx
          .update(tasks)
          .set({ ...patch, updatedAt: sql`now()` })
          .where(eq(tasks.id, id));
        if ('title' in patch || 'description' in patch) {
          await reportScreened(tx, rules, screened, {
            targetType: 'task',
            targetId: id,
            authorId: ownerId,
            snapshot: screened.values,
          });
        }
        await changed(tx, id);
        return 1;
      });
    },

    /**
     * Deletes the task and its bids together when `ownerId` owns it and nobody is assigned
     * (lifecycle.ts: the assignee's record stays) and no deal awaits its payment (payments
     * on: the owner withdraws the offer first); a refusal is thrown. Returns its title.
     */
    async remove(id: string, ownerId: string): Promise<string> {
      return db.transaction(async (tx) => {
        const task = await guardTask(tx, id, ownerId, 'delete');
        await refuseWhileDealGoesOn(
          tx,
          id,
          'A bid on this task is accepted and its payment awaited: withdraw the offer (on the task’s page) before deleting the task.',
        );
        await tx.delete(bids).where(eq(bids.taskId, id));
        await tx.delete(tasks).where(eq(tasks.id, id));
        await changed(tx, id);
        return task.title;
      });
    },
  };
}

export type TaskRepository = ReturnType<typeof createTaskRepository>;
