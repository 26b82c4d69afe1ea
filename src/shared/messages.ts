/**
 * Sentences the API answers with in more than one place. Free of zod, so a screen may
 * compare against or show the same words.
 */
export const TASK_NOT_FOUND = 'Task not found';
export const BID_NOT_FOUND = 'Bid not found';
export const NOTIFICATION_NOT_FOUND = 'Notification not found';
export const BIDDING_CLOSED = 'Bidding is closed for this task';
export const OWNER_ONLY = 'Only the task’s owner can do this.';
export const OWN_TASKS_ONLY = {
  list: 'You can only list your own tasks.',
  update: 'You can only update your own tasks.',
  delete: 'You can only delete your own tasks.',
} as const;
export const NO_BID_ON_OWN_TASK = 'You cannot bid on your own task.';
export const NOT_COMPLETABLE = 'Only an assigned task that is not completed can be completed.';
export const NOT_REOPENABLE = 'Only an assigned task that is not completed can be reopened.';
