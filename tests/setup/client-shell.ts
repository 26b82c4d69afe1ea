import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A static directory holding the client's own `index.html` (the template the build copies,
 * with its title, description and root element), for tests of the pages the server writes.
 */
export function clientShellDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'taskbid-shell-'));
  copyFileSync(join(import.meta.dirname, '../../src/client/index.html'), join(dir, 'index.html'));
  return dir;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

/** What a crawler reads in a page's head: its title, description, address and OG tags. */
export function pageHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => unescape(m[1]!));
  const meta = (attribute: string, key: string) => {
    const found = [
      ...head.matchAll(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`, 'g')),
    ];
    return found.length === 1 ? unescape(found[0]![1]!) : found.length === 0 ? undefined : 'twice';
  };
  return {
    titles,
    title: titles.length === 1 ? titles[0] : undefined,
    description: meta('name', 'description'),
    robots: meta('name', 'robots'),
    canonical: [/<link rel="canonical" href="([^"]*)"/.exec(head)?.[1]].map((href) =>
      href === undefined ? undefined : unescape(href),
    )[0],
    og: {
      title: meta('property', 'og:title'),
      description: meta('property', 'og:description'),
      url: meta('property', 'og:url'),
      type: meta('property', 'og:type'),
      siteName: meta('property', 'og:site_name'),
    },
  };
}

/** The text inside the page's `<noscript>` (what a reader without JavaScript sees). */
export function noscriptOf(html: string): string {
  return /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
}
