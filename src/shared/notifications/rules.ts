/**
 * The kinds of notification and what each is about, zod-free so the web app's settings and
 * unsubscribe screens can list them (the schemas in `schema.ts` build on these). Each kind
 * is declared by the server feature that writes it. Every kind is in the bell and by e-mail,
 * except `message.received`: the header's Messages count says it in the app, so it is an
 * e-mail only.
 */
export const NOTIFICATION_TYPES = [
  'bid.received',
  'bid.accepted',
  'bid.declined',
  'bid.withdrawn',
  'assignment.cancelled',
  'task.completed',
  'completion.requested',
  'completion.disputed',
  'review.requested',
  'review.reminder',
  'review.published',
  'question.asked',
  'question.answered',
  'message.received',
  'search.matched',
  'deal.updated',
  'deal.reminder',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What each type is about, as settings and e-mails name it. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  'bid.received': 'New bids on my tasks',
  'bid.accepted': 'My bid was accepted',
  'bid.declined': 'My bid was declined',
  'bid.withdrawn': 'Bids withdrawn from my tasks',
  'assignment.cancelled': 'My assignment was cancelled',
  'task.completed': 'Work I did was marked completed',
  'completion.requested': 'Work I did waits for my confirmation',
  'completion.disputed': 'A freelancer disputed that my task is completed',
  'review.requested': 'Requests to review finished work',
  'review.reminder': 'Reminders to review finished work',
  'review.published': 'A review of me was published',
  'question.asked': 'Questions on my tasks',
  'question.answered': 'Answers to my questions',
  'message.received': 'New private messages',
  'search.matched': 'New tasks matching my saved searches',
  'deal.updated': 'Steps of my secured payments (paid, released, cancellation, dispute)',
  'deal.reminder': 'Reminders to pay or release a secured payment',
};

/**
 * Kinds that are in the bell only: no e-mail is sent, and no switch is shown. A saved
 * search's alerts will come by e-mail as a digest, which is not built yet.
 */
export const BELL_ONLY_TYPES: readonly NotificationType[] = ['search.matched'] as const;

/** The kinds that can also come by e-mail: a switch each in the settings. */
export const MAILED_NOTIFICATION_TYPES = NOTIFICATION_TYPES.filter(
  (type): type is Exclude<NotificationType, 'search.matched'> => !BELL_ONLY_TYPES.includes(type),
);
export type MailedNotificationType = (typeof MAILED_NOTIFICATION_TYPES)[number];

/** What a kind's switch in the settings adds to its label, where the label alone says too little. */
export const NOTIFICATION_TYPE_HINTS: Partial<Record<NotificationType, string>> = {
  'message.received':
    'The Messages count in the header shows them in the app; by e-mail, the first unread message of each conversation.',
};

/**
 * Where a notification leads, in the app and in its mail: new and withdrawn bids to the
 * owner's bids screen, messages to the inbox (the notification names the task, not the
 * thread), a saved search's alert to browse with its criteria (`link`), anything else to
 * its task's page. Null when it leads nowhere (its task was deleted).
 */
export function notificationLink(
  type: NotificationType,
  taskId: string | null,
  link: string | null = null,
): { path: string; label: string } | null {
  if (type === 'search.matched') return link ? { path: link, label: 'See the tasks' } : null;
  if (type === 'message.received') return { path: '/messages', label: 'Open your messages' };
  if (taskId === null) return null;
  return type === 'bid.received' || type === 'bid.withdrawn'
    ? { path: `/view-bids/${taskId}`, label: 'Review the bids' }
    : { path: `/browse-tasks/${taskId}`, label: 'Open the task' };
}

/** Notifications a page of the bell's list. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
