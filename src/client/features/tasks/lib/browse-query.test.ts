import { describe, expect, it } from 'vitest';
import {
  EMPTY_BROWSE_STATE,
  browseApiQuery,
  browseSearch,
  filterChips,
  readBrowseState,
} from './browse-query.ts';

describe('the browse state', () => {
  it('keeps the status and the Due Soonest sort in the URL, and drops unknown ones', () => {
    const state = readBrowseState(new URLSearchParams('status=open&sort=deadline'));
    expect(state).toMatchObject({ status: 'open', sort: 'deadline' });
    expect(browseSearch(state)).toBe('?status=open&sort=deadline');
    expect(browseApiQuery(state, 12)).toMatchObject({ status: 'open', sort: 'deadline' });
    expect(readBrowseState(new URLSearchParams('status=Open&sort=soon'))).toMatchObject({
      status: '',
      sort: 'newest',
    });
    expect(browseApiQuery(EMPTY_BROWSE_STATE, 12).status).toBeUndefined();
  });

  it('names each applied filter as a chip, and what removing it changes', () => {
    const state = readBrowseState(
      new URLSearchParams(
        'search=logo&category=Design&status=completed&minPrice=50&maxPrice=1500&location=Lisbon&skills=figma&sort=deadline',
      ),
    );
    expect(filterChips(state).map((chip) => [chip.label, chip.remove])).toEqual([
      ['Category: Design', { category: '' }],
      ['Status: Completed', { status: '' }],
      ['Price: $50 – $1,500', { minPrice: '', maxPrice: '' }],
      ['Location: Lisbon', { location: '' }],
      ['Skills: figma', { skills: '' }],
      ['Sort: Due Soonest', { sort: 'newest' }],
    ]);
    const from = filterChips({ ...EMPTY_BROWSE_STATE, minPrice: '50' });
    expect(from.map((chip) => chip.label)).toEqual(['Price: from $50']);
    const upTo = filterChips({ ...EMPTY_BROWSE_STATE, maxPrice: '20.5' });
    expect(upTo.map((chip) => chip.label)).toEqual(['Price: up to $20.50']);
    expect(filterChips({ ...EMPTY_BROWSE_STATE, search: 'logo' })).toEqual([]);
  });
});
