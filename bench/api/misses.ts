/**
 * Searches no cache can answer, for `npm run bench:api`: every request carries a query string
 * never sent before (a word from a list, a price floor, a sort and a page that vary per
 * request, and a price ceiling above every budget that counts up), anonymous and signed in,
 * on the server as it runs in production (list cache on). Plus deep pages of a search: page 50
 * and the last one the pager offers.
 */
import { PAGE_SIZE } from '../../src/shared/constants.ts';
import { countCap } from '../../src/server/platform/db/paging.ts';
import { measure, p99Aim, type ApiBench, type Row } from './measure.ts';

const SORTS = ['newest', 'oldest', 'priceLow', 'priceHigh', 'deadline'];

/**
 * Each shape: its label and the text part of its queries (one picked per request). Every text
 * matches tasks of the seed (`checkShapes`): skills pairs that co-occur in its descriptions.
 */
export const SHAPES: [string, string[]][] = [
  ['free text', ['bakery', 'podcast', 'wedding speech', 'yoga studio', 'pitch deck', 'SEO']],
  ['substring', ['akery', 'ashboar', 'ewslet', 'hotograph', 'ranslat', 'eddin']],
  ['location', ['location=berlin', 'location=lagos', 'location=tokyo', 'location=remote']],
  ['skills', ['skills=react,figma', 'skills=python', 'skills=seo,copywriting', 'skills=rust']],
  ['common word (~5 %)', ['logo', 'LOGO', 'Logo']],
];

/** The query string of request `n` of a shape (every one distinct: the ceiling counts up). */
function query(texts: string[], n: number, page: number) {
  const text = texts[n % texts.length]!;
  const term = text.includes('=') ? text : `search=${encodeURIComponent(text)}`;
  const sort = SORTS[Math.floor(n / texts.length) % SORTS.length];
  return `/api/tasks?${term}&minPrice=${(n * 7) % 200}&maxPrice=${1_000_000 + n}&sort=${sort}&page=${page}`;
}

/** A path generator for one shape: page 1 to 3 unless `page` is fixed. */
export function paths(texts: string[], page?: number) {
  let n = Math.floor(Math.random() * 1e6);
  return () => {
    n += 1;
    return query(texts, n, page ?? 1 + (n % 3));
  };
}

/**
 * Throws unless every text of every shape matches some task: a text that matches none measures
 * empty answers (the skills pair "seo,excel" never co-occurs in the seed, so a quarter of the
 * skills requests answered `[]`, 2 bytes, and the row's size was that of an empty page).
 */
export async function checkShapes(base: string) {
  for (const [label, texts] of SHAPES) {
    for (const text of texts) {
      const path = query([text], 0, 1);
      const res = await fetch(`${base}${path}`);
      if (!res.ok || Number(res.headers.get('x-total-count') ?? 0) === 0)
        throw new Error(`miss shape "${label}": ${path} matches no task (HTTP ${res.status})`);
    }
  }
}

/**
 * Every shape anonymous and signed in (p99 ≤ 100 ms each), then a common word's deep pages
 * (p99 ≤ 2 × its page 1).
 */
export async function missRows(bench: ApiBench, base: string, cookie: string): Promise<Row[]> {
  const { load } = bench;
  const rows: Row[] = [];
  await checkShapes(base);
  for (const [label, texts] of SHAPES) {
    for (const [who, headers] of [
      ['anonymous', {}],
      ['signed in', { cookie }],
    ] as const) {
      const next = paths(texts);
      const m = await measure(
        load,
        `miss: ${label}, ${who}`,
        `${base}${next()}`,
        headers,
        undefined,
        next,
      );
      rows.push(p99Aim(load, m.row, 100));
    }
  }
  const common = SHAPES.at(-1)![1];
  const first = rows.at(-1)!;
  // Page 50, and the last page the pager offers when page 1 said "1,000+".
  for (const page of [50, Math.ceil(countCap({ page: 1, limit: PAGE_SIZE }) / PAGE_SIZE)]) {
    const next = paths(common, page);
    const m = await measure(
      load,
      `miss: common word, page ${page}, signed in`,
      `${base}${next()}`,
      { cookie },
      undefined,
      next,
    );
    rows.push(
      p99Aim(load, m.row, 2 * first.p99, `p99 ≤ 2 × page 1 (${(2 * first.p99).toFixed(1)} ms)`),
    );
  }
  return rows;
}
