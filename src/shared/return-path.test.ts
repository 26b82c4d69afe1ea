import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOT_SEGMENT_RETURN_PATHS, SPELLINGS, spell } from '../../tests/factories/fuzz.ts';
import { sameSitePath } from './return-path.ts';

const SITE = 'https://site.test';

/** What a browser does with a Location header: where it lands. */
const landsOn = (location: string) => new URL(location, SITE);

/** Whatever sameSitePath answers is a path on the site, and checking it again keeps it. */
function expectSameSite(returnTo: string) {
  const path = sameSitePath(returnTo, SITE);
  if (path === null) return;
  expect(path, returnTo).toMatch(/^\/(?![/\\])/);
  expect(landsOn(path).origin, returnTo).toBe(SITE);
  expect(sameSitePath(path, SITE), returnTo).toBe(path);
}

describe('sameSitePath', () => {
  it.each(DOT_SEGMENT_RETURN_PATHS)('refuses %j (dot segments collapse to //)', (returnTo) => {
    expect(sameSitePath(returnTo, SITE)).toBeNull();
  });

  it('answers only same-site paths for every spelling of the fuzz corpus', () => {
    const targets = ['/browse-tasks/evil.example/phish', '/a/b/c', '/x/../evil.example'];
    for (const target of targets)
      for (const spelling of SPELLINGS)
        for (let at = 0; at < 4; at++) expectSameSite(spell(target, spelling, at, '\t', 3000));
    for (const returnTo of DOT_SEGMENT_RETURN_PATHS) expectSameSite(returnTo);
  });

  it('answers only same-site paths for any mix of dot segments and slashes', () => {
    const segment = fc.constantFrom(
      '',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2e%2e',
      '.%2e',
      'x',
      'evil.example',
    );
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 8 }), (segments) => {
        expectSameSite(`/${segments.join('/')}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps ordinary paths as they are', () => {
    expect(sameSitePath('/my-tasks?page=2#top', SITE)).toBe('/my-tasks?page=2#top');
    expect(sameSitePath('/browse-tasks/./42', SITE)).toBe('/browse-tasks/42');
  });
});
