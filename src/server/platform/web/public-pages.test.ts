import { describe, expect, it } from 'vitest';
import {
  COOKIES_PAGE,
  HOW_IT_WORKS_PAGE,
  INSTALL_PAGE,
  PRICING_PAGE,
  PRIVACY_PAGE,
  TERMS_PAGE,
} from '../../../shared/pages/content.ts';
import {
  HOME_DESCRIPTION,
  HOME_HEADING_HIGHLIGHT,
  HOME_HEADING_LEAD,
  HOME_TITLE,
} from '../../../shared/pages/home.ts';
import type { PageText } from '../../../shared/pages/site.ts';
import { LOGIN_PAGE, SIGNUP_PAGE } from '../../../shared/pages/sign-in.ts';
import { clientShellDir, noscriptOf, pageHead } from '../../../../tests/setup/client-shell.ts';
import { TEST_BASE_URL, useTestApp } from '../../../../tests/setup/test-app.ts';
import { escapeHtml } from './escape.ts';
import { urlSetXml } from './sitemap.ts';

const HOME_HEADING_TEXT = `${HOME_HEADING_LEAD} ${HOME_HEADING_HIGHLIGHT}`;

describe('the pages the server writes: heads for crawlers and link previews', () => {
  const t = useTestApp({ STATIC_DIR: clientShellDir() }, { listen: true });
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}${path}`, { headers });

  const home = { title: HOME_TITLE, description: HOME_DESCRIPTION, heading: HOME_HEADING_TEXT };
  const fixed: [path: string, text: PageText & { heading: string }, canonical: string][] = [
    ['/', home, '/'],
    ['/how-it-works', HOW_IT_WORKS_PAGE, '/how-it-works'],
    ['/how-to-works', HOW_IT_WORKS_PAGE, '/how-it-works'],
    ['/pricing', PRICING_PAGE, '/pricing'],
    ['/privacy-policy', PRIVACY_PAGE, '/privacy-policy'],
    ['/terms', TERMS_PAGE, '/terms'],
    ['/cookies', COOKIES_PAGE, '/cookies'],
    ['/install', INSTALL_PAGE, '/install'],
    ['/login', LOGIN_PAGE, '/login'],
    ['/signup', SIGNUP_PAGE, '/signup'],
  ];

  it.each(fixed)(
    '%s has its title, description, address and link preview',
    async (path, text, canonical) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      const head = pageHead(html);
      expect(head.titles).toEqual([text.title]);
      // Its heading, for a reader without JavaScript.
      expect(noscriptOf(html)).toContain(`<h1>${escapeHtml(text.heading)}</h1>`);
      expect(head.description).toBe(text.description);
      expect(head.canonical).toBe(`${TEST_BASE_URL}${canonical}`);
      expect(head.robots).toBeUndefined();
      expect(head.og).toEqual({
        title: text.title,
        description: text.description,
        url: `${TEST_BASE_URL}${canonical}`,
        type: 'website',
        siteName: 'TaskBid',
      });
    },
  );

  it('shows the home heading to a reader without JavaScript, and nothing to one with it', async () => {
    const html = await (await get('/')).text();
    expect(noscriptOf(html)).toContain('<h1>Get your tasks done by skilled professionals</h1>');
    expect(noscriptOf(html)).toContain('<a href="/browse-tasks">Browse Tasks</a>');
    // Inside <noscript> only: a browser running the app shows none of it.
    expect(html.replace(/<noscript>[\s\S]*?<\/noscript>/, '')).not.toContain('<h1>');
    // The template's own description is replaced, not repeated.
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('keeps pages behind sign-in and unknown paths out of search results', async () => {
    for (const path of ['/my-tasks', '/admin/people', '/no-such-page']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const head = pageHead(await res.text());
      expect(head.robots, path).toBe('noindex');
      expect(head.title, path).toBe('TaskBid');
      expect(head.canonical, path).toBeUndefined();
    }
  });

  it('keeps the strict CSP on pages (no inline script or style) and revalidates them by tag', async () => {
    const res = await get('/pricing');
    const csp = String(res.headers.get('content-security-policy'));
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    const html = await res.text();
    expect(html).not.toMatch(/<script>(?!<)|style=/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await get('/pricing', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Another page's head is another tag: the tag follows the metadata.
    expect((await get('/terms')).headers.get('etag')).not.toBe(etag);
  });

  it('compresses a page for a browser that accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/privacy-policy',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('answers HEAD for a page with its headers and no body', async () => {
    const res = await fetch(`${t.url}/pricing`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe((await get('/pricing')).headers.get('etag'));
    expect(await res.text()).toBe('');
  });

  it('lists every address in one sitemap while they fit in one file', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<url><loc>${TEST_BASE_URL}/</loc></url>`);
    expect(xml).toContain(`<url><loc>${TEST_BASE_URL}/browse-tasks?category=Design</loc></url>`);
    expect(xml).not.toContain('/login');
  });
});

describe('sitemap XML', () => {
  it('escapes what XML reserves in an address', () => {
    const xml = urlSetXml('https://example.com', ['/browse-tasks?search=a&category=<D>\'s"']);
    expect(xml).toContain(
      '<loc>https://example.com/browse-tasks?search=a&amp;category=&lt;D&gt;&apos;s&quot;</loc>',
    );
  });
});
