import { describe, expect, it } from 'vitest';
import {
  alertTitle,
  browsePath,
  canonicalCriteria,
  channelsProblem,
  criteriaKey,
  lastDigestSlot,
  hasCriteria,
  suggestedName,
} from './rules.ts';

describe('saved search rules', () => {
  it('stores criteria one way: trimmed, no empty values, no default sort, plain amounts', () => {
    expect(
      canonicalCriteria({
        search: '  logo ',
        category: undefined,
        minPrice: 10.5,
        location: '',
        skills: ' figma, , Figma ,svg',
        sort: 'newest',
      }),
    ).toEqual({ search: 'logo', minPrice: '10.5', skills: 'figma, svg' });
    expect(canonicalCriteria({ maxPrice: 0, sort: 'priceLow' })).toEqual({
      maxPrice: '0',
      sort: 'priceLow',
    });
  });

  it('takes two searches browse matches alike as the same search', () => {
    const key = (search: string, skills: string) =>
      criteriaKey(canonicalCriteria({ search, skills, sort: 'newest' }));
    expect(key('Logo', 'SVG, figma')).toBe(key('logo', 'figma,svg'));
    expect(key('logo', 'figma')).not.toBe(key('logos', 'figma'));
    expect(criteriaKey({ search: 'a' })).not.toBe(criteriaKey({ search: 'a', sort: 'oldest' }));
  });

  it('needs a search term or a filter', () => {
    expect(hasCriteria({ sort: 'priceLow' })).toBe(false);
    expect(hasCriteria({ search: '  ', sort: 'newest' })).toBe(false);
    expect(hasCriteria({ minPrice: 0, sort: 'newest' })).toBe(true);
  });

  it('links to browse, names the search and counts the alert', () => {
    expect(browsePath({ search: 'logo & brand', category: 'Design' })).toBe(
      '/browse-tasks?search=logo+%26+brand&category=Design',
    );
    expect(suggestedName({ category: 'Design', location: 'Berlin' })).toBe('Design');
    expect(suggestedName({ minPrice: '50' })).toBe('Tasks from $50');
    expect(alertTitle(1, false, 'Logos')).toBe('1 new task matches “Logos”');
    expect(alertTitle(3, false, 'Logos')).toBe('3 new tasks match “Logos”');
    expect(alertTitle(50, true, 'Logos')).toBe('50+ new tasks match “Logos”');
  });

  it('knows when the last daily and weekly digests were due (08:00 UTC, weekly on Mondays)', () => {
    const at = (iso: string) => new Date(iso);
    // Wednesday 2026-11-25.
    expect(lastDigestSlot('daily', at('2026-11-25T09:30:00Z'))).toEqual(at('2026-11-25T08:00:00Z'));
    expect(lastDigestSlot('daily', at('2026-11-25T07:59:59Z'))).toEqual(at('2026-11-24T08:00:00Z'));
    expect(lastDigestSlot('daily', at('2026-11-25T08:00:00Z'))).toEqual(at('2026-11-25T08:00:00Z'));
    expect(lastDigestSlot('weekly', at('2026-11-25T09:30:00Z'))).toEqual(
      at('2026-11-23T08:00:00Z'),
    );
    // Monday before the hour: the Monday before.
    expect(lastDigestSlot('weekly', at('2026-11-23T07:00:00Z'))).toEqual(
      at('2026-11-16T08:00:00Z'),
    );
    expect(lastDigestSlot('weekly', at('2026-11-23T08:01:00Z'))).toEqual(
      at('2026-11-23T08:00:00Z'),
    );
  });

  it('sends digests by e-mail only; instant alerts anywhere', () => {
    expect(channelsProblem('daily', ['email'])).toBeNull();
    expect(channelsProblem('weekly', ['in-app'])).not.toBeNull();
    expect(channelsProblem('daily', ['email', 'in-app'])).not.toBeNull();
    expect(channelsProblem('instant', ['email'])).toBeNull();
    expect(channelsProblem('instant', ['in-app', 'email'])).toBeNull();
    expect(channelsProblem('paused', ['in-app'])).toBeNull();
  });
});
