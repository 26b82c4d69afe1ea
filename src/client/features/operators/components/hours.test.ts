import { describe, expect, it } from 'vitest';
import { formatHours } from './hours.ts';

describe('formatHours', () => {
  it.each([
    [0.2, 'under an hour'],
    [1, '1 hour'],
    [5.4, '5 hours'],
    [47, '47 hours'],
    [48, '2 days'],
    [73, '3 days 1 hour'],
    [100, '4 days 4 hours'],
  ])('%d hours read "%s"', (hours, words) => {
    expect(formatHours(hours)).toBe(words);
  });
});
