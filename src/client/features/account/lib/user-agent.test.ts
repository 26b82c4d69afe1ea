import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent.ts';

/** What each browser's own user agent should read as: browser | system | kind | user agent. */
const SEEN = `
  Chrome  | Windows | computer | Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36
  Edge    | Windows | computer | Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0
  Safari  | macOS   | computer | Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15
  Safari  | iOS     | phone    | Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1
  Chrome  | iPadOS  | tablet   | Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1
  Chrome  | Android | phone    | Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36
  Chrome  | Linux   | computer | Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36
  Firefox | Linux   | computer | Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0
`;

const cases = SEEN.trim()
  .split('\n')
  .map((line) => {
    const [browser, os, kind, userAgent] = line.split(' | ').map((cell) => cell.trim());
    return { userAgent: userAgent!, expected: { browser, os, kind } };
  });

describe('describeUserAgent', () => {
  it.each(cases)('$userAgent', ({ userAgent, expected }) => {
    expect(describeUserAgent(userAgent)).toEqual(expected);
  });

  it('does not guess what it does not know', () => {
    expect(describeUserAgent(null)).toEqual({
      browser: 'Unknown browser',
      os: 'unknown system',
      kind: 'computer',
    });
    expect(describeUserAgent('curl/8.5.0').browser).toBe('Unknown browser');
  });
});
