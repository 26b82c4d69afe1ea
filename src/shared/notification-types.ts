/**
 * The kinds of notification and what each is about, zod-free so the web app's settings and
 * unsubscribe screens can list them (the schemas in `notifications.ts` build on these).
 */
export const NOTIFICATION_TYPES = [
  'bid.received',
  'bid.accepted',
  'bid.declined',
  'assignment.cancelled',
  'task.completed',
  'review.requested',
  'review.reminder',
  'review.published',
  'question.asked',
  'question.answered',
  'message.received',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What each type is about, as settings and e-mails name it. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  'bid.received': 'New bids on my tasks',
  'bid.accepted': 'My bid was accepted',
  'bid.declined': 'My bid was declined',
  'assignment.cancelled': 'My assignment was cancelled',
  'task.completed': 'Work I did was marked completed',
  'review.requested': 'Requests to review finished work',
  'review.reminder': 'Reminders to review finished work',
  'review.published': 'A review of me was published',
  'question.asked': 'Questions on my tasks',
  'question.answered': 'Answers to my questions',
  'message.received': 'New private messages',
};

/**
 * Where a notification leads, in the app and in its mail: new bids to the owner's bids
 * screen, messages to the inbox (the notification names the task, not the thread), anything
 * else to its task's page. Null when it leads nowhere (its task was deleted).
 */
export function notificationLink(
  type: NotificationType,
  taskId: string | null,
): { path: string; label: string } | null {
  if (type === 'message.received') return { path: '/messages', label: 'Open your messages' };
  if (taskId === null) return null;
  return type === 'bid.received'
    ? { path: `/view-bids/${taskId}`, label: 'Review the bids' }
    : { path: `/browse-tasks/${taskId}`, label: 'Open the task' };
}
