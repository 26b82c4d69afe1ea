import { z } from 'zod';
import { WORD_ACTIONS } from '../moderation/watched-words.ts';
import { pageQuerySchema } from '../paging/schema.ts';
import { TASK_STATUSES } from '../constants.ts';
import {
  APPEAL_STATES,
  CASE_STATES,
  MAX_LIMIT_DAYS,
  MAX_SUSPENSION_DAYS,
  MODERATION_STATES,
  REPORT_TARGETS,
  ROLES,
  RULE_IDS,
  STATEMENT_ACTIONS,
} from './rules.ts';

const REASON_MAX = 1000;

/** Why an operator acted: required, said to the log (and to the person where they are told). */
const reason = z
  .string()
  .trim()
  .min(1, 'Say why: the audit log keeps the reason')
  .max(REASON_MAX, `At most ${REASON_MAX} characters`);

export const roleSchema = z.enum(ROLES);

export const personIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** Finding people: a fragment of the name or the e-mail address. */
export const peopleQuerySchema = pageQuerySchema(20).extend({
  q: z.string().trim().max(200).optional().default(''),
});

/** One person as the console lists them. */
export const operatorPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  emailVerified: z.boolean(),
  banned: z.boolean(),
  banExpires: z.string().nullable(),
  /** The end of a read-only limit still running (null: none). */
  limitedUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorPerson = z.infer<typeof operatorPersonSchema>;

/** A statement of reasons, as its person (and operators) read it. */
export const statementSchema = z.object({
  id: z.string(),
  action: z.enum(STATEMENT_ACTIONS),
  rule: z.enum(RULE_IDS),
  /** The rule in the words of RULES. */
  ruleText: z.string(),
  reason: z.string(),
  until: z.string().nullable(),
  createdAt: z.string(),
  /** Whether (and until when) its person may still appeal it. */
  appealableUntil: z.string(),
  appealState: z.enum(APPEAL_STATES).nullable(),
  appealText: z.string().nullable(),
  appealedAt: z.string().nullable(),
  appealDecidedAt: z.string().nullable(),
  appealDecisionReason: z.string().nullable(),
});
export type Statement = z.infer<typeof statementSchema>;

/** A person's page in the console: the row, their activity, their sessions. */
/** How many of a person's latest things their console page lists. */
export const PERSON_RECENT = 10;

export const operatorPersonDetailSchema = operatorPersonSchema.extend({
  banReason: z.string().nullable(),
  tasksPosted: z.number().int(),
  bidsPlaced: z.number().int(),
  /** Their latest tasks (each opens on the console's task page), newest first. */
  recentTasks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.enum(TASK_STATUSES),
      moderation: z.enum(MODERATION_STATES).nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Their latest bids and the task of each, newest first. */
  recentBids: z.array(
    z.object({
      id: z.string(),
      taskId: z.string(),
      taskTitle: z.string(),
      amount: z.number(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** The latest queue items about what they wrote, decided or not. */
  reportsAgainst: z.array(
    z.object({
      id: z.string(),
      targetType: z.enum(REPORT_TARGETS),
      targetId: z.string(),
      status: z.enum(CASE_STATES),
      score: z.number(),
      reportCount: z.number().int(),
      openedAt: z.string(),
    }),
  ),
  /** The latest reports they filed, with what became of each. */
  reportsBy: z.array(
    z.object({
      id: z.string(),
      targetType: z.enum(REPORT_TARGETS),
      category: z.enum(RULE_IDS),
      status: z.enum(CASE_STATES),
      createdAt: z.string(),
    }),
  ),
  /** Every statement about them, newest first: their strikes. */
  statements: z.array(statementSchema),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
});
export type OperatorPersonDetail = z.infer<typeof operatorPersonDetailSchema>;

export const roleChangeSchema = z.object({ role: roleSchema, reason });
export type RoleChange = z.infer<typeof roleChangeSchema>;

export const reasonSchema = z.object({ reason });

/**
 * Suspending a person: until a date (they can sign in again from that day, UTC), or with no
 * date for a ban; the rule broken and the reason, both said to them.
 */
export const suspensionSchema = z.object({
  until: z.iso
    .date('must be a date (YYYY-MM-DD)')
    .nullable()
    .refine((v) => v === null || v > new Date().toISOString().slice(0, 10), 'must be after today')
    .refine(
      (v) => v === null || Date.parse(v) - Date.now() <= MAX_SUSPENSION_DAYS * 86_400_000,
      `must be within ${MAX_SUSPENSION_DAYS} days; leave it empty for a ban`,
    ),
  rule: z.enum(RULE_IDS),
  reason,
});
export type Suspension = z.infer<typeof suspensionSchema>;

/** A warning: only a statement to the person, with the rule and the reason. */
export const warningSchema = z.object({ rule: z.enum(RULE_IDS), reason });
export type Warning = z.infer<typeof warningSchema>;

/** A read-only limit until a date (UTC; they can write again from that day). */
export const limitSchema = z.object({
  until: z.iso
    .date('must be a date (YYYY-MM-DD)')
    .refine((v) => v > new Date().toISOString().slice(0, 10), 'must be after today')
    .refine(
      (v) => Date.parse(v) - Date.now() <= MAX_LIMIT_DAYS * 86_400_000,
      `must be within ${MAX_LIMIT_DAYS} days`,
    ),
  rule: z.enum(RULE_IDS),
  reason,
});
export type Limit = z.infer<typeof limitSchema>;

export const statementIdParamsSchema = z.object({ id: z.uuid('must be a statement id') });

const APPEAL_MAX = 2000;

/** A person's appeal of a statement: why it is wrong, in their words. */
export const appealInputSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Say why you think this is wrong')
    .max(APPEAL_MAX, `At most ${APPEAL_MAX} characters`),
});

/** An open appeal, as operators read it. */
export const appealSchema = statementSchema.extend({
  personId: z.string(),
  personName: z.string(),
  /** Who made the decision appealed (null: the command line or an erased operator). */
  actorId: z.string().nullable(),
  /** Hours since the appeal was made. */
  ageHours: z.number(),
});
export type Appeal = z.infer<typeof appealSchema>;

export const appealDecisionSchema = z.object({
  outcome: z.enum(['upheld', 'overturned']),
  reason,
});
export type AppealDecision = z.infer<typeof appealDecisionSchema>;

/** The audit log's filters: every one optional; `from` and `to` are dates, both included. */
export const auditQuerySchema = pageQuerySchema(50).extend({
  actor: z.string().trim().max(100).optional(),
  action: z.string().trim().max(100).optional(),
  targetType: z.string().trim().max(50).optional(),
  targetId: z.string().trim().max(100).optional(),
  from: z.iso.date('must be a date (YYYY-MM-DD)').optional(),
  to: z.iso.date('must be a date (YYYY-MM-DD)').optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

const COMMENT_MAX = 1000;

/** A person's report of something they saw. */
export const reportInputSchema = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string().trim().min(1).max(100),
  category: z.enum(RULE_IDS),
  comment: z
    .string()
    .trim()
    .max(COMMENT_MAX, `At most ${COMMENT_MAX} characters`)
    .optional()
    .default(''),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

export const reportReceiptSchema = z.object({ id: z.string(), message: z.string() });

/** One item of the review queue, as operators read it. */
export const queueItemSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  score: z.number(),
  reportCount: z.number().int(),
  status: z.enum(CASE_STATES),
  assignedTo: z.string().nullable(),
  openedAt: z.string(),
  /** Hours since the item opened without a decision. */
  ageHours: z.number(),
  categories: z.array(z.enum(RULE_IDS)),
  /** What the thing said when it was first reported. */
  snapshot: z.record(z.string(), z.unknown()),
  comments: z.array(z.string()),
  /** The thing's moderation now: held once the score reached the hiding score. */
  moderation: z.enum(MODERATION_STATES).nullable(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const caseIdParamsSchema = z.object({ id: z.uuid('must be a case id') });

/**
 * An operator's decision on a queue item. Upholding removes the thing; `rule` is the rule its
 * author is told it broke (default: the one most reports named).
 */
export const decisionSchema = z.object({
  outcome: z.enum(['upheld', 'dismissed']),
  reason,
  rule: z.enum(RULE_IDS).optional(),
});
export type Decision = z.infer<typeof decisionSchema>;

/** The review queue's threshold a new installation starts with (see `moderationSettingsSchema`). */
export const DEFAULT_HIDE_SCORE = 3;
const WORD_MAX = 100;
const WORDS_MAX = 500;

const limit = (most: number) =>
  z
    .number('must be a number')
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(most, `must be at most ${most}`);

/** One watched word or phrase and what it does. */
export const watchedWordSchema = z.object({
  word: z
    .string()
    .trim()
    .min(1, 'Write the word or phrase')
    .max(WORD_MAX, `At most ${WORD_MAX} characters`),
  action: z.enum(WORD_ACTIONS),
  category: z.enum(RULE_IDS).optional(),
});

/**
 * The moderation settings admins edit in the console: the score at which reported content is
 * hidden pending review, what an account may post in its first day, and the watched words.
 * Every field has its default, so a stored row from before a field existed still reads.
 */
export const moderationSettingsSchema = z.object({
  hideScore: z
    .number('must be a number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(DEFAULT_HIDE_SCORE),
  newAccount: z
    .object({
      /** Tasks, bids and messages an account may post while under 24 hours old. */
      tasks: limit(1000).default(3),
      bids: limit(1000).default(10),
      messages: limit(1000).default(20),
      /** Its first this many messages may hold no link (0: links allowed from the first). */
      linkFreeMessages: limit(1000).default(3),
    })
    .prefault({}),
  watchedWords: z
    .array(watchedWordSchema)
    .max(WORDS_MAX, `At most ${WORDS_MAX} words`)
    .refine(
      (list) => new Set(list.map((w) => w.word.toLowerCase())).size === list.length,
      'Each word once',
    )
    .default([]),
});
export type ModerationSettings = z.infer<typeof moderationSettingsSchema>;

/** Changing the settings: all of them, and why (the audit log keeps it). */
export const settingsChangeSchema = moderationSettingsSchema.extend({ reason });
export type SettingsChange = z.infer<typeof settingsChangeSchema>;

/** A task as the console shows it: the task, its owner, its moderation and its reports. */
export const consoleTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(TASK_STATUSES),
  createdAt: z.string(),
  moderation: z.enum(MODERATION_STATES).nullable(),
  moderationRule: z.enum(RULE_IDS).nullable(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(ROLES) }),
  /** Every report of the task, newest first, with its item's state. */
  reports: z.array(
    z.object({
      id: z.string(),
      caseId: z.string(),
      caseStatus: z.enum(CASE_STATES),
      category: z.enum(RULE_IDS),
      comment: z.string(),
      weight: z.number(),
      createdAt: z.string(),
    }),
  ),
  openCaseId: z.string().nullable(),
});
export type ConsoleTask = z.infer<typeof consoleTaskSchema>;

export const taskIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** Taking a task down from the console: the rule its owner is told, and why. */
export const taskHideSchema = z.object({ rule: z.enum(RULE_IDS), reason });
export type TaskHide = z.infer<typeof taskHideSchema>;
