import type { RatingSummary } from './schema.ts';

/**
 * Reviews after finished work, both ways: the task's owner reviews the freelancer who did
 * it, and the freelancer reviews the owner as a client. Double-blind: a review is published
 * when both sides have written theirs, or when the window closes, whichever comes first;
 * until then only its author sees it (and may edit it).
 */
export const REVIEW_WINDOW_DAYS = 14;
/** Who has not reviewed by then gets one reminder. */
export const REVIEW_REMINDER_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;
/** When reviews of work completed at `completedAt` publish and new ones are refused. */
export const reviewWindowEnd = (completedAt: Date) =>
  new Date(completedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);

/** The side the reviewed person was on: the client who posted, or the freelancer who did it. */
export const REVIEW_ROLES = ['client', 'freelancer'] as const;
export type ReviewRole = (typeof REVIEW_ROLES)[number];

/** The average with one decimal, from a sum and a count kept beside each other. */
export function ratingSummary(sum: number, count: number): RatingSummary {
  return { average: count === 0 ? null : Math.round((sum / count) * 10) / 10, count };
}
