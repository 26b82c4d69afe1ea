import type { MailContent } from './layout.ts';
import { SUPPORT_ADDRESS } from '../../../../shared/operators/rules.ts';

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

/** A YYYY-MM-DD date as words. */
function day(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
}

/** Each statement's subject and opening, given its end date in words. */
const STATEMENT_MAIL = {
  warning: () => ({
    subject: 'A warning about your TaskBid account',
    preview: 'Our moderators found that something you did breaks the rules.',
    heading: 'A warning',
    text: 'Our moderators found that something you did on TaskBid breaks its rules. Nothing on your account is restricted, but a repeat may lead to a limit or a suspension.',
  }),
  limit: (until: string) => ({
    subject: 'Your TaskBid account is limited',
    preview: `You can read, but not post, until ${until}.`,
    heading: 'Your account is limited',
    text: `Our moderators limited your TaskBid account until ${until} (UTC). Until then you can sign in and read, but not post tasks, bid, ask or answer questions, send messages or write reviews, and your open tasks may be hidden. From that day on everything works as before.`,
  }),
  suspension: (until: string) => ({
    subject: 'Your TaskBid account is suspended',
    preview: `You cannot sign in until ${until}.`,
    heading: 'Your account is suspended',
    text: `Our moderators suspended your TaskBid account until ${until} (UTC). Until then you cannot sign in, and you were signed out everywhere. From that day on you can sign in as before.`,
  }),
  ban: () => ({
    subject: 'Your TaskBid account is closed',
    preview: 'You can no longer sign in to TaskBid.',
    heading: 'Your account is closed',
    text: 'Our moderators closed your TaskBid account for good: you cannot sign in, and you were signed out everywhere.',
  }),
  content: () => ({
    subject: 'Something you wrote on TaskBid breaks the rules',
    preview: 'Our moderators upheld a report of your content.',
    heading: 'A report of your content was upheld',
    text: 'Someone reported something you wrote on TaskBid, and our moderators found that it breaks the rules.',
  }),
} as const;

/**
 * Mails about the account itself: sent whatever the person's notification settings say. None
 * carries text a person typed (not even their name): the verification and reset mails go to
 * addresses nobody has proven yet, and must not let anyone mail a stranger their own words.
 */
export const accountMails = {
  'verify-email': (d: { email: string; url: string }): MailContent => ({
    subject: 'Verify your e-mail',
    preview: 'Confirm your address to finish setting up your TaskBid account.',
    blocks: [
      { type: 'heading', text: 'Verify your e-mail address' },
      {
        type: 'paragraph',
        text: `Please confirm that ${d.email} is your address. It keeps your account recoverable, and until then TaskBid mails you nothing about your tasks and bids.`,
      },
      { type: 'button', label: 'Verify e-mail', url: d.url },
      {
        type: 'note',
        text: 'The link works once and expires in 24 hours. If you did not sign up for TaskBid, you can ignore this e-mail.',
      },
    ],
    footer: { reason: ACCOUNT_REASON },
  }),

  'confirm-new-email': (d: { newEmail: string; url: string }): MailContent => ({
    subject: 'Confirm your new e-mail address',
    preview: 'One click to move your TaskBid account to this address.',
    blocks: [
      { type: 'heading', text: 'Confirm your new e-mail address' },
      {
        type: 'paragraph',
        text: `You asked to use ${d.newEmail} for your TaskBid account. Confirm it below; until then your account keeps its current address.`,
      },
      { type: 'button', label: 'Confirm new address', url: d.url },
      {
        type: 'note',
        text: 'The link expires in 24 hours. If you did not ask for this, ignore this e-mail and nothing changes.',
      },
    ],
    footer: { reason: ACCOUNT_REASON },
  }),

  'email-changed': (d: { newEmail: string; changedAt: string }, ctx: MailContext): MailContent => ({
    subject: 'Your TaskBid e-mail address was changed',
    preview: `Your account now uses ${d.newEmail}.`,
    blocks: [
      { type: 'heading', text: 'Your e-mail address was changed' },
      {
        type: 'paragraph',
        text: `On ${when(d.changedAt)} (UTC) the e-mail address of your TaskBid account was changed to ${d.newEmail}. Mail about your account now goes there.`,
      },
      {
        type: 'note',
        text: 'If you did not make this change, someone else may be using your account: reset your password from the new address if you can, and contact TaskBid support.',
      },
      { type: 'button', label: 'Open TaskBid', url: `${ctx.baseUrl}/login` },
    ],
    footer: { reason: ACCOUNT_REASON },
  }),

  'sign-up-attempted': (_d: Record<string, never>, ctx: MailContext): MailContent => ({
    subject: 'Someone tried to sign up with your address',
    preview: 'Your TaskBid account is unchanged.',
    blocks: [
      { type: 'heading', text: 'Someone tried to sign up with your address' },
      {
        type: 'paragraph',
        text: `Someone just tried to create a TaskBid account with this e-mail address, which already has one. Nothing was changed. If it was you, sign in or reset your password.`,
      },
      { type: 'button', label: 'Reset my password', url: `${ctx.baseUrl}/forgot-password` },
      {
        type: 'note',
        text: 'If it was not you, you can ignore this e-mail: your password stays as it is.',
      },
    ],
    footer: { reason: ACCOUNT_REASON },
  }),

  'reset-password': (d: { url: string }): MailContent => ({
    subject: 'Reset your TaskBid password',
    preview: 'Choose a new password with the link inside. It expires in 1 hour.',
    blocks: [
      { type: 'heading', text: 'Reset your password' },
      {
        type: 'paragraph',
        text: 'Someone (hopefully you) asked to reset the password of your TaskBid account. Choose a new one with the button below.',
      },
      { type: 'button', label: 'Reset password', url: d.url },
      {
        type: 'note',
        text: 'The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password stays as it is.',
      },
    ],
    footer: { reason: ACCOUNT_REASON },
  }),

  'password-changed': (d: { changedAt: string }, ctx: MailContext): MailContent => ({
    subject: 'Your password was changed',
    preview: 'Your TaskBid password was just changed and other devices were signed out.',
    blocks: [
      { type: 'heading', text: 'Your password was changed' },
      {
        type: 'paragraph',
        text: `The password of your TaskBid account was changed on ${when(d.changedAt)} (UTC). Every other device signed in to your account was signed out.`,
      },
      {
        type: 'note',
        text: 'If this was not you, reset your password now: the link below sends a reset link to this address.',
      },
      { type: 'button', label: 'Reset my password', url: `${ctx.baseUrl}/forgot-password` },
    ],
    footer: { reason: ACCOUNT_REASON },
  }),

  'account-deleted': (_d: Record<string, never>, ctx: MailContext): MailContent => ({
    subject: 'Your TaskBid account was deleted',
    preview: 'Your account and its personal data are gone.',
    blocks: [
      { type: 'heading', text: 'Your account was deleted' },
      {
        type: 'paragraph',
        text: 'Goodbye. Your TaskBid account is deleted: you are signed out everywhere, your open tasks are removed and your pending bids are withdrawn.',
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

  /**
   * The statement of reasons for any action on an account (a warning, a read-only limit, a
   * suspension, a ban, an upheld report of their content): what, which rule, until when, how
   * to contest it. The reason is an operator's words, never a member's. Who can still sign in
   * appeals on the site; a suspended or banned person cannot, so they write to support.
   */
  'account-statement': (
    d: {
      action: 'warning' | 'limit' | 'suspension' | 'ban' | 'content';
      rule: string;
      reason: string;
      until: string | null;
      supportAddress: string;
    },
    ctx: MailContext,
  ): MailContent => {
    const words = STATEMENT_MAIL[d.action](d.until ? day(d.until) : '');
    const signedOut = d.action === 'suspension' || d.action === 'ban';
    return {
      subject: words.subject,
      preview: words.preview,
      blocks: [
        { type: 'heading', text: words.heading },
        { type: 'paragraph', text: words.text },
        {
          type: 'items',
          items: [
            { title: 'Rule', detail: d.rule },
            { title: 'Why', detail: d.reason },
          ],
        },
        {
          type: 'note',
          text: signedOut
            ? `If you think this is a mistake, write to ${d.supportAddress} within 20 days and say why; a different operator reviews it.`
            : 'If you think this is a mistake, appeal within 20 days under Account notices in your settings and say why; a different operator reviews it.',
        },
        signedOut
          ? { type: 'button', label: 'Read the terms', url: `${ctx.baseUrl}/terms` }
          : { type: 'button', label: 'Account notices', url: `${ctx.baseUrl}/profile/notices` },
      ],
      footer: { reason: ACCOUNT_REASON },
    };
  },

  /** The outcome of a person's appeal of a statement. */
  'appeal-decided': (
    d: { overturned: boolean; reason: string; signIn: boolean },
    ctx: MailContext,
  ): MailContent => ({
    subject: 'About your appeal',
    preview: d.overturned ? 'Your appeal succeeded.' : 'The decision stands.',
    blocks: [
      { type: 'heading', text: 'About your appeal' },
      {
        type: 'paragraph',
        text: d.overturned
          ? 'A moderator reviewed your appeal and overturned the decision: what it restricted is lifted.'
          : 'A moderator reviewed your appeal and found that the decision stands.',
      },
      { type: 'items', items: [{ title: 'Why', detail: d.reason }] },
      d.signIn
        ? { type: 'button', label: 'Sign in', url: `${ctx.baseUrl}/login` }
        : { type: 'button', label: 'Account notices', url: `${ctx.baseUrl}/profile/notices` },
    ],
    footer: { reason: ACCOUNT_REASON },
  }),

  /** The outcome of a person's report: no content, only what kind of thing and when. */
  'report-decided': (
    d: { thing: string; reportedAt: string; upheld: boolean },
    ctx: MailContext,
  ): MailContent => ({
    subject: 'About your report',
    preview: d.upheld ? 'Our moderators acted on it.' : 'Our moderators looked at it.',
    blocks: [
      { type: 'heading', text: 'About your report' },
      {
        type: 'paragraph',
        text: d.upheld
          ? `Thank you. You reported a ${d.thing} on ${when(d.reportedAt)} (UTC). Our moderators found that it breaks the rules of TaskBid and acted on it.`
          : `Thank you. You reported a ${d.thing} on ${when(d.reportedAt)} (UTC). Our moderators looked at it and found that it does not break the rules of TaskBid, so it stays.`,
      },
      { type: 'button', label: 'Read the terms', url: `${ctx.baseUrl}/terms` },
    ],
    footer: { reason: ACCOUNT_REASON },
  }),

  /**
   * What moderation did to something a person wrote: held while reports are reviewed,
   * removed (with the rule and the operator's reason), or shown again.
   */
  'content-moderated': (
    d: { thing: string; state: 'held' | 'removed' | 'restored'; rule?: string; reason?: string },
    ctx: MailContext,
  ): MailContent => ({
    subject:
      d.state === 'held'
        ? `Your ${d.thing} is hidden while we review it`
        : d.state === 'removed'
          ? `Our moderators removed your ${d.thing}`
          : `Your ${d.thing} is shown again`,
    preview:
      d.state === 'held'
        ? 'Other people reported it; a moderator will look at it.'
        : d.state === 'removed'
          ? 'It broke the rules of TaskBid.'
          : 'Our moderators found nothing wrong with it.',
    blocks: [
      {
        type: 'paragraph',
        text:
          d.state === 'held'
            ? `Several people reported your ${d.thing}, so it is hidden from others while our moderators review it. You still see it, marked. We will tell you what they decide.`
            : d.state === 'removed'
              ? `Our moderators found that your ${d.thing} breaks the rules of TaskBid, so nobody else sees it any more.`
              : `Our moderators looked at your ${d.thing} and found that it does not break the rules of TaskBid: everyone sees it again.`,
      },
      ...(d.state === 'removed'
        ? [
            {
              type: 'items' as const,
              items: [
                { title: 'Rule', detail: d.rule ?? '' },
                { title: 'Why', detail: d.reason ?? '' },
              ],
            },
            {
              type: 'note' as const,
              text: `If you think this is a mistake, write to ${SUPPORT_ADDRESS} within 20 days and say why; a different operator reviews it.`,
            },
          ]
        : []),
      { type: 'button', label: 'Read the terms', url: `${ctx.baseUrl}/terms` },
    ],
    footer: { reason: ACCOUNT_REASON },
  }),

  /** A suspension, a ban or a read-only limit lifted before its date (`limit`: only a limit). */
  'account-reinstated': (d: { limit?: boolean }, ctx: MailContext): MailContent => ({
    subject: 'Your TaskBid account is open again',
    preview: d.limit ? 'You can post, bid and write again.' : 'You can sign in again.',
    blocks: [
      { type: 'heading', text: 'Your account is open again' },
      {
        type: 'paragraph',
        text: d.limit
          ? 'Our moderators lifted the limit on your TaskBid account. You can post, bid, ask, message and review again.'
          : 'Our moderators lifted the suspension of your TaskBid account. You can sign in again.',
      },
      { type: 'button', label: 'Sign in', url: `${ctx.baseUrl}/login` },
    ],
    footer: { reason: ACCOUNT_REASON },
  }),
} as const;
