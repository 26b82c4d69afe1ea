import { describe, expect, it } from 'vitest';
import { textParts } from './plain-text.tsx';

describe('textParts', () => {
  it('keeps text without addresses as one run, line breaks and markup included', () => {
    expect(textParts('Hi <b>there</b>\nsecond line')).toEqual([
      { text: 'Hi <b>there</b>\nsecond line' },
    ]);
  });

  it('makes http and https addresses links, without the punctuation after them', () => {
    expect(textParts('See https://example.com/a?b=1. Or http://x.org/(c)!')).toEqual([
      { text: 'See ' },
      { href: 'https://example.com/a?b=1', text: 'https://example.com/a?b=1' },
      { text: '. Or ' },
      { href: 'http://x.org/(c', text: 'http://x.org/(c' },
      { text: ')!' },
    ]);
  });

  it('never links other schemes', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://x.org',
      'mailto:a@b.c',
    ]) {
      expect(textParts(text)).toEqual([{ text }]);
    }
  });

  it('leaves an address the URL parser refuses as text', () => {
    expect(textParts('http://[::1')).toEqual([{ text: 'http://[::1' }]);
  });
});
