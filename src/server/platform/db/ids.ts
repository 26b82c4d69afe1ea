const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids are UUIDs; anything else names no row (and must never reach a uuid column). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** The first version's ids (MongoDB ObjectIds, 24 hex digits), kept for imported records. */
export function isObjectId(value: string): boolean {
  return OBJECT_ID.test(value);
}
