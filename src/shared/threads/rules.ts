/** Writing closes this many days after the task is completed (reading never closes). */
export const THREAD_WRITABLE_DAYS_AFTER_COMPLETION = 30;
export const THREADS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 50;

/**
 * Why a thread no longer takes messages: its task was deleted, or completed long ago, or one
 * of its two people deleted their account; or, as the reader sees it, they blocked the other
 * (`blocked`) or cannot contact them (`unavailable`: the other blocked them, never said so).
 */
export const THREAD_CLOSED_REASONS = [
  'task-deleted',
  'expired',
  'account-deleted',
  'blocked',
  'unavailable',
] as const;
export type ThreadClosedReason = (typeof THREAD_CLOSED_REASONS)[number];
