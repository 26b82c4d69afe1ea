import type { Db } from '../db/client.ts';
import { escapeXml } from './escape.ts';
import { absolute } from './shell.ts';

/** Addresses a feature lists in the sitemap, read a slice at a time in a stable order. */
export interface SitemapSource {
  name: string;
  count(db: Db): Promise<number>;
  /** Paths from the site's root, `offset` and `limit` counted in this source's order. */
  paths(db: Db, offset: number, limit: number): Promise<string[]>;
}

/** A source of paths fixed in code. */
export function fixedSource(name: string, paths: readonly string[]): SitemapSource {
  return {
    name,
    count: async () => paths.length,
    paths: async (_db, offset, limit) => paths.slice(offset, offset + limit),
  };
}

/** How many addresses each source has. */
export function countSources(db: Db, sources: readonly SitemapSource[]): Promise<number[]> {
  return Promise.all(sources.map((source) => source.count(db)));
}

/** How many files the addresses fill (one at least: `/sitemap.xml` itself lists them). */
export function fileCount(counts: readonly number[], pageSize: number): number {
  const total = counts.reduce((sum, n) => sum + n, 0);
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The paths of one numbered file (from 1): the sources one after another, sliced. */
export async function sitemapPaths(
  db: Db,
  sources: readonly SitemapSource[],
  counts: readonly number[],
  file: number,
  pageSize: number,
): Promise<string[]> {
  let skip = (file - 1) * pageSize;
  let room = pageSize;
  const paths: string[] = [];
  for (const [i, source] of sources.entries()) {
    const count = counts[i] ?? 0;
    if (room === 0) break;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    const slice = await source.paths(db, skip, Math.min(room, count - skip));
    paths.push(...slice);
    room -= slice.length;
    skip = 0;
  }
  return paths;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function urlSetXml(baseUrl: string, paths: readonly string[]): string {
  const urls = paths.map(
    (path) => `  <url><loc>${escapeXml(absolute(baseUrl, path))}</loc></url>\n`,
  );
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.join('')}</urlset>\n`;
}

export function sitemapIndexXml(baseUrl: string, files: number): string {
  const entries = Array.from(
    { length: files },
    (_, i) =>
      `  <sitemap><loc>${escapeXml(absolute(baseUrl, `/sitemap-${i + 1}.xml`))}</loc></sitemap>\n`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('')}</sitemapindex>\n`;
}

/** robots.txt: public pages open to crawlers, the API and private screens not. */
export function robotsTxt(baseUrl: string): string {
  const closed = ['/api/', '/admin', '/profile', '/messages', '/my-tasks', '/my-bids', '/welcome'];
  return [
    'User-agent: *',
    'Allow: /',
    ...closed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absolute(baseUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
