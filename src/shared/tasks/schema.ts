import { z } from 'zod';
import {
  CATEGORIES,
  FORM_STATUSES,
  PAGE_SIZE,
  PRIORITIES,
  SORTS,
  TASK_STATUSES,
} from '../constants.ts';
import { earliestToday, OWNER_STATUSES } from '../lifecycle.ts';
import {
  ACCOUNT_LIMITS,
  BROWSE_LIMITS,
  TASK_LIMITS,
  patternRegExp,
  stepDecimals,
} from '../limits.ts';
import { OWNER_STATUS_ONLY, PAST_DEADLINE } from '../messages.ts';
import { pageQuerySchema } from '../paging/schema.ts';
import { ratingSummarySchema } from '../reviews/schema.ts';
import { isPublicUrl } from '../public-url.ts';
import { hasDecimals, TASK_STAGES } from './rules.ts';

/** "$1,000,000,000": a limit in the words a form shows beside its field. */
const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;
/** "must be 200 characters at most". */
const atMost = (length: number) => `must be ${length.toLocaleString('en-US')} characters at most`;

/** Money within `limits` (min, max, step: cents), stored as numeric(12,2). */
export const money = (limits: { min: number; max: number; step: number }) =>
  z
    .number()
    .min(limits.min, `must be ${dollars(limits.min)} or more`)
    .max(limits.max, `must be ${dollars(limits.max)} at most`)
    .refine((v) => hasDecimals(v, stepDecimals(limits.step)), `must be in steps of ${limits.step}`)
    .meta({ multipleOf: limits.step });

/** A real calendar date, YYYY-MM-DD (2024-02-30 is rejected), within `limits`. */
export const calendarDate = (limits: { min: string; max: string }) =>
  z.iso
    .date('must be a real date (YYYY-MM-DD)')
    .refine(
      (v) => v >= limits.min && v <= limits.max,
      `must be a date from ${limits.min} to ${limits.max}`,
    );

/** A deadline for something new: a real date within `limits`, not already past. */
export const upcomingDate = (limits: { min: string; max: string }) =>
  calendarDate(limits).refine((v) => v >= earliestToday(), PAST_DEADLINE);

const title = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(TASK_LIMITS.title.maxLength, atMost(TASK_LIMITS.title.maxLength));
const description = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(TASK_LIMITS.description.maxLength, atMost(TASK_LIMITS.description.maxLength));
/** Optional public https address; '' or null means "no image". */
const imageUrl = z.union([
  z.literal(''),
  z.null(),
  z
    .url({ protocol: /^https$/, message: 'must be an https:// address', abort: true })
    .max(TASK_LIMITS.imageUrl.maxLength, atMost(TASK_LIMITS.imageUrl.maxLength))
    .regex(patternRegExp(TASK_LIMITS.imageUrl.pattern), 'must start with https://')
    .refine(isPublicUrl, 'must be a public https:// address, without a user name or password'),
]);
const estimatedTime = z
  .number()
  .min(TASK_LIMITS.estimatedTime.min, `must be ${TASK_LIMITS.estimatedTime.min} hours or more`)
  .max(
    TASK_LIMITS.estimatedTime.max,
    `must be ${TASK_LIMITS.estimatedTime.max.toLocaleString('en-US')} hours at most`,
  )
  .refine(
    (v) => Number.isInteger(v / TASK_LIMITS.estimatedTime.step),
    `must be in steps of ${TASK_LIMITS.estimatedTime.step}`,
  )
  .meta({ multipleOf: TASK_LIMITS.estimatedTime.step, description: 'hours' })
  .nullable();
const budget = money(TASK_LIMITS.budget).nullable();
const location = z.union([
  z.string().trim().max(TASK_LIMITS.location.maxLength, atMost(TASK_LIMITS.location.maxLength)),
  z.null(),
]);

/**
 * What the create form sends. Identity fields (`userEmail`, `userName`, `email`, `name`,
 * `timestamp`) and other unknown keys are dropped: the server takes identity from the session.
 */
export const createTaskSchema = z.object({
  title,
  description,
  imageUrl: imageUrl.optional(),
  priority: z.enum(PRIORITIES),
  category: z.enum(CATEGORIES),
  deadline: upcomingDate(TASK_LIMITS.deadline),
  estimatedTime: estimatedTime.optional(),
  budget: budget.optional(),
  status: z.enum(OWNER_STATUSES, OWNER_STATUS_ONLY).default('Not Started'),
  location: location.optional(),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;

/**
 * What the update form sends: the same fields. An optional field that is left out keeps
 * its stored value; `null` or '' clears it. The task's state decides which changes are
 * allowed (lifecycle.ts): its deal is frozen once assigned, a changed deadline must not be
 * past (an unchanged past one stays), the status set by hand is Not Started or On Hold.
 */
export const updateTaskSchema = createTaskSchema.extend({
  deadline: calendarDate(TASK_LIMITS.deadline),
  status: z.enum(FORM_STATUSES).optional(),
});
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;

/* ---------- Browse query ---------- */

const blankIsAbsent = <T>(v: T | '' | undefined): Exclude<T, ''> | undefined =>
  v === '' || v === undefined ? undefined : (v as Exclude<T, ''>);

/** A query-string amount: digits, optionally with up to two decimals. */
const queryAmount = z
  .string()
  .regex(/^(\d+(\.\d{1,2})?)?$/, 'must be an amount such as 10 or 10.50')
  .transform((v) => (v === '' ? undefined : Number(v)));

/** A price range whose ends are in order (either may be absent). */
export const priceRangeInOrder = (q: {
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
}) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice;
export const PRICE_RANGE_ISSUE = { message: 'must not be more than maxPrice', path: ['minPrice'] };

export const taskListQuerySchema = z
  .object({
    search: z.string().trim().max(BROWSE_LIMITS.search.maxLength).optional(),
    category: z
      .union([z.enum(CATEGORIES), z.literal('')])
      .optional()
      .transform(blankIsAbsent),
    minPrice: queryAmount.optional(),
    maxPrice: queryAmount.optional(),
    location: z.string().trim().max(BROWSE_LIMITS.location.maxLength).optional(),
    skills: z.string().max(BROWSE_LIMITS.skills.maxLength).optional(),
    status: z
      .union([z.enum(TASK_STAGES), z.literal('')])
      .optional()
      .transform(blankIsAbsent),
    sort: z
      .union([z.enum(SORTS), z.literal('')])
      .optional()
      .transform((v) => v || 'newest'),
    ...pageQuerySchema(PAGE_SIZE).shape,
    email: z
      .string()
      .trim()
      .max(ACCOUNT_LIMITS.email.maxLength)
      .optional()
      .transform(blankIsAbsent),
  })
  .refine(priceRangeInOrder, PRICE_RANGE_ISSUE);
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

/* ---------- Answers ---------- */

/** A task as every answer shows it. `userEmail` is present only for the task's owner. */
export const taskSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  priority: z.enum(PRIORITIES),
  category: z.enum(CATEGORIES),
  deadline: z.string(),
  estimatedTime: z.number().nullable(),
  budget: z.number().nullable(),
  /** The same value as `budget` (lists of the first version read `price`). */
  price: z.number().nullable(),
  status: z.enum(TASK_STATUSES),
  location: z.string().nullable(),
  assignedTo: z.string().nullable(),
  /** The poster's public id: their profile is /users/{userId}. */
  userId: z.string(),
  userName: z.string(),
  /** The poster's rating as a client, from published reviews. */
  userRating: ratingSummarySchema,
  userEmail: z.string().optional(),
  createdAt: z.string(),
  /** Your own list only (`email=`): people's offers, withdrawn ones not counted. */
  bidCount: z.number().int().optional(),
  /** Your own list only: completed, and your review of the worker is still to write. */
  reviewDue: z.boolean().optional(),
  /**
   * Its owner only, while moderation keeps it from others: "Hidden while our moderators
   * review it" or "Removed by our moderators: <rule>".
   */
  moderationNotice: z.string().optional(),
});
export type Task = z.infer<typeof taskSchema>;

/**
 * A task's page adds its bid count, the person assigned (their public id) and, while the
 * owner's "completed" waits for that person's confirmation, when it was asked for.
 */
export const taskDetailSchema = taskSchema.omit({ reviewDue: true }).extend({
  bidCount: z.number().int(),
  assigneeId: z.string().nullable(),
  completionRequestedAt: z.string().nullable(),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

export const categoryCountSchema = z.object({
  category: z.enum(CATEGORIES),
  count: z.number().int(),
});
export type CategoryCount = z.infer<typeof categoryCountSchema>;

export const taskIdParamsSchema = z.object({ id: z.string().max(100) });

export const insertedSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
export const updatedSchema = z.object({
  acknowledged: z.literal(true),
  matchedCount: z.number().int(),
  modifiedCount: z.number().int(),
});
export const deletedSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int(),
  message: z.string(),
});
export type InsertResult = z.infer<typeof insertedSchema>;
export type UpdateResult = z.infer<typeof updatedSchema>;
export type DeleteResult = z.infer<typeof deletedSchema>;
