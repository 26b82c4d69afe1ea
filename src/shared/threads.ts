import { z } from 'zod';
import { MESSAGE_LIMITS, THREAD_LIMITS } from './limits.ts';
import { cursorPageSchema } from './paging.ts';

/**
 * Private messages: a thread belongs to one task and one bidder, between the task's owner and
 * that bidder; only those two read, list, post to or mark it read. Lists page by an opaque
 * cursor (keyset), never by page number.
 */

/** Writing closes this many days after the task is completed (reading never closes). */
export const THREAD_WRITABLE_DAYS_AFTER_COMPLETION = 30;
export const THREADS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 50;

/** Why a thread no longer takes messages: its task was deleted, or completed long ago. */
export const THREAD_CLOSED_REASONS = ['task-deleted', 'expired'] as const;
export type ThreadClosedReason = (typeof THREAD_CLOSED_REASONS)[number];

const id = z.string().min(1, 'is required').max(100);

/** A query-string page size: digits only, absent or empty means `defaultLimit`. */
const limitQuery = (defaultLimit: number, { min, max }: { min: number; max: number }) =>
  z
    .string()
    .regex(/^\d*$/, `must be a whole number from ${min} to ${max}`)
    .optional()
    .transform((v) => (v === undefined || v === '' ? defaultLimit : Number(v)))
    .pipe(z.number().int().min(min).max(max));

/** An opaque cursor the previous page gave (`nextCursor`); absent or empty: the first page. */
const cursorQuery = z
  .string()
  .max(200)
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** `POST /api/threads`: the owner names the bidder; a bidder leaves `bidderId` out. */
export const openThreadSchema = z.object({
  taskId: id,
  bidderId: id.optional(),
});
export type OpenThreadInput = z.input<typeof openThreadSchema>;

/** `GET /api/threads?cursor=&limit=`. */
export const threadListQuerySchema = z.object({
  cursor: cursorQuery,
  limit: limitQuery(THREADS_PAGE_SIZE, THREAD_LIMITS.limit),
});
export type ThreadListQuery = z.input<typeof threadListQuerySchema>;

/** `GET /api/threads/{id}/messages?before=&limit=`: the newest `limit` before `before`. */
export const messageListQuerySchema = z.object({
  before: cursorQuery,
  limit: limitQuery(MESSAGES_PAGE_SIZE, MESSAGE_LIMITS.limit),
});
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

export const threadIdParamsSchema = z.object({ id: z.string() });

/** `POST /api/threads/{id}/messages`. */
export const sendMessageSchema = z.object({
  body: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(
      MESSAGE_LIMITS.body.maxLength,
      `Message must be at most ${MESSAGE_LIMITS.body.maxLength.toLocaleString('en')} characters`,
    ),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** `POST /api/threads/{id}/read`: everything up to this message, addressed to me, is read. */
export const markReadSchema = z.object({ upTo: id });
export type MarkReadInput = z.input<typeof markReadSchema>;

const personRef = z.object({ id: z.string(), name: z.string() });

export const threadSummarySchema = z.object({
  id: z.string(),
  /** The task's id is null once the task is deleted; its title is kept. */
  task: z.object({ id: z.string().nullable(), title: z.string() }),
  /** The other participant. */
  other: personRef,
  lastMessage: z
    .object({
      senderId: z.string(),
      /** The first line of its body. */
      firstLine: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
  lastActivityAt: z.string(),
  /** Messages addressed to me I have not read yet. */
  unreadCount: z.number().int(),
  /** Whether a message can be sent now. */
  writable: z.boolean(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const threadSchema = threadSummarySchema.extend({
  closedReason: z.enum(THREAD_CLOSED_REASONS).nullable(),
  /** The newest message the other person has read: "Seen" goes under it, if it is mine. */
  otherLastReadMessageId: z.string().nullable(),
});
export type Thread = z.infer<typeof threadSchema>;

export const messageSchema = z.object({
  id: z.string(),
  threadId: z.string(),
  senderId: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const threadPageSchema = cursorPageSchema(threadSummarySchema);
export type ThreadPage = z.infer<typeof threadPageSchema>;

/** Oldest → newest; `nextCursor` loads the older ones before them. */
export const messagePageSchema = cursorPageSchema(messageSchema);
export type MessagePage = z.infer<typeof messagePageSchema>;

export const markReadResultSchema = z.object({ acknowledged: z.literal(true) });

export { unreadCountSchema, type UnreadCount } from './notifications.ts';
