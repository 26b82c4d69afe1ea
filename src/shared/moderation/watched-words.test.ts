import { describe, expect, it } from 'vitest';
import { compileWatchedWords, type WatchedWord } from './watched-words.ts';

const words: WatchedWord[] = [
  { word: 'scam', action: 'flag', category: 'scam' },
  { word: 'darn', action: 'mask' },
  { word: 'forbidden thing', action: 'block' },
  { word: 'crème', action: 'hold' },
  { word: 'c++', action: 'mask' },
  { word: 'über', action: 'flag' },
];
const matcher = compileWatchedWords(words);
const found = (text: string) => matcher.find(text).map((h) => h.entry.word);

describe('watched words', () => {
  it.each([
    ['This is a scam.', ['scam']],
    ['SCAM!', ['scam']],
    ['Scam, darn', ['scam', 'darn']],
    ['a Forbidden   Thing here', ['forbidden thing']],
    ['forbidden\nthing', ['forbidden thing']],
    ['CRÈME brûlée', ['crème']],
    ['(scam)', ['scam']],
    ['"darn"', ['darn']],
    ['I write C++ daily', ['c++']],
    ['ÜBER alles', ['über']],
  ])('finds the whole words of %j', (text, expected) => {
    expect(found(text).sort()).toEqual([...expected].sort());
  });

  it.each([
    'scampi and scams',
    'darned socks',
    'forbidden things',
    'a forbidden, thing',
    'crèmes',
    'uber',
    'scam_artist',
    'scam1',
    'überall',
  ])('finds no word inside %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('puts the strongest action first', () => {
    expect(matcher.find('darn scam forbidden thing').map((h) => h.entry.action)).toEqual([
      'block',
      'flag',
      'mask',
    ]);
  });

  it('keeps the text as written in what it found', () => {
    expect(matcher.find('That is a SCAM')[0]?.found).toBe('SCAM');
  });

  it('masks every masked word, whatever its case, and leaves the rest', () => {
    expect(matcher.mask('Darn it, darn! darned scam')).toBe('••• it, •••! darned scam');
    expect(matcher.mask('nothing here')).toBe('nothing here');
  });

  it('matches decomposed accents as their composed form', () => {
    expect(found('cre\u0300me')).toEqual(['crème']);
  });

  it('ignores empty entries and an empty list', () => {
    expect(compileWatchedWords([{ word: '  ', action: 'block' }]).find('anything')).toEqual([]);
    expect(compileWatchedWords([]).mask('darn')).toBe('darn');
  });
});
