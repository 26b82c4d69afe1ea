import { z } from 'zod';
import { PRICE_RANGE_ISSUE, priceRangeInOrder, taskListQuerySchema } from '../tasks/schema.ts';
import {
  ALERT_CHANNELS,
  ALERT_FREQUENCIES,
  channelsProblem,
  hasCriteria,
  isDigest,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_NAME_MAX,
  type AlertChannel,
  type AlertFrequency,
} from './rules.ts';

const browse = taskListQuerySchema.shape;

/**
 * A saved search's criteria: the browse query's own fields (the same checks and limits), a
 * search term or at least one filter set.
 */
export const savedCriteriaSchema = z
  .object({
    search: browse.search,
    category: browse.category,
    minPrice: browse.minPrice,
    maxPrice: browse.maxPrice,
    location: browse.location,
    skills: browse.skills,
    sort: browse.sort,
  })
  .refine(priceRangeInOrder, PRICE_RANGE_ISSUE)
  .refine(hasCriteria, { message: SAVED_SEARCH_MESSAGES.noCriteria });

const name = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(SAVED_SEARCH_NAME_MAX, `must be ${SAVED_SEARCH_NAME_MAX} characters at most`);
const frequency = z.enum(ALERT_FREQUENCIES, 'must be Instant, Daily, Weekly or Paused');
const channels = z
  .array(z.enum(ALERT_CHANNELS, 'must be in-app, email or push'))
  .min(1, 'choose at least one')
  .max(10)
  .transform((list) => [...new Set(list)]);

/** A frequency and channels that do not go together are refused on the channels. */
function checkChannels(
  b: { frequency?: AlertFrequency | undefined; channels?: AlertChannel[] | undefined },
  ctx: z.RefinementCtx,
) {
  if (!b.frequency || !b.channels) return;
  const problem = channelsProblem(b.frequency, b.channels);
  if (problem) ctx.addIssue({ code: 'custom', path: ['channels'], message: problem });
}

/**
 * What "Save this search" sends. Without channels, an instant search alerts in the app and
 * a digest comes by e-mail.
 */
export const createSavedSearchSchema = z
  .object({
    name,
    criteria: savedCriteriaSchema,
    frequency: frequency.default('instant'),
    channels: channels.optional(),
  })
  .transform((b) => ({
    ...b,
    channels: b.channels ?? (isDigest(b.frequency) ? ['email' as const] : ['in-app' as const]),
  }))
  .superRefine(checkChannels);
export type CreateSavedSearchInput = z.input<typeof createSavedSearchSchema>;

/**
 * Renaming, pausing, resuming or changing how alerts come: at least one of the fields (the
 * server checks the frequency and channels together with what the search has).
 */
export const updateSavedSearchSchema = z
  .object({ name: name.optional(), frequency: frequency.optional(), channels: channels.optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'send a name, a frequency or channels',
  })
  .superRefine(checkChannels);
export type UpdateSavedSearchInput = z.input<typeof updateSavedSearchSchema>;

export const savedSearchIdParamsSchema = z.object({ id: z.string().max(100) });

/** A saved search as its owner sees it. */
export const savedSearchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The browse URL's values (none empty). */
  criteria: z.record(z.string(), z.string()),
  /** The browse page with these criteria. */
  path: z.string(),
  frequency: z.enum(ALERT_FREQUENCIES),
  channels: z.array(z.enum(ALERT_CHANNELS)),
  /** When its last alert was written (null: none yet). */
  lastAlertAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** What a task alert's unsubscribe link names: its saved searches, and if each still mails. */
export const alertUnsubscribeSchema = z.object({
  searches: z.array(z.object({ name: z.string(), email: z.boolean() })),
});
export type AlertUnsubscribe = z.infer<typeof alertUnsubscribeSchema>;
