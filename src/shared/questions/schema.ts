import { z } from 'zod';
import { QUESTIONS_PAGE_SIZE } from './rules.ts';
import { QUESTION_LIMITS } from '../limits.ts';
import { cursorPageSchema, cursorQuerySchema } from '../paging/schema.ts';

/**
 * Public questions on a task: anyone signed in but its owner asks, the owner answers once
 * (and may change the answer for a short while), hides a question, or leaves it; the asker
 * may delete a question nobody answered yet. Plain text only.
 */

const { text, answer } = QUESTION_LIMITS;

/** Required plain text of at most `maxLength` characters after trimming, named in its errors. */
const plainText = (label: string, maxLength: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(maxLength, `${label} must be at most ${maxLength.toLocaleString('en')} characters`);

export const askQuestionSchema = z.object({ text: plainText('Question', text.maxLength) });
export type AskQuestionInput = z.infer<typeof askQuestionSchema>;

export const answerQuestionSchema = z.object({ answer: plainText('Answer', answer.maxLength) });
export type AnswerQuestionInput = z.infer<typeof answerQuestionSchema>;

export const questionVisibilitySchema = z.object({ hidden: z.boolean() });

export const questionIdParamsSchema = z.object({ id: z.string().max(100) });

export const questionListQuerySchema = cursorQuerySchema(QUESTIONS_PAGE_SIZE);

/** A question as the API shows it to one reader. */
export const questionSchema = z.object({
  _id: z.string(),
  taskId: z.string(),
  asker: z.object({ id: z.string(), name: z.string() }),
  text: z.string(),
  createdAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** When the answer was last changed; null when it never was. */
  answerEditedAt: z.string().nullable(),
  /** Hidden by the task's owner: only the owner and the asker still see it. */
  hidden: z.boolean(),
  /** Its asker only, while moderation keeps it from others (held, or removed with the rule). */
  moderationNotice: z.string().optional(),
  /** The task's owner only: the same for their answer (others read no answer). */
  answerModerationNotice: z.string().optional(),
  /** What the reader may do with it now. */
  canAnswer: z.boolean(),
  canEditAnswer: z.boolean(),
  canHide: z.boolean(),
  canDelete: z.boolean(),
  /** On the asker's answer only: said beside the form (contact or payment details). */
  warning: z.string().optional(),
});
export type Question = z.infer<typeof questionSchema>;

/** One page, newest first; `total` is every question the reader can see on the task. */
export const questionPageSchema = cursorPageSchema(questionSchema).extend({
  total: z.number().int(),
  /** Whether the reader may ask on this task (not its owner, no block between them). */
  canAsk: z.boolean(),
});
export type QuestionPage = z.infer<typeof questionPageSchema>;
