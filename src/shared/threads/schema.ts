import { z } from 'zod';
import { TASK_STATUSES } from '../constants.ts';
import { MESSAGE_LIMITS } from '../limits.ts';
import { cursorPageSchema, cursorQuerySchema } from '../paging/schema.ts';
import { CONTACT_STATES } from '../blocks/rules.ts';
import { MESSAGES_PAGE_SIZE, THREAD_CLOSED_REASONS, THREADS_PAGE_SIZE } from './rules.ts';

/**
 * Private messages: a thread belongs to one task and one bidder, between the task's owner and
 * that bidder; only those two read, list, post to or mark it read. Lists page by an opaque
 * cursor (keyset), never by page number.
 */

const id = z.string().min(1, 'is required').max(100);

/** `POST /api/threads`: the owner names the bidder; a bidder leaves `bidderId` out. */
export const openThreadSchema = z.object({
  taskId: id,
  bidderId: id.optional(),
});
export type OpenThreadInput = z.input<typeof openThreadSchema>;

/** `GET /api/threads?cursor=&limit=`. */
export const threadListQuerySchema = cursorQuerySchema(THREADS_PAGE_SIZE);
export type ThreadListQuery = z.input<typeof threadListQuerySchema>;

/** `GET /api/threads/{id}/messages?cursor=&limit=`: the newest `limit` before `cursor`. */
export const messageListQuerySchema = cursorQuerySchema(MESSAGES_PAGE_SIZE);
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
  /** The task as the thread's header shows it; budget and status are null once it is deleted. */
  task: z.object({
    id: z.string().nullable(),
    title: z.string(),
    budget: z.number().nullable(),
    status: z.enum(TASK_STATUSES).nullable(),
  }),
  closedReason: z.enum(THREAD_CLOSED_REASONS).nullable(),
  /**
   * A block between the two as I see it: `blocked` (I blocked them), `unavailable` (I cannot
   * contact them) or `open`. Writing closes for either, whatever else closed it.
   */
  contact: z.enum(CONTACT_STATES),
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
  /** On the sender's answer only: said beside the composer (contact or payment details). */
  warning: z.string().optional(),
  /** Its sender only, while moderation keeps it from the other side (held, or removed). */
  moderationNotice: z.string().optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const threadPageSchema = cursorPageSchema(threadSummarySchema);
export type ThreadPage = z.infer<typeof threadPageSchema>;

/** Oldest → newest; `nextCursor` loads the older ones before them. */
export const messagePageSchema = cursorPageSchema(messageSchema);
export type MessagePage = z.infer<typeof messagePageSchema>;

export const markReadResultSchema = z.object({ acknowledged: z.literal(true) });
