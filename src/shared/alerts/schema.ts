import { z } from 'zod';
import { PRICE_RANGE_ISSUE, priceRangeInOrder, taskListQuerySchema } from '../tasks/schema.ts';
import {
  ALERT_CHANNELS,
  ALERT_FREQUENCIES,
  AVAILABLE_CHANNELS,
  AVAILABLE_FREQUENCIES,
  hasCriteria,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_NAME_MAX,
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
/** Only what is delivered today can be chosen. */
const frequency = z.enum(AVAILABLE_FREQUENCIES, 'must be Instant or Paused');
const channels = z
  .array(z.enum(AVAILABLE_CHANNELS, 'must be in-app or push (e-mail alerts are not available yet)'))
  .min(1, 'choose at least one')
  .transform((list) => [...new Set(list)]);

/** What "Save this search" sends. */
export const createSavedSearchSchema = z.object({
  name,
  criteria: savedCriteriaSchema,
  frequency: frequency.default('instant'),
  channels: channels.default(['in-app']),
});
export type CreateSavedSearchInput = z.input<typeof createSavedSearchSchema>;

/** Renaming, pausing or resuming: at least one of the fields. */
export const updateSavedSearchSchema = z
  .object({ name: name.optional(), frequency: frequency.optional(), channels: channels.optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'send a name, a frequency or channels',
  });
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
