/**
 * Business constants of the product (docs/product.md, "Fields and rules"). One place for each
 * number; the limits of form fields are in `limits.ts`.
 */

export const PRODUCT_NAME = 'TaskBid';

export const CATEGORIES = [
  'Web Development',
  'Design',
  'Writing',
  'Marketing',
  'Research',
  'Personal',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const PRIORITIES = ['Low', 'Medium', 'High', 'Urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Statuses a task form offers. */
export const FORM_STATUSES = ['Not Started', 'In Progress', 'On Hold'] as const;
/** Every status a task can have (the lifecycle adds Completed). */
export const TASK_STATUSES = [...FORM_STATUSES, 'Completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const SORTS = ['newest', 'oldest', 'priceLow', 'priceHigh', 'deadline'] as const;
export type TaskSort = (typeof SORTS)[number];

export const PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;

export const DISCOUNT_THRESHOLD_BIDS = 3;
export const DISCOUNT_RATE = 0.1;

export const RECENT_SEARCHES_CAP = 5;
export const NEWSLETTER_SUCCESS_MS = 3000;
export const DELETE_SUCCESS_DIALOG_MS = 2000;
export const DEFAULT_THEME = 'light';
export const GOOGLE_POPUP = { width: 500, height: 600 } as const;

export const SKILLS_MAX = 10;
export const MAX_PAGE = 10_000;

/** How long after answering a question on their task the owner may still change the answer. */
export const ANSWER_EDIT_MINUTES = 10;
