/**
 * MongoDB Extended JSON (what `mongoexport` writes), relaxed and canonical, turned into plain
 * values: `{"$oid"}` → ObjectId, `{"$date"}` (an ISO string, milliseconds, or
 * `{"$numberLong"}`) → Date, `{"$numberInt" | "$numberLong" | "$numberDouble"}` → number,
 * `{"$numberDecimal"}` → Decimal (its text, so money stays exact). Any other `$` type is an
 * error naming it.
 */

import { isObjectId } from '../../src/server/platform/db/ids.ts';

export class ObjectId {
  readonly hex: string;
  constructor(hex: string) {
    this.hex = hex.toLowerCase();
  }
  /** The creation time held in an ObjectId's first four bytes. */
  get timestamp(): Date {
    return new Date(Number.parseInt(this.hex.slice(0, 8), 16) * 1000);
  }
}

export class Decimal {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

export type Plain =
  string | number | boolean | null | Date | ObjectId | Decimal | Plain[] | { [key: string]: Plain };

/** A value that cannot be read, with the reason the summary groups it under. */
export class ExtendedJsonError extends Error {
  readonly reason: string;
  constructor(message: string, reason = 'unreadable') {
    super(message);
    this.reason = reason;
  }
}

/**
 * How deep a document may nest (the first version's are three levels deep at most): deeper
 * would exhaust the stack of the walk below.
 */
export const MAX_DEPTH = 16;

function numberFrom(type: string, value: unknown): number {
  if (typeof value !== 'string') throw new ExtendedJsonError(`${type} must hold a string`);
  const n = Number(value);
  if (value.trim() === '' || Number.isNaN(n) || !Number.isFinite(n))
    throw new ExtendedJsonError(`${type} "${value.slice(0, 40)}" is not a finite number`);
  return n;
}

function dateFrom(value: unknown): Date {
  let date: Date | undefined;
  if (typeof value === 'string') date = new Date(value);
  else if (typeof value === 'number') date = new Date(value);
  else if (value && typeof value === 'object' && '$numberLong' in value)
    date = new Date(numberFrom('$numberLong', (value as { $numberLong: unknown }).$numberLong));
  if (!date || Number.isNaN(date.getTime()))
    throw new ExtendedJsonError(`$date ${JSON.stringify(value).slice(0, 60)} is not a date`);
  return date;
}

function wrapper(object: Record<string, unknown>): Plain | undefined {
  const keys = Object.keys(object);
  const type = keys[0];
  if (type === undefined || !type.startsWith('$')) return undefined;
  if (keys.length !== 1) throw new ExtendedJsonError(`unexpected keys beside ${type}`);
  const value = object[type];
  switch (type) {
    case '$oid':
      if (typeof value !== 'string' || !isObjectId(value))
        throw new ExtendedJsonError(
          `$oid ${JSON.stringify(value).slice(0, 40)} is not an ObjectId`,
        );
      return new ObjectId(value);
    case '$date':
      return dateFrom(value);
    case '$numberInt':
    case '$numberLong':
    case '$numberDouble':
      return numberFrom(type, value);
    case '$numberDecimal':
      numberFrom(type, value);
      return new Decimal(value as string);
    default:
      throw new ExtendedJsonError(`unsupported Extended JSON type ${type.slice(0, 30)}`);
  }
}

/**
 * A value parsed by JSON.parse, with its Extended JSON wrappers turned into plain values.
 * Documents are built without a prototype, and a `__proto__` key is refused: nothing a
 * record did not say itself can be read as one of its fields.
 */
export function fromExtendedJson(value: unknown, depth = 0): Plain {
  if (value === null || typeof value !== 'object') return value as Plain;
  if (depth >= MAX_DEPTH)
    throw new ExtendedJsonError(`nested deeper than ${MAX_DEPTH} levels`, 'too deeply nested');
  if (Array.isArray(value)) return value.map((v) => fromExtendedJson(v, depth + 1));
  const record = value as Record<string, unknown>;
  const wrapped = wrapper(record);
  if (wrapped !== undefined) return wrapped;
  const out = Object.create(null) as { [key: string]: Plain };
  for (const [key, v] of Object.entries(record)) {
    if (key === '__proto__')
      throw new ExtendedJsonError('the key "__proto__" is not allowed', 'forbidden key');
    out[key] = fromExtendedJson(v, depth + 1);
  }
  return out;
}
