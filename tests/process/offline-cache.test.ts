import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const PUBLIC = resolve(import.meta.dirname, '../../src/client/public');
const worker = readFileSync(join(PUBLIC, 'sw.js'), 'utf8');

/** The files the service worker keeps for the offline page, as its PRECACHE lists them. */
function precached(): string[] {
  const list = /const PRECACHE = \[([^\]]*)\]/.exec(worker)?.[1] ?? '';
  const names = [...list.matchAll(/'([^']+)'|OFFLINE_PAGE/g)].map((m) => m[1] ?? '/offline.html');
  return names;
}

describe("the service worker's offline cache", () => {
  it('keeps the offline page and the files it loads, all present in public/', () => {
    const files = precached();
    expect(files).toContain('/offline.html');
    const page = readFileSync(join(PUBLIC, 'offline.html'), 'utf8');
    const loaded = [...page.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]);
    expect(loaded.length).toBeGreaterThan(0);
    for (const url of loaded) expect(files, `offline.html loads ${url}`).toContain(url);
    for (const url of files) expect(() => readFileSync(join(PUBLIC, url))).not.toThrow();
  });

  it('is named after the content of those files, so a changed file replaces the cache', () => {
    const hash = createHash('sha256');
    for (const url of precached())
      hash
        .update(url)
        .update('\0')
        .update(readFileSync(join(PUBLIC, url)));
    const expected = `taskbid-offline-${hash.digest('hex').slice(0, 8)}`;
    const named = /const CACHE = '([^']+)'/.exec(worker)?.[1];
    expect(named, `set CACHE in src/client/public/sw.js to '${expected}'`).toBe(expected);
  });
});
