import type { MailContent } from './layout.ts';

/** Where links go: every link is absolute, on the site's public address. */
export interface MailContext {
  baseUrl: string;
}

const ACCOUNT_REASON =
  'You get this e-mail because of a change to your TaskBid account. Mails like this one cannot be turned off.';

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
}

/** Mails about the account itself: sent whatever the person's notification settings say. */
export const accountMails = {
  'verify-email': (d: { name: string; email: string; url: string }): MailContent => ({
    subject: 'Verify your e-mail',
    preview: 'Confirm your address to finish setting up your TaskBid account.',
    blocks: [
      { type: 'heading', text: 'Verify your e-mail address' },
      {
        type: 'paragraph',
        text: `Hi ${d.name}, please confirm that ${d.email} is your address. It keeps your account recoverable and lets us send you news about your tasks and bids.`,
      },
      { type: 'button', label: 'Verify e-mail', url: d.url },
      {
        type: 'note',
        text: 'The link works once and expires in 24 hours. If you did not sign up for TaskBid, you can ignore this e-mail.',
      },
    ],
    footer: { reason: ACCOUNT_REASON },
  }),

  'confirm-new-email': (d: { name: string; newEmail: string; url: string }): MailContent => ({
    subject: 'Confirm your new e-mail address',
    preview: 'One click to move your TaskBid account to this address.',
    blocks: [
      { type: 'heading', text: 'Confirm your new e-mail address' },
      {
        type: 'paragraph',
        text: `Hi ${d.name}, you asked to use ${d.newEmail} for your TaskBid account. Confirm it below; until then your account keeps its current address.`,
      },
      { type: 'button', label: 'Confirm new address', url: d.url },
      {
        type: 'note',
        text: 'The link expires in 24 hours. If you did not ask for this, ignore this e-mail and nothing changes.',
      },
    ],
    footer: { reason: ACCOUNT_REASON },
  }),

  'email-changed': (
    d: { name: string; newEmail: string; changedAt: string },
    ctx: MailContext,
  ): MailContent => ({
    subject: 'Your TaskBid e-mail address was changed',
    preview: `Your account now uses ${d.newEmail}.`,
    blocks: [
      { type: 'heading', text: 'Your e-mail address was changed' },
      {
        type: 'paragraph',
        text: `Hi ${d.name}, on ${when(d.changedAt)} (UTC) the e-mail address of your TaskBid account was changed to ${d.newEmail}. Mail about your account now goes there.`,
      },
      {
        type: 'note',
        text: 'If you did not make this change, someone else may be using your account: reset your password from the new address if you can, and contact TaskBid support.',
      },
      { type: 'button', label: 'Open TaskBid', url: `${ctx.baseUrl}/login` },
    ],
    footer: { reason: ACCOUNT_REASON },
  }),

  'reset-password': (d: { name: string; url: string }): MailContent => ({
    subject: 'Reset your TaskBid password',
    preview: 'Choose a new password with the link inside. It expires in 1 hour.',
    blocks: [
      { type: 'heading', text: 'Reset your password' },
      {
        type: 'paragraph',
        text: `Hi ${d.name}, someone (hopefully you) asked to reset the password of your TaskBid account. Choose a new one with the button below.`,
      },
      { type: 'button', label: 'Reset password', url: d.url },
      {
        type: 'note',
        text: 'The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password stays as it is.',
      },
    ],
    footer: { reason: ACCOUNT_REASON },
  }),

  'password-changed': (d: { name: string; changedAt: string }, ctx: MailContext): MailContent => ({
    subject: 'Your password was changed',
    preview: 'Your TaskBid password was just changed and other devices were signed out.',
    blocks: [
      { type: 'heading', text: 'Your password was changed' },
      {
        type: 'paragraph',
        text: `Hi ${d.name}, the password of your TaskBid account was changed on ${when(d.changedAt)} (UTC). Every other device signed in to your account was signed out.`,
      },
      {
        type: 'note',
        text: 'If this was not you, reset your password now: the link below sends a reset link to this address.',
      },
      { type: 'button', label: 'Reset my password', url: `${ctx.baseUrl}/forgot-password` },
    ],
    footer: { reason: ACCOUNT_REASON },
  }),

  'account-deleted': (d: { name: string }, ctx: MailContext): MailContent => ({
    subject: 'Your TaskBid account was deleted',
    preview: 'Your account and its personal data are gone.',
    blocks: [
      { type: 'heading', text: 'Your account was deleted' },
      {
        type: 'paragraph',
        text: `Goodbye, ${d.name}. Your TaskBid account is deleted: you are signed out everywhere, your open tasks are removed and your pending bids are withdrawn.`,
      },
      {
        type: 'paragraph',
        text: 'Work that was already agreed with other people stays on their tasks, shown as “Deleted user”.',
      },
      {
        type: 'note',
        text: 'You can sign up again with this address whenever you like.',
      },
      { type: 'button', label: 'Visit TaskBid', url: ctx.baseUrl },
    ],
    footer: { reason: ACCOUNT_REASON },
  }),
} as const;
