/**
 * Every limit a form field has, in one zod-free place. Each entry is written as the field's
 * HTML constraint attributes (`maxLength`, `min`, `max`, `step`, `pattern`, `minLength`), so a
 * form spreads it onto its input and the zod schemas in `tasks.ts`, `bids.ts` and `users.ts`
 * read the same numbers. `forms-limits.test.tsx` renders each form and checks the two agree.
 */

/** Deadlines lie in this range (ISO dates compare as text). */
const DATE = { min: '2000-01-01', max: '2099-12-31' } as const;

/** Money is stored as numeric(12,2): cents, up to a billion. */
const MONEY = { min: 0, max: 1_000_000_000, step: 0.01 } as const;

export const TASK_LIMITS = {
  title: { maxLength: 200 },
  description: { maxLength: 5000 },
  /** An https address, or nothing. */
  imageUrl: { maxLength: 2048, pattern: 'https://.+' },
  deadline: DATE,
  /** Hours, in half hours. */
  estimatedTime: { min: 0, max: 10_000, step: 0.5 },
  budget: MONEY,
  location: { maxLength: 200 },
} as const;

export const BID_LIMITS = {
  amount: { ...MONEY, min: 1 },
  deadline: DATE,
  message: { maxLength: 1000 },
} as const;

/** The browse filters: a query, not a stored value. */
export const BROWSE_LIMITS = {
  search: { maxLength: 200 },
  price: { min: MONEY.min, step: MONEY.step },
  location: TASK_LIMITS.location,
  skills: { maxLength: 500 },
} as const;

/** Sign-up and profile. */
export const ACCOUNT_LIMITS = {
  name: { maxLength: 100 },
  /** The longest address SMTP carries. */
  email: { maxLength: 254 },
  password: { minLength: 8, maxLength: 128 },
  /** A public https address, or nothing. */
  photoUrl: { maxLength: 2048, pattern: 'https://.+' },
} as const;

/** An HTML `pattern` as the regular expression the browser applies: the whole value must match. */
export function patternRegExp(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`, 'v');
}

/** Digits after the point in a `step` such as 0.01 (2) or 0.5 (1). */
export function stepDecimals(step: number): number {
  return String(step).split('.')[1]?.length ?? 0;
}

/** A review of finished work, and the reviewee's one public reply. */
export const REVIEW_LIMITS = {
  rating: { min: 1, max: 5, step: 1 },
  comment: { minLength: 10, maxLength: 2000 },
  reply: { maxLength: 1000 },
} as const;

/** The public profile a person edits in their settings. */
export const PROFILE_LIMITS = {
  headline: { maxLength: 120 },
  bio: { maxLength: 2000 },
  location: { maxLength: 200 },
  /** Each skill tag; a profile has at most `PROFILE_MAX_SKILLS`. */
  skill: { maxLength: 40 },
} as const;
export const PROFILE_MAX_SKILLS = 20;

/** A private message between a task's owner and one bidder: plain text, trimmed. */
export const MESSAGE_LIMITS = {
  body: { required: true, maxLength: 4000 },
} as const;

/** A public question on a task and its owner's answer: plain text. */
export const QUESTION_LIMITS = {
  text: { maxLength: 1000 },
  answer: { maxLength: 2000 },
} as const;
