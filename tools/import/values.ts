/**
 * The first version's field values read into TaskBid's: money written as text, dates in any
 * ISO form or `$date`, categories, statuses and priorities spelt loosely. A value that cannot
 * be read throws a Rejection carrying the reason (grouped in the summary) and its detail.
 */
import {
  CATEGORIES,
  PRIORITIES,
  type Category,
  type Priority,
  type TaskStatus,
} from '../../src/shared/constants.ts';
import { ACCOUNT_LIMITS } from '../../src/shared/limits.ts';
import { isObjectId } from '../../src/server/platform/db/ids.ts';
import { Decimal, ObjectId, type Plain } from './extended-json.ts';

export class Rejection extends Error {
  readonly reason: string;
  constructor(reason: string, detail: string = reason) {
    super(detail);
    this.reason = reason;
  }
}

export function kindOf(value: Plain): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (value instanceof ObjectId) return 'an ObjectId';
  if (value instanceof Decimal) return 'a decimal';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

const wrongType = (field: string, expected: string, value: Plain) =>
  new Rejection('wrong type', `${field}: expected ${expected}, got ${kindOf(value)}`);

/** Trimmed text, or undefined when absent, null or blank. */
export function textOf(field: string, value: Plain | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw wrongType(field, 'text', value);
  const text = value.trim();
  return text === '' ? undefined : text;
}

/** Text that must be there and fit. */
export function requiredText(field: string, value: Plain | undefined, maxLength: number): string {
  const text = textOf(field, value);
  if (text === undefined) throw new Rejection(`missing ${field}`);
  if (text.length > maxLength)
    throw new Rejection(
      `${field} too long`,
      `${field}: ${text.length.toLocaleString('en-US')} characters, at most ${maxLength.toLocaleString('en-US')}`,
    );
  return text;
}

/** An ObjectId given as `{"$oid"}` or as its 24 hex digits. */
export function objectIdOf(field: string, value: Plain | undefined): ObjectId {
  if (value instanceof ObjectId) return value;
  if (typeof value === 'string' && isObjectId(value.trim())) return new ObjectId(value.trim());
  if (value === undefined || value === null) throw new Rejection(`missing ${field}`);
  throw new Rejection(`${field} not an ObjectId`, `${field}: not an ObjectId (${kindOf(value)})`);
}

const MONEY_TEXT = /^\$?\s*(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;

/** A sum of money: a number, a decimal, or text such as "100" or "$1,200.50"; in cents. */
export function moneyOf(field: string, value: Plain, limits: { min: number; max: number }): number {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (value instanceof Decimal) n = Number(value.text);
  else if (typeof value === 'string') {
    const text = value.trim();
    if (!MONEY_TEXT.test(text))
      throw new Rejection(`${field} not a number`, `${field}: "${text.slice(0, 40)}" is not a sum`);
    n = Number(text.replace(/[$,\s]/g, ''));
  } else throw wrongType(field, 'a number', value);
  if (!Number.isFinite(n) || n < limits.min || n > limits.max)
    throw new Rejection(
      `${field} out of range`,
      `${field}: ${n} is not between ${limits.min} and ${limits.max.toLocaleString('en-US')}`,
    );
  return Math.round(n * 100) / 100;
}

/** A plain number (estimated hours): a number, a decimal or numeric text. */
export function numberOf(field: string, value: Plain): number {
  const n =
    typeof value === 'number'
      ? value
      : value instanceof Decimal
        ? Number(value.text)
        : typeof value === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(value)
          ? Number(value)
          : Number.NaN;
  if (!Number.isFinite(n)) throw wrongType(field, 'a number', value);
  return n;
}

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * A point in time: `$date`, or ISO text (date only, or with a time; a time without an offset
 * is UTC, the same on every machine).
 */
export function instantOf(field: string, value: Plain): Date {
  if (value instanceof Date) return value;
  if (typeof value !== 'string') throw wrongType(field, 'a date', value);
  const text = value.trim();
  const match = ISO_DATE.exec(text);
  if (!match)
    throw new Rejection(
      `${field} not a date`,
      `${field}: "${text.slice(0, 40)}" is not an ISO date`,
    );
  const iso = `${match[1]}-${match[2]}-${match[3]}T${match[4] ?? '00'}:${match[5] ?? '00'}:${match[6] ?? '00'}${(match[7] ?? 'Z').replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime()) || !sameCalendarDay(match, date, match[7]))
    throw new Rejection(`${field} not a date`, `${field}: "${text.slice(0, 40)}" is not a date`);
  return date;
}

/** Rejects 2024-02-31 (which Date would roll over) when no offset moves the day. */
function sameCalendarDay(match: RegExpExecArray, date: Date, offset: string | undefined) {
  if (offset && offset.toUpperCase() !== 'Z') return true;
  return date.toISOString().slice(0, 10) === `${match[1]}-${match[2]}-${match[3]}`;
}

/**
 * A calendar day (YYYY-MM-DD) within `limits`: the day written in ISO text (whatever time and
 * offset follow), or a `$date`'s day in UTC.
 */
export function dayOf(field: string, value: Plain, limits: { min: string; max: string }): string {
  const day =
    typeof value === 'string'
      ? (instantOf(field, value), value.trim().slice(0, 10))
      : instantOf(field, value).toISOString().slice(0, 10);
  if (day < limits.min || day > limits.max)
    throw new Rejection(
      `${field} out of range`,
      `${field}: ${day} is not between ${limits.min} and ${limits.max}`,
    );
  return day;
}

/** Lower case, letters only: how loosely spelt names are compared. */
const key = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

const CATEGORY_KEYS = new Map<string, Category>([
  ...CATEGORIES.map((c) => [key(c), c] as const),
  ['webdev', 'Web Development'],
]);

export function categoryOf(value: Plain | undefined): Category {
  const text = textOf('category', value);
  if (text === undefined) throw new Rejection('missing category');
  const category = CATEGORY_KEYS.get(key(text));
  if (!category) throw new Rejection('unknown category', `unknown category "${text.slice(0, 60)}"`);
  return category;
}

const STATUS_KEYS: Record<string, TaskStatus> = {
  notstarted: 'Not Started',
  open: 'Not Started',
  new: 'Not Started',
  pending: 'Not Started',
  todo: 'Not Started',
  urgent: 'Not Started',
  inprogress: 'In Progress',
  ongoing: 'In Progress',
  started: 'In Progress',
  assigned: 'In Progress',
  onhold: 'On Hold',
  hold: 'On Hold',
  paused: 'On Hold',
  completed: 'Completed',
  complete: 'Completed',
  done: 'Completed',
  closed: 'Completed',
  finished: 'Completed',
};

/** A task status, with whether it said Urgent (the first version showed that as a status). */
export function statusOf(value: Plain | undefined): { status: TaskStatus; urgent: boolean } {
  const text = textOf('status', value);
  if (text === undefined) return { status: 'Not Started', urgent: false };
  const status = Object.hasOwn(STATUS_KEYS, key(text)) ? STATUS_KEYS[key(text)] : undefined;
  if (!status) throw new Rejection('unknown status', `unknown status "${text.slice(0, 60)}"`);
  return { status, urgent: key(text) === 'urgent' };
}

export function priorityOf(value: Plain | undefined): Priority | undefined {
  const text = typeof value === 'string' ? key(value) : '';
  if (text === 'normal') return 'Medium';
  return PRIORITIES.find((p) => key(p) === text);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailOf(field: string, value: Plain | undefined): string {
  const text = textOf(field, value)?.toLowerCase();
  if (text === undefined) throw new Rejection(`missing ${field}`);
  if (!EMAIL.test(text) || text.length > ACCOUNT_LIMITS.email.maxLength)
    throw new Rejection(
      'invalid e-mail',
      `${field}: "${text.slice(0, 60)}" is not an e-mail address`,
    );
  return text;
}
