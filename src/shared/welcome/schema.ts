import { z } from 'zod';
import { WELCOME_GOALS } from './rules.ts';

/** Whether the welcome is still to be shown, and the answer given (if any). */
export const welcomeSchema = z.object({
  pending: z.boolean(),
  goal: z.enum(WELCOME_GOALS).nullable(),
});
export type Welcome = z.infer<typeof welcomeSchema>;

/** Answering ("Get work done" / "Earn") or skipping (no goal): either way it is done. */
export const welcomeAnswerSchema = z.object({ goal: z.enum(WELCOME_GOALS).optional() }).strict();
export type WelcomeAnswer = z.infer<typeof welcomeAnswerSchema>;
