import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { startAfterFirstPaint } from './first-paint.ts';

const THEME = "document.documentElement.setAttribute('data-theme', 'light');";
const CSS = `:root{color-scheme:light}${'.card{padding:1rem}'.repeat(100)}`;
const APP_SCRIPTS = [
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-abc.js">',
  '<link rel="modulepreload" crossorigin href="/assets/utils-abc.js">',
].join('\n');

/**
 * A built client as `vite build` writes it: the template's theme script, a stylesheet link
 * in the head, and a server entry whose every rendering is numbered (so a test sees whether
 * a page was rendered again or kept).
 */
function builtClient(): string {
  const dir = mkdtempSync(join(tmpdir(), 'taskbid-kept-'));
  const template = join(import.meta.dirname, '../../../client/index.html');
  const html = readFileSync(template, 'utf8')
    .replace(/<script type="module"[^>]*><\/script>/, '')
    .replace(
      '</head>',
      `${APP_SCRIPTS}\n<link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n  </head>`,
    );
  writeFileSync(join(dir, 'index.html'), html);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-abc.css'), CSS);
  writeFileSync(join(dir, 'theme-init.js'), THEME);
  mkdirSync(join(dir, 'ssr'));
  writeFileSync(
    join(dir, 'ssr', 'entry-server.js'),
    `let renders = 0;
export const createPageRenderer = () => async () => {
  renders += 1;
  return { status: 200, html: '<main>rendering ' + renders + '</main>', data: {} };
};
export const routerDataHtml = (data) =>
  '<script type="application/json" id="router-data">' + JSON.stringify(data) + '</script>';
`,
  );
  return dir;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('pages with a rendered screen: kept whole, first paint written in', () => {
  const t = useTestApp({ STATIC_DIR: builtClient(), LIST_CACHE_MB: '4' });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('writes the stylesheet and theme script into the page, allowed by their hashes alone', async () => {
    const res = await get('/pricing');
    const html = res.body;
    expect(html).toContain(`<script>${THEME}</script>`);
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toMatch(/rel="stylesheet"|src="\/theme-init\.js"/);
    // Before the body: the theme is set and the styles are there before anything is painted.
    expect(html.indexOf(`<style>`)).toBeLessThan(html.indexOf('<body>'));
    expect(html.indexOf(`<script>${THEME}`)).toBeLessThan(html.indexOf('<body>'));
    const csp = String(res.headers['content-security-policy']);
    const starter = startAfterFirstPaint('/assets/index-abc.js', [
      '/assets/react-abc.js',
      '/assets/utils-abc.js',
    ]);
    expect(directive(csp, 'script-src')).toBe(
      `script-src 'self' ${sha256(THEME)} ${sha256(starter)}`,
    );
    expect(directive(csp, 'style-src')).toBe(`style-src 'self' ${sha256(CSS)}`);
  });

  it("starts the app after a written screen's first paint; a page the browser writes loads it at once", async () => {
    const written = (await get('/pricing')).body;
    expect(written).not.toMatch(/type="module"|rel="modulepreload"/);
    const starter = startAfterFirstPaint('/assets/index-abc.js', [
      '/assets/react-abc.js',
      '/assets/utils-abc.js',
    ]);
    expect(written).toContain(`<script>${starter}</script>`);
    expect(written.indexOf(starter)).toBeLessThan(written.indexOf('<body>'));

    // A screen behind sign-in is written in the browser: the app is the first thing it needs.
    const shell = (await get('/my-tasks')).body;
    expect(shell).not.toContain(starter);
    for (const tag of APP_SCRIPTS.split('\n')) expect(shell).toContain(tag);
  });

  it('sends a kept page again as it was, compressed copies included, until a change', async () => {
    const first = await get('/how-it-works', { 'accept-encoding': 'br' });
    const html = brotliDecompressSync(first.rawPayload).toString();
    const rendering = /rendering (\d+)/.exec(html)?.[1];
    expect(rendering).toBeDefined();

    const again = await get('/how-it-works', { 'accept-encoding': 'br' });
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const gzip = await get('/how-it-works', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    expect(gzip.headers.etag).toBe(first.headers.etag);
    const plain = await get('/how-it-works');
    expect(plain.body).toBe(html);
    const unchanged = await get('/how-it-works', { 'if-none-match': String(first.headers.etag) });
    expect(unchanged.statusCode).toBe(304);

    // Any change the server hears of (on PostgreSQL, once its notification arrives) drops the
    // kept pages: the next visit renders again.
    await t.app.events.publish(t.app.database.db, { type: 'task.changed', taskId: 'any' });
    await expect.poll(async () => (await get('/how-it-works')).body).not.toBe(html);
    const after = await get('/how-it-works');
    expect(after.body).toMatch(/rendering \d+/);
    expect(after.headers.etag).not.toBe(first.headers.etag);
  });

  it('renews a page asked for in the last fifth of its life, sending the kept one meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const first = (await get('/terms')).body;
      expect(first).toMatch(/rendering \d+/);
      vi.setSystemTime(Date.now() + 3_999);
      expect((await get('/terms')).body).toBe(first); // young: nothing made again
      vi.setSystemTime(Date.now() + 1);
      // Due: the visitor gets the kept page at once, and its successor is made beside it.
      expect((await get('/terms')).body).toBe(first);
      await expect.poll(async () => (await get('/terms')).body).not.toBe(first);
      const renewed = (await get('/terms')).body;
      expect(renewed).toMatch(/rendering \d+/);
      // Its life counts from its renewal: still kept past the end of the old one's.
      vi.setSystemTime(Date.now() + 1_500);
      expect((await get('/terms')).body).toBe(renewed);
    } finally {
      vi.useRealTimers();
    }
  });
});
