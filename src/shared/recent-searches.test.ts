import { describe, expect, it } from 'vitest';
import { addRecentSearch, parseRecentSearches, recentSearchesReducer } from './recent-searches.ts';

describe('recent searches', () => {
  it('puts a new term at the front', () => {
    expect(addRecentSearch(['design'], 'logo')).toEqual(['logo', 'design']);
  });

  it('trims the term before storing it', () => {
    expect(addRecentSearch([], '  react app  ')).toEqual(['react app']);
  });

  it('ignores blank terms', () => {
    expect(addRecentSearch(['design'], '')).toEqual(['design']);
    expect(addRecentSearch(['design'], '   \t ')).toEqual(['design']);
  });

  it('removes an earlier copy compared ignoring case', () => {
    expect(addRecentSearch(['logo', 'Design', 'copy'], 'DESIGN')).toEqual([
      'DESIGN',
      'logo',
      'copy',
    ]);
  });

  it('keeps at most five terms, dropping the oldest', () => {
    let list: string[] = [];
    for (const term of ['a', 'b', 'c', 'd', 'e', 'f']) list = addRecentSearch(list, term);
    expect(list).toEqual(['f', 'e', 'd', 'c', 'b']);
  });

  it('moving an existing term to the front does not drop another', () => {
    const list = ['e', 'd', 'c', 'b', 'a'];
    expect(addRecentSearch(list, 'c')).toEqual(['c', 'e', 'd', 'b', 'a']);
  });

  it('does not change the list it is given', () => {
    const list = ['a'];
    addRecentSearch(list, 'b');
    expect(list).toEqual(['a']);
  });

  it('reduces add and clear actions', () => {
    const added = recentSearchesReducer(['x'], { type: 'add', term: 'y' });
    expect(added).toEqual(['y', 'x']);
    expect(recentSearchesReducer(added, { type: 'clear' })).toEqual([]);
  });

  it('parses a stored list defensively', () => {
    expect(parseRecentSearches(null)).toEqual([]);
    expect(parseRecentSearches('not json')).toEqual([]);
    expect(parseRecentSearches('{"a":1}')).toEqual([]);
    expect(parseRecentSearches('["a", 3, " ", "A", "b"]')).toEqual(['a', 'b']);
    expect(parseRecentSearches(JSON.stringify(['1', '2', '3', '4', '5', '6']))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
  });
});
