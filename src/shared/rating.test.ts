import { describe, expect, it } from 'vitest';
import { formatRating, ratingForTask } from './rating.ts';

describe('ratingForTask', () => {
  it('is stable for the same id', () => {
    for (const id of ['a', '665f1c2e9b1d4a0012345678', 'task-42', '']) {
      expect(ratingForTask(id)).toBe(ratingForTask(id));
    }
  });

  it('stays between 3.0 and 5.0 with one decimal', () => {
    for (let i = 0; i < 2000; i += 1) {
      const rating = ratingForTask(`task-${i}-${i * 7919}`);
      expect(rating).toBeGreaterThanOrEqual(3);
      expect(rating).toBeLessThanOrEqual(5);
      expect(Math.round(rating * 10) / 10).toBe(rating);
    }
  });

  it('spreads over the range', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i += 1) seen.add(ratingForTask(crypto.randomUUID()));
    expect(seen.size).toBe(21);
  });

  it('formats with exactly one decimal', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(3.5)).toBe('3.5');
  });
});
