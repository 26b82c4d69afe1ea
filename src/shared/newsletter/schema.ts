import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE } from './rules.ts';

/** The footer's newsletter form: one e-mail, trimmed and lower-cased before it is checked. */
export const newsletterSchema = z.object({
  email: z
    .string(INVALID_EMAIL_MESSAGE)
    .trim()
    .toLowerCase()
    .pipe(z.email(INVALID_EMAIL_MESSAGE).max(254, INVALID_EMAIL_MESSAGE)),
});
export type NewsletterInput = z.input<typeof newsletterSchema>;

export const newsletterResultSchema = z.object({
  acknowledged: z.literal(true),
  message: z.string(),
});
export type NewsletterResult = z.infer<typeof newsletterResultSchema>;
