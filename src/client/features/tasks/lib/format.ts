/** Display formats of the task screens, built on the app's shared formats. */
import { formatDate as formatDay, formatMoney as formatAmount } from '../../../lib/format.ts';

/** "$1,234.50"; `fallback` when there is no amount. */
export function formatMoney(amount: number | null | undefined, fallback = 'Not specified'): string {
  return formatAmount(amount) ?? fallback;
}

/** Lists and the delete dialog show `price`, falling back to `budget` (PRODUCT.md §1). */
export function taskPrice(task: { price: number | null; budget: number | null }): number | null {
  return task.price ?? task.budget;
}

/** A calendar date (YYYY-MM-DD) as "Jun 30, 2026", the same in every time zone. */
export function formatDate(date: string | null | undefined): string {
  return formatDay(date) || 'No deadline';
}

const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A point in time (ISO 8601) in the reader's time zone, e.g. "Jun 30, 2026, 3:04 PM". */
export function formatDateTime(iso: string): string {
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) ? iso : moment.format(parsed);
}
