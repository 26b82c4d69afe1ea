import {
  NOTIFICATION_TYPE_LABELS,
  type NotificationType,
  notificationLink,
} from '../../../../shared/notifications/rules.ts';
import { formatDollars } from '../../../../shared/money.ts';
import { excerpt } from '../../../../shared/text.ts';
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
    settingsUrl: `${ctx.baseUrl}/profile/notifications`,
  };
}

/** The button to where the notification leads, if anywhere. */
function linkButton(type: NotificationType, taskId: string | null, ctx: NotificationMailContext) {
  const link = notificationLink(type, taskId);
  return link ? [{ type: 'button' as const, label: link.label, url: ctx.baseUrl + link.path }] : [];
}

/** Mails that repeat an in-app notification; each type can be turned off. */
export const notificationMails = {
  /** Any one notification: its title and sentence, and a link to where it leads. */
  notification: (
    d: { type: NotificationType; title: string; body: string; taskId: string | null },
    ctx: NotificationMailContext,
  ): MailContent => ({
    subject: d.title,
    preview: d.body,
    blocks: [
      { type: 'heading', text: d.title },
      { type: 'paragraph', text: d.body },
      ...linkButton(d.type, d.taskId, ctx),
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
        ...linkButton(d.type, d.taskId, ctx),
      ],
      footer: footer(d.type, ctx),
    };
  },

  /** New questions on one task since the last such mail, like new bids: one per quarter hour. */
  'new-questions': (
    d: {
      type: 'question.asked';
      taskId: string;
      taskTitle: string;
      questions: { name: string; text: string }[];
    },
    ctx: NotificationMailContext,
  ): MailContent => {
    const n = d.questions.length;
    const subject = `${n === 1 ? 'New question' : `${n} new questions`} on “${d.taskTitle}”`;
    const asked = d.questions.map((q) => `${q.name} asked: ${excerpt(q.text)}`);
    return {
      subject,
      preview: asked.join(' · '),
      blocks: [
        { type: 'heading', text: subject },
        ...asked.map((text) => ({ type: 'paragraph' as const, text })),
        ...linkButton(d.type, d.taskId, ctx),
      ],
      footer: footer(d.type, ctx),
    };
  },
} as const;
