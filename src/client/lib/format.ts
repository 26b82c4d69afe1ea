import { formatDollars } from '../../shared/money.ts';

/* How the screens write amounts, dates and moments. */

/** "$1,250.00", as notifications and mails write it; `fallback` when there is no amount. */
export function formatMoney(amount: number | null | undefined, fallback = 'Not specified'): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return fallback;
  return formatDollars(amount);
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar date (YYYY-MM-DD) as "Mar 5, 2026", the same in every time zone; `fallback`
 * when there is none; other text is returned as it is.
 */
export function formatDate(value: string | null | undefined, fallback = 'No deadline'): string {
  if (!value) return fallback;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const monthOfYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/** The month a point in time (ISO 8601) falls in, e.g. "June 2026". */
export function formatMonth(iso: string): string {
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) ? iso : monthOfYear.format(parsed);
}

/** A point in time (ISO 8601) in the reader's time zone, e.g. "Jun 30, 2026, 3:04 PM". */
export function formatDateTime(iso: string): string {
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) ? iso : moment.format(parsed);
}

const clock = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
const dayOfYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * A moment in a list, short: the time when it is today, the day this year, else the date
 * ("3:04 PM", "Jun 30", "Jun 30, 2025"), in the reader's time zone.
 */
export function formatShortMoment(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  if (at.toDateString() === now.toDateString()) return clock.format(at);
  return at.getFullYear() === now.getFullYear() ? dayOfYear.format(at) : day.format(at);
}
