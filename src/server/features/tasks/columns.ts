import { tasks } from '../../platform/db/schema.ts';

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
