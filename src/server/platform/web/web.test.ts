import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDirectory } from '../../../../scripts/compress-assets.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { RATE_LIMITS } from '../http/rate-limits.ts';

/** A built client in miniature: an index page and one hashed script, both compressible. */
function fakeClient(): { dir: string; script: string; html: string } {
  const dir = mkdtempSync(join(tmpdir(), 'taskbid-web-'));
  mkdirSync(join(dir, 'assets'));
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
  const html = `<!doctype html><html lang="en"><head><title>TaskBid</title></head><body>${'<p>TaskBid</p>'.repeat(100)}<script type="module" src="/assets/index-abc123.js"></script></body></html>\n`;
  writeFileSync(join(dir, 'assets/index-abc123.js'), script);
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  writeFileSync(join(dir, 'sw.js'), `self.addEventListener('fetch', () => {});\n`);
  writeFileSync(
    join(dir, 'manifest.webmanifest'),
    JSON.stringify({ name: 'TaskBid', short_name: 'TaskBid', description: 'x'.repeat(200) }),
  );
  compressDirectory(dir);
  return { dir, script, html };
}

describe('the built app: precompressed files, caching, compressed JSON', () => {
  let t: TestApp;
  let client: ReturnType<typeof fakeClient>;
  beforeAll(async () => {
    client = fakeClient();
    t = await createTestApp({ STATIC_DIR: client.dir });
  });
  afterAll(() => t.close());

  /** A GET that accepts the given encodings. */
  const getWith = (acceptEncoding: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it('sends the .br file of a hashed asset to a browser that accepts brotli, cached for a year', async () => {
    const res = await getWith('gzip, deflate, br, zstd', '/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const onDisk = readFileSync(join(client.dir, 'assets/index-abc123.js.br'));
    expect(res.rawPayload.equals(onDisk)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(client.script);
  });

  it('sends the .gz file when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await getWith('gzip', '/assets/index-abc123.js');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(client.script);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(client.script);
  });

  it('sends index.html for client routes compressed and never cached without revalidation', async () => {
    for (const url of ['/index.html', '/browse-tasks', '/my-tasks']) {
      const res = await getWith('br;q=1.0, gzip;q=0.5', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['vary'], url).toMatch(/accept-encoding/i);
    }
    // The file itself as it was built; a page with the head the server wrote into it.
    const file = await getWith('br', '/index.html');
    expect(brotliDecompressSync(file.rawPayload).toString()).toBe(client.html);
    const page = brotliDecompressSync((await getWith('br', '/browse-tasks')).rawPayload).toString();
    expect(page).toContain('<title>Browse Tasks · TaskBid</title>');
    expect(page).toContain(
      client.html.slice(client.html.indexOf('<body>'), client.html.indexOf('<script')),
    );
    expect(page).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
    const gz = await getWith('gzip, br;q=0', '/browse-tasks');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(page);
  });

  it('writes no variant that is not smaller than the file; the file is still served', async () => {
    expect(existsSync(join(client.dir, 'favicon.svg.br'))).toBe(false);
    expect(existsSync(join(client.dir, 'favicon.svg.gz'))).toBe(false);
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe('<svg/>');
  });

  it('sends the web manifest as application/manifest+json and the service worker as a script, both revalidated', async () => {
    const manifest = await getWith('br', '/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(brotliDecompressSync(manifest.rawPayload).toString())).toMatchObject({
      name: 'TaskBid',
    });
    // A browser checks the worker for a new version on each visit: never a stale copy.
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with 404, never with the page', async () => {
    for (const url of ['/favicon.ico', '/assets/index-gone.js', '/assets/index-abc123.js.br']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
    const page = await t.app.inject({ method: 'GET', url: '/browse-tasks/some-id?x=a.b' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('compresses JSON answers over 1 KB and leaves small ones alone', async () => {
    const big = await getWith('br', '/api/openapi.json');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['vary']).toMatch(/accept-encoding/i);
    const json = brotliDecompressSync(big.rawPayload);
    expect(json.length).toBeGreaterThan(1024);
    expect(JSON.parse(json.toString())).toHaveProperty('openapi');

    const small = await getWith('br, gzip', '/api/health');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});

describe('the built app under the rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STATIC_DIR: fakeClient().dir, RATE_LIMITS: 'on' });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '10.20.0.1' });

  it('serves the page and its files to an address that is over its limit; the API answers 429', async () => {
    for (let i = 0; i < RATE_LIMITS.perIp; i++) await get('/api/health');
    const refused = await get('/api/health');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    for (const url of [
      '/browse-tasks/some-id',
      '/index.html',
      '/assets/index-abc123.js',
      '/favicon.svg',
    ]) {
      for (let i = 0; i < 3; i++) expect((await get(url)).statusCode, url).toBe(200);
    }
    expect((await get('/api/health')).statusCode).toBe(429);
  });
});
