import { z } from 'zod';
import { PROFILE_LIMITS, PROFILE_MAX_SKILLS } from '../limits.ts';
import { ratingSummarySchema } from '../reviews/schema.ts';

const { headline, bio, location, skill } = PROFILE_LIMITS;

/** What a person edits of their public profile ('' clears a field). */
export const profileInputSchema = z.object({
  headline: z.string().trim().max(headline.maxLength).optional(),
  bio: z.string().trim().max(bio.maxLength).optional(),
  location: z.string().trim().max(location.maxLength).optional(),
  skills: z
    .array(z.string().trim().min(1, 'A skill cannot be empty').max(skill.maxLength))
    .max(PROFILE_MAX_SKILLS, `At most ${PROFILE_MAX_SKILLS} skills`)
    .optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const userIdParamsSchema = z.object({ id: z.string() });

/** A person's public profile: open to everyone, never an e-mail address. */
export const publicProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  headline: z.string(),
  bio: z.string(),
  skills: z.array(z.string()),
  location: z.string(),
  /** Your own profile only, while moderation keeps what you wrote from others. */
  moderationNotice: z.string().optional(),
  memberSince: z.string(),
  verified: z.boolean(),
  client: z.object({
    tasksPosted: z.number().int(),
    hired: z.number().int(),
    completed: z.number().int(),
    rating: ratingSummarySchema,
  }),
  freelancer: z.object({
    bidsPlaced: z.number().int(),
    jobsWon: z.number().int(),
    jobsCompleted: z.number().int(),
    /** Completed ÷ won, 0–1; null before the first job won. */
    completionRate: z.number().nullable(),
    rating: ratingSummarySchema,
  }),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
