import { count, eq, sql } from 'drizzle-orm';
import { CATEGORIES } from '../../shared/constants.ts';
import type { Page } from '../../shared/paging.ts';
import type { CategoryCount, Task, TaskDetail } from '../../shared/tasks.ts';
import type { Db } from '../db/client.ts';
import { bids, tasks, user } from '../db/schema.ts';
import { isUuid } from '../db/ids.ts';
import { countedPage, pageOffset } from '../db/paging.ts';
import { taskOrder, taskWhere, type TaskFilters } from './query.ts';

type TaskRecord = typeof tasks.$inferSelect;

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
function taskColumns(viewerId: string | null) {
  return {
    id: tasks.id,
    title: tasks.title,
    description: tasks.description,
    imageUrl: tasks.imageUrl,
    priority: tasks.priority,
    category: tasks.category,
    deadline: tasks.deadline,
    estimatedTime: tasks.estimatedTime,
    budget: tasks.budget,
    status: tasks.status,
    location: tasks.location,
    assignedTo: tasks.assignedTo,
    createdAt: tasks.createdAt,
    userName: user.name,
    userEmail: sql<
      string | null
    >`case when ${tasks.ownerId} = ${viewerId ?? ''} then ${user.email} end`,
  };
}

/** A row of `taskColumns`: the task's own columns, its owner's name and (for the owner) e-mail. */
type TaskRow = Pick<TaskRecord, keyof TaskValues | 'id' | 'assignedTo' | 'createdAt'> & {
  userName: string;
  userEmail: string | null;
};

function toTask(row: TaskRow): Task {
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
    userName: row.userName,
    ...(row.userEmail ? { userEmail: row.userEmail } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

export function createTaskRepository(db: Db) {
  function listQueries(filters: TaskFilters, page: number, limit: number, viewerId: string | null) {
    const where = taskWhere(filters);
    return {
      page: db
        .select(taskColumns(viewerId))
        .from(tasks)
        .innerJoin(user, eq(user.id, tasks.ownerId))
        .where(where)
        .orderBy(...taskOrder(filters.sort))
        .limit(limit)
        .offset(pageOffset({ page, limit })),
      count: db.select({ n: count() }).from(tasks).where(where),
    };
  }

  function findByIdQuery(id: string, viewerId: string | null) {
    return db
      .select({
        ...taskColumns(viewerId),
        bidCount:
          sql<number>`(select count(*) from ${bids} where ${bids.taskId} = ${tasks.id})`.mapWith(
            Number,
          ),
      })
      .from(tasks)
      .innerJoin(user, eq(user.id, tasks.ownerId))
      .where(eq(tasks.id, id));
  }

  function categoryCountsQuery() {
    return db.select({ category: tasks.category, n: count() }).from(tasks).groupBy(tasks.category);
  }

  return {
    /** The queries behind the reads, unexecuted (the index test EXPLAINs them). */
    queries: { list: listQueries, findById: findByIdQuery, categoryCounts: categoryCountsQuery },

    /** One page of tasks matching the filters, and how many match in all. */
    async list(
      filters: TaskFilters,
      page: number,
      limit: number,
      viewerId: string | null,
    ): Promise<Page<Task>> {
      const queries = listQueries(filters, page, limit, viewerId);
      const result = await countedPage({ page, limit }, queries.page, queries.count);
      return { items: result.items.map(toTask), total: result.total };
    },

    async findById(id: string, viewerId: string | null): Promise<TaskDetail | null> {
      if (!isUuid(id)) return null;
      const [row] = await findByIdQuery(id, viewerId);
      return row ? { ...toTask(row), bidCount: row.bidCount } : null;
    },

    /** Every category of the product, with how many tasks it has (0 included). */
    async categoryCounts(): Promise<CategoryCount[]> {
      const rows = await categoryCountsQuery();
      const counts = new Map(rows.map((r) => [r.category, r.n]));
      return CATEGORIES.map((category) => ({ category, count: counts.get(category) ?? 0 }));
    },

    async create(ownerId: string, values: TaskValues): Promise<string> {
      const [row] = await db
        .insert(tasks)
        .values({ ownerId, ...values })
        .returning({ id: tasks.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /**
     * Applies the changes when `ownerId` owns the task. `modified` is false when every
     * submitted value equals the stored one (then nothing is written, not even updated_at).
     */
    async update(id: string, ownerId: string, changes: TaskChanges) {
      if (!isUuid(id)) return { outcome: 'not-found' as const };
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({
            ownerId: tasks.ownerId,
            title: tasks.title,
            description: tasks.description,
            imageUrl: tasks.imageUrl,
            priority: tasks.priority,
            category: tasks.category,
            deadline: tasks.deadline,
            estimatedTime: tasks.estimatedTime,
            budget: tasks.budget,
            status: tasks.status,
            location: tasks.location,
          })
          .from(tasks)
          .where(eq(tasks.id, id))
          .for('update');
        if (!current) return { outcome: 'not-found' as const };
        if (current.ownerId !== ownerId) return { outcome: 'forbidden' as const };
        const patch = Object.fromEntries(
          Object.entries(changes).filter(
            ([key, value]) => value !== undefined && current[key as keyof typeof current] !== value,
          ),
        );
        if (Object.keys(patch).length === 0) return { outcome: 'updated' as const, modified: 0 };
        await tx
          .update(tasks)
          .set({ ...patch, updatedAt: sql`now()` })
          .where(eq(tasks.id, id));
        return { outcome: 'updated' as const, modified: 1 };
      });
    },

    /** Deletes the task and its bids together when `ownerId` owns it. */
    async remove(id: string, ownerId: string) {
      if (!isUuid(id)) return { outcome: 'not-found' as const };
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ ownerId: tasks.ownerId, title: tasks.title })
          .from(tasks)
          .where(eq(tasks.id, id))
          .for('update');
        if (!current) return { outcome: 'not-found' as const };
        if (current.ownerId !== ownerId) return { outcome: 'forbidden' as const };
        await tx.delete(bids).where(eq(bids.taskId, id));
        await tx.delete(tasks).where(eq(tasks.id, id));
        return { outcome: 'deleted' as const, title: current.title };
      });
    },
  };
}

export type TaskRepository = ReturnType<typeof createTaskRepository>;
