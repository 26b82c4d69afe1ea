import { randomUUID } from 'node:crypto';
import type { CreateTaskInput } from '../../src/shared/tasks/schema.ts';
import type { Db } from '../../src/server/platform/db/client.ts';
import { bids, tasks } from '../../src/server/platform/db/schema.ts';

/** A valid create-form body; override any field. */
export function buildTask(overrides: Partial<CreateTaskInput> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    title: `Task ${tag}`,
    description: `Something that needs doing (${tag}).`,
    imageUrl: 'https://images.example.com/task.png',
    priority: 'Medium',
    category: 'Design',
    deadline: '2030-06-30',
    estimatedTime: 4.5,
    budget: 250.5,
    status: 'Not Started',
    location: 'Remote',
    ...overrides,
  } satisfies CreateTaskInput;
}

type TaskRow = typeof tasks.$inferInsert;

/** Inserts a task straight into the database (fast set-up); returns its id. */
export async function insertTask(
  db: Db,
  ownerId: string,
  overrides: Partial<Omit<TaskRow, 'ownerId'>> = {},
): Promise<string> {
  const base = buildTask();
  const [row] = await db
    .insert(tasks)
    .values({
      ownerId,
      title: base.title,
      description: base.description,
      imageUrl: base.imageUrl,
      priority: base.priority,
      category: base.category,
      deadline: base.deadline,
      estimatedTime: base.estimatedTime,
      budget: base.budget,
      status: base.status,
      location: base.location,
      ...overrides,
    })
    .returning({ id: tasks.id });
  if (!row) throw new Error('insertTask: no row');
  return row.id;
}

/** A valid bid body for `taskId`; override any field. */
export function buildBid(taskId: string, overrides: Record<string, unknown> = {}) {
  return { taskId, amount: 120.25, deadline: '2030-07-15', message: 'I can do it.', ...overrides };
}

type BidRow = typeof bids.$inferInsert;

/** Inserts a bid straight into the database; returns its id. */
export async function insertBid(
  db: Db,
  taskId: string,
  bidderId: string,
  overrides: Partial<Omit<BidRow, 'taskId' | 'bidderId'>> = {},
): Promise<string> {
  const [row] = await db
    .insert(bids)
    .values({ taskId, bidderId, amount: 100, deadline: '2030-07-01', ...overrides })
    .returning({ id: bids.id });
  if (!row) throw new Error('insertBid: no row');
  return row.id;
}
