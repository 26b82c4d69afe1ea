import type { TaskSort } from '../constants.ts';
import { parseSkills } from '../tasks/rules.ts';

/*
 * Saved searches and their task alerts, zod-free so the browse page and the settings can read
 * the same rules the server enforces (the schemas in `schema.ts` build on these).
 */

/** How many searches one person may save. */
export const SAVED_SEARCH_LIMIT = 10;

/** A saved search's name, as the list and the alert show it. */
export const SAVED_SEARCH_NAME_MAX = 60;

/** How often a saved search may alert; `paused` never does. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly', 'paused'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** Where an alert may reach its person. */
export const ALERT_CHANNELS = ['in-app', 'email', 'push'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** The frequencies as the screens name them. */
export const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: 'Instant',
  daily: 'Daily',
  weekly: 'Weekly',
  paused: 'Paused',
};

/** The channels as the screens name them. */
export const CHANNEL_LABELS: Record<AlertChannel, string> = {
  'in-app': 'In the app',
  email: 'E-mail',
  push: 'On my devices',
};

/** The frequencies that gather what matched into one e-mail: a digest. */
export const DIGEST_FREQUENCIES = ['daily', 'weekly'] as const satisfies AlertFrequency[];
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const isDigest = (f: AlertFrequency): f is DigestFrequency =>
  (DIGEST_FREQUENCIES as readonly string[]).includes(f);

/** Digests go out at this hour (UTC): daily ones every day, weekly ones on Mondays. */
export const DIGEST_HOUR_UTC = 8;
/** The weekday of weekly digests (0 is Sunday, as `Date.getUTCDay` counts). */
export const WEEKLY_DIGEST_DAY = 1;

/** Tasks one search lists in an alert mail; "See all" opens the rest on Browse Tasks. */
export const MAIL_TASKS_PER_SEARCH = 20;

/**
 * The latest moment at or before `at` when a digest of `frequency` was due: today's (or
 * yesterday's) digest hour, and for weekly ones that hour on the last Monday. A search whose
 * watermark is before it has a digest to send.
 */
export function lastDigestSlot(frequency: DigestFrequency, at: Date): Date {
  const slot = new Date(at);
  slot.setUTCHours(DIGEST_HOUR_UTC, 0, 0, 0);
  if (slot > at) slot.setUTCDate(slot.getUTCDate() - 1);
  if (frequency === 'weekly') {
    const back = (slot.getUTCDay() - WEEKLY_DIGEST_DAY + 7) % 7;
    slot.setUTCDate(slot.getUTCDate() - back);
  }
  return slot;
}

/**
 * Why a frequency and channels do not go together (null when they do): a digest is an
 * e-mail, so Daily and Weekly need the e-mail channel and no other.
 */
export function channelsProblem(frequency: AlertFrequency, channels: AlertChannel[]) {
  if (isDigest(frequency) && (channels.length !== 1 || channels[0] !== 'email'))
    return SAVED_SEARCH_MESSAGES.digestByEmail;
  return null;
}

/** At most one alert per saved search in this many minutes; the matches in between add up. */
export const ALERT_EVERY_MINUTES = 15;

/** The browse page's URL state a saved search keeps (the page and the status filter are not). */
export const CRITERIA_FIELDS = [
  'search',
  'category',
  'minPrice',
  'maxPrice',
  'location',
  'skills',
  'sort',
] as const;
export type CriteriaField = (typeof CRITERIA_FIELDS)[number];

/** A saved search's criteria as stored and sent: the browse URL's values, none empty. */
export type SavedCriteria = Partial<Record<CriteriaField, string>>;

/** The criteria as the browse query's schema reads them (amounts as numbers, the sort set). */
export interface ParsedCriteria {
  search?: string | undefined;
  category?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  location?: string | undefined;
  skills?: string | undefined;
  sort: TaskSort;
}

/** True when a search term or a filter is set: a sort alone is no search to save. */
export function hasCriteria(c: ParsedCriteria | SavedCriteria): boolean {
  return CRITERIA_FIELDS.some(
    (field) => field !== 'sort' && c[field] !== undefined && String(c[field]).trim() !== '',
  );
}

/**
 * The one way criteria are stored: trimmed, empty values and the default sort left out,
 * amounts as plain numbers ("10.50" is "10.5"), skills as the list browse reads.
 */
export function canonicalCriteria(c: ParsedCriteria): SavedCriteria {
  const skills = parseSkills(c.skills).join(', ');
  const out: SavedCriteria = {
    search: c.search?.trim(),
    category: c.category,
    minPrice: c.minPrice === undefined ? undefined : String(c.minPrice),
    maxPrice: c.maxPrice === undefined ? undefined : String(c.maxPrice),
    location: c.location?.trim(),
    skills,
    sort: c.sort === 'newest' ? undefined : c.sort,
  };
  return Object.fromEntries(
    CRITERIA_FIELDS.flatMap((field) => (out[field] ? [[field, out[field]]] : [])),
  ) as SavedCriteria;
}

/**
 * What makes two saved searches "the same search": their canonical criteria with the words
 * in lower case and the skills in any order (browse matches them so).
 */
export function criteriaKey(c: SavedCriteria): string {
  const lower = (v: string | undefined) => v?.toLowerCase();
  const skills = c.skills ? parseSkills(c.skills.toLowerCase()).sort().join(',') : undefined;
  return JSON.stringify([
    lower(c.search),
    c.category,
    c.minPrice,
    c.maxPrice,
    lower(c.location),
    skills,
    c.sort,
  ]);
}

/** The browse page showing a saved search's tasks. */
export function browsePath(c: SavedCriteria): string {
  const params = new URLSearchParams();
  for (const field of CRITERIA_FIELDS) {
    const value = c[field];
    if (value) params.set(field, value);
  }
  const query = params.toString();
  return query ? `/browse-tasks?${query}` : '/browse-tasks';
}

/** The alert's title: "3 new tasks match “Logo design”" ("50+" past what one alert counts). */
export function alertTitle(count: number, capped: boolean, name: string): string {
  const figure = capped ? `${count}+` : String(count);
  return `${figure} new ${count === 1 && !capped ? 'task matches' : 'tasks match'} “${name}”`;
}

/** How many matched, as an alert says it: "50+" past the cap. */
export const matchFigure = (total: number, cap: number): string =>
  total > cap ? `${cap}+` : String(total);

/** A name to start from: the search term, else the first filter's value. */
export function suggestedName(c: SavedCriteria): string {
  const first =
    c.search ??
    c.skills ??
    c.category ??
    c.location ??
    (c.minPrice || c.maxPrice
      ? `Tasks from $${c.minPrice ?? 0}${c.maxPrice ? ` to $${c.maxPrice}` : ''}`
      : '');
  return first.slice(0, SAVED_SEARCH_NAME_MAX).trim();
}

/** Refusals the API gives, also shown beside the dialog's fields. */
export const SAVED_SEARCH_MESSAGES = {
  limit: `You can save up to ${SAVED_SEARCH_LIMIT} searches. Delete one in Settings › Task alerts to save another.`,
  duplicate: 'You already saved this search',
  notFound: 'Saved search not found',
  noCriteria: 'Search for something or choose a filter before saving the search',
  digestByEmail: 'Daily and weekly alerts come by e-mail only',
} as const;
