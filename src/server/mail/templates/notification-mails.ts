import { NOTIFICATION_TYPE_LABELS, type NotificationType } from '../../../shared/notifications.ts';
import { formatDollars } from '../../../shared/money.ts';
import type { MailContent } from './layout.ts';

/** Links for a notification mail: the task, and the one-click way to stop this type. */
export interface NotificationMailContext {
  baseUrl: string;
  /** A page that unsubscribes from this type without signing in. */
  unsubscribeUrl: string;
}

function footer(type: NotificationType, ctx: NotificationMailContext) {
  return {
    reason: `You get this e-mail because “${NOTIFICATION_TYPE_LABELS[type]}” e-mails are on for your TaskBid account.`,
    unsubscribeUrl: ctx.unsubscribeUrl,
    settingsUrl: `${ctx.baseUrl}/profile#notifications`,
  };
}

/** Task links: the owner reads bids on the bids screen, everyone else on the task's page. */
function taskUrl(type: NotificationType, taskId: string, baseUrl: string): string {
  return type === 'bid.received'
    ? `${baseUrl}/view-bids/${taskId}`
    : `${baseUrl}/browse-tasks/${taskId}`;
}

/** The first `max` characters of `text` on one line, with an ellipsis when cut. */
export function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Mails that repeat an in-app notification; each type can be turned off. */
export const notificationMails = {
  /** Any one notification: its title and sentence, and a link to the task. */
  notification: (
    d: { type: NotificationType; title: string; body: string; taskId: string | null },
    ctx: NotificationMailContext,
  ): MailContent => ({
    subject: d.title,
    preview: d.body,
    blocks: [
      { type: 'heading', text: d.title },
      { type: 'paragraph', text: d.body },
      ...(d.taskId
        ? [
            {
              type: 'button' as const,
              label: 'Open the task',
              url: taskUrl(d.type, d.taskId, ctx.baseUrl),
            },
          ]
        : []),
    ],
    footer: footer(d.type, ctx),
  }),

  /** New bids on one task since the last such mail, at most one mail per task per 15 minutes. */
  'new-bids': (
    d: {
      type: 'bid.received';
      taskId: string;
      taskTitle: string;
      bids: { name: string; amount: number; message: string | null }[];
    },
    ctx: NotificationMailContext,
  ): MailContent => {
    const n = d.bids.length;
    const subject = `${n === 1 ? 'A new bid' : `${n} new bids`} on “${d.taskTitle}”`;
    return {
      subject,
      preview: d.bids.map((b) => `${b.name} offered ${formatDollars(b.amount)}`).join(' · '),
      blocks: [
        { type: 'heading', text: subject },
        {
          type: 'paragraph',
          text:
            n === 1
              ? 'Someone wants to do your task. Here is the offer:'
              : `${n} people want to do your task. Here are their offers:`,
        },
        {
          type: 'items',
          items: d.bids.map((b) => ({
            title: b.name,
            detail: formatDollars(b.amount),
            ...(b.message ? { note: excerpt(b.message) } : {}),
          })),
        },
        { type: 'button', label: 'Review the bids', url: taskUrl(d.type, d.taskId, ctx.baseUrl) },
      ],
      footer: footer(d.type, ctx),
    };
  },
} as const;
