import { describe, expect, it } from 'vitest';
import { formatShortMoment } from './format.ts';

describe('formatShortMoment', () => {
  const now = new Date(2026, 5, 30, 18, 0);

  it('says the time for today, the day for this year, the date before', () => {
    expect(formatShortMoment(new Date(2026, 5, 30, 15, 4).toISOString(), now)).toBe('3:04 PM');
    expect(formatShortMoment(new Date(2026, 0, 2, 9, 0).toISOString(), now)).toBe('Jan 2');
    expect(formatShortMoment(new Date(2025, 11, 31, 23, 0).toISOString(), now)).toBe(
      'Dec 31, 2025',
    );
  });

  it('leaves text that is not a moment as it is', () => {
    expect(formatShortMoment('soon', now)).toBe('soon');
  });
});
