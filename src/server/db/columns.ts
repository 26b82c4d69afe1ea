import { getTableColumns, type Table } from 'drizzle-orm';
import { bids, notifications, tasks } from './schema.ts';

/**
 * Column sets several queries select together, spread into `select({ ... })` so each list is
 * written once.
 */

/** A task's own fields, as its forms and answers show them (no ids, owner or timestamps). */
export const taskFieldColumns = {
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
};

/** A bid's own fields (no ids, bidder or task). */
export const bidFieldColumns = {
  amount: bids.amount,
  deadline: bids.deadline,
  message: bids.message,
  status: bids.status,
  createdAt: bids.createdAt,
};

/** A notification as its owner reads it. */
export const notificationColumns = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  body: notifications.body,
  taskId: notifications.taskId,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

/** Some of a table's columns by name, in that order: `columnsOf(reviews, 'id', 'rating')`. */
export function columnsOf<T extends Table, const K extends keyof T['_']['columns'] & string>(
  table: T,
  ...names: K[]
) {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}
