// The roles live in their own module, so the header's check loads none of the rest.
export {
  ROLES,
  ROLE_NAMES,
  isRole,
  hasRole,
  outranks,
  grantableRoles,
  type Role,
  type OperatorRole,
} from './roles.ts';

/**
 * The marketplace's rules, each a reason an operator acts (and, later, a report's category).
 * A statement to a person names the rule they broke in these words.
 */
export const RULES = {
  spam: 'Spam or misleading content',
  scam: 'Scams, or asking to be paid outside TaskBid',
  harassment: 'Harassment or hate',
  inappropriate: 'Inappropriate content',
  illegal: 'Illegal content or activity',
  other: 'Another breach of the terms',
} as const;
export type RuleId = keyof typeof RULES;
export const RULE_IDS = [
  'spam',
  'scam',
  'harassment',
  'inappropriate',
  'illegal',
  'other',
] as const satisfies readonly RuleId[];

/** Where a person writes to contest an operator's action. */
export const SUPPORT_ADDRESS = 'support@taskbid.example';

/**
 * The account-action ladder, mildest first: each is said to the person in a statement
 * (`statements`), with the rule, the operator's reason and its end date. A warning restricts
 * nothing; a limit makes the account read-only until a date; a suspension or a ban stops
 * every sign-in; `content` is an upheld report of something they wrote.
 */
export const STATEMENT_ACTIONS = ['warning', 'limit', 'suspension', 'ban', 'content'] as const;
export type StatementAction = (typeof STATEMENT_ACTIONS)[number];

/** The words a statement names its action in. */
export const STATEMENT_ACTION_NAMES: Record<StatementAction, string> = {
  warning: 'Warning',
  limit: 'Read-only limit',
  suspension: 'Suspension',
  ban: 'Ban',
  content: 'Reported content upheld',
};

/** An appeal: none yet (null), waiting for an operator, or decided either way. */
export const APPEAL_STATES = ['open', 'upheld', 'overturned'] as const;
export type AppealState = (typeof APPEAL_STATES)[number];

/** How long after a statement its person may appeal it. */
export const APPEAL_DAYS = 20;

/** The longest read-only limit. */
export const MAX_LIMIT_DAYS = 365;

/**
 * The refusal a limited person gets from every route that writes for others to read (a task,
 * a bid, a question or answer, a message, a review). `until` is the limit's end, an instant.
 */
export function limitedMessage(until: Date): string {
  const day = until.toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
  return `Your account is limited until ${day}: you can read, but not post, bid, ask, message or review. See your account notices.`;
}

/** The longest suspension; longer is a ban (no end date). */
export const MAX_SUSPENSION_DAYS = 365;

/** What a person can report. */
export const REPORT_TARGETS = [
  'task',
  'question',
  'answer',
  'bid',
  'message',
  'review',
  'profile',
] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** Who filed a report: a person, or the server itself (a watched word, contact details). */
export const REPORT_SOURCES = ['person', 'system'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

/** A review-queue item: open until an operator upholds or dismisses the reports. */
export const CASE_STATES = ['open', 'upheld', 'dismissed'] as const;
export type CaseState = (typeof CASE_STATES)[number];

/** Reports a person may file in an hour; fewer while their account is new. */
export const REPORTS_PER_HOUR = 20;
export const NEW_ACCOUNT_REPORTS_PER_HOUR = 5;
export const NEW_ACCOUNT_DAYS = 7;

/** An operator's report weighs this much; a member's 1 plus their record (reportWeight). */
export const OPERATOR_REPORT_WEIGHT = 3;

/**
 * What a member's report weighs: 1, plus up to 1 for a record of reports operators upheld
 * (upheld / (decided + 2): a first report counts 1, a long accurate record nearly 2).
 */
export function reportWeight(record: { upheld: number; decided: number }): number {
  return Math.round((1 + record.upheld / (record.decided + 2)) * 100) / 100;
}

/** An open item with no action for this long is surfaced on the dashboard. */
export const STALE_CASE_HOURS = 48;

/** The refusal when an operator tries to act on someone at or above their own role. */
export const OUTRANKED_MESSAGE = 'You can act only on accounts whose role is below yours.';

/** Whether a posted value names one of the rules. */
export function isRuleId(value: string): value is RuleId {
  return (RULE_IDS as readonly string[]).includes(value);
}

/**
 * Where a reported or moderated thing stands, on its own row (`moderation`, null: shown as
 * usual). Held: reports reached the hiding score, so it is out of every public read until an
 * operator decides; removed: an operator upheld the reports or took it down; limited (tasks
 * only): its owner is limited, so it is out of browse and search. Its author always sees it,
 * marked. Distinct from a question's `hiddenAt`, which is its task owner's choice.
 */
export const MODERATION_STATES = ['held', 'removed', 'limited'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

/** What an author reads on their own held or removed content. */
export function moderationNotice(
  state: ModerationState | null,
  rule: RuleId | null,
): string | null {
  if (state === 'held') return 'Hidden while our moderators review it';
  if (state === 'removed') return `Removed by our moderators: ${rule ? RULES[rule] : RULES.other}`;
  return null;
}
