/**
 * The decorative rating of a task card (3.0 to 5.0, docs/product.md). It is stable: it is
 * derived from the task id, so the same task always shows the same rating.
 */
export const RATING_MIN = 3;
export const RATING_MAX = 5;

/** 32-bit FNV-1a hash of a string. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A rating between 3.0 and 5.0 with one decimal, always the same for the same id. */
export function ratingForTask(taskId: string): number {
  const steps = (RATING_MAX - RATING_MIN) * 10 + 1; // 3.0, 3.1, …, 5.0
  return (RATING_MIN * 10 + (fnv1a(taskId) % steps)) / 10;
}

/** The rating as text with exactly one decimal, e.g. "4.0". */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}
