/**
 * The task sizes of `npm run bench:api`: at one size, the ceiling and then our server on
 * every list shape the aims name (with its list cache on and off), a task's detail and its
 * bids; browse page 1 at the small size; and the printed figures of a size, scaling included.
 */
import { sendWhileShedding } from '../../tests/setup/load-shedding.ts';
import { signUp, startCeiling, startServer } from '../server.ts';
import { measure, p99Aim, print, verdict, type ApiBench, type Load, type Row } from './measure.ts';
import { missRows } from './misses.ts';
import { benchDatabase } from './seed.ts';

/** GET as JSON; a 503 (the server shedding load on a busy machine) is sent again. */
async function getJson<T>(url: string): Promise<T> {
  const res = await sendWhileShedding(() => fetch(url));
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** A task of browse page 1 that has bids (the detail says how many). */
async function taskWithBids(base: string): Promise<{ id: string; bids: number }> {
  const page = await getJson<{ _id: string }[]>(`${base}/api/tasks?page=1`);
  for (const task of page) {
    const detail = await getJson<{ bidCount: number }>(`${base}/api/tasks/${task._id}`);
    if (detail.bidCount >= 3) return { id: task._id, bids: detail.bidCount };
  }
  throw new Error('no task on browse page 1 has 3 bids or more');
}

/** What a browser sends for a page (the server compresses it as it would for one). */
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'br, gzip' };

const SORTS = ['newest', 'oldest', 'priceLow', 'priceHigh', 'deadline'] as const;
const SEARCHES: [string, string][] = [
  [
    'search+category+price, priceLow, p1',
    'search=logo&category=Design&minPrice=50&maxPrice=3000&sort=priceLow',
  ],
  [
    'search+category+price, priceLow, p5',
    'search=logo&category=Design&minPrice=50&maxPrice=3000&sort=priceLow&page=5',
  ],
  ['location (berlin)', 'location=berlin'],
  ['skills (react, figma)', 'skills=react,figma'],
  ['common word (logo, ~5 %)', 'search=logo'],
];

/**
 * Our server with its list cache on (the default) or off (`LIST_CACHE_MB=0`: every request
 * runs its query, what a first visit or a key nobody asked for in 5 s costs). The lists
 * are measured both ways; detail and bids, which are never kept, once.
 */
const MODES = [
  { suffix: '', env: {} },
  { suffix: ' [cache off]', env: { LIST_CACHE_MB: '0' } },
] as const;

/** Browse page 1 in each sort, deep pages and the searches, on one server. */
async function listRows(
  bench: ApiBench,
  base: string,
  tasks: number,
  suffix: string,
  notes: string[],
) {
  const { load } = bench;
  const rows: Row[] = [];
  let total = '';
  for (const sort of SORTS) {
    const m = await measure(
      load,
      `browse p1 ${sort}, ${tasks}${suffix}`,
      `${base}/api/tasks?sort=${sort}`,
    );
    rows.push(p99Aim(load, m.row, 50));
    if (sort === 'newest') total = m.total ?? '';
  }
  const first = rows[0]!;
  // The last page the strip offers from page 1 (the total may be a lower bound there).
  const lastPage = Math.max(1, Math.ceil(Number(total) / 12));
  for (const page of [50, lastPage]) {
    const deep = await measure(
      load,
      `browse newest, page ${page}${suffix}`,
      `${base}/api/tasks?page=${page}`,
    );
    rows.push(
      p99Aim(load, deep.row, 2 * first.p99, `p99 ≤ 2 × page 1 (${(2 * first.p99).toFixed(1)} ms)`),
    );
  }
  for (const [label, query] of SEARCHES) {
    const m = await measure(load, `${label}${suffix}`, `${base}/api/tasks?${query}`);
    rows.push(p99Aim(load, m.row, 100));
    if (!suffix) notes.push(`${label}: ${m.total} matches`);
  }
  if (!suffix)
    notes.push(`browse total on page 1: ${total} (last page the strip offers: ${lastPage})`);
  return rows;
}

/** The figures of one size: every row, the notes under the table, browse page 1 both ways. */
/**
 * Server-rendered pages (their screen and data written into the HTML), as a browser asks for
 * them: autocannon's latency is to the whole answer, so it bounds the time to first byte
 * from above.
 */
export async function pageRows(load: Load, base: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [label, path] of [
    ['page / (server-rendered)', '/'],
    ['page /browse-tasks p1 (server-rendered)', '/browse-tasks'],
  ] as const) {
    rows.push(p99Aim(load, (await measure(load, label, `${base}${path}`, PAGE_HEADERS)).row, 50));
  }
  return rows;
}

/** The bench, with each row also reading the CPU time the answering process and its backends spent. */
const servingFrom = (bench: ApiBench, pid: number | undefined, databaseUrl: string): ApiBench => ({
  ...bench,
  load: { ...bench.load, ...(pid ? { serving: { pid, databaseUrl } } : {}) },
});

/** `--pages-only`: the server-rendered pages at `tasks` tasks, nothing else. */
export async function benchPages(bench: ApiBench, tasks: number, bids: number, prefix: string) {
  const url = await benchDatabase(bench.adminUrl, `${prefix}_${tasks}`, tasks, bids);
  const server = await startServer({ ...bench.serverEnv, DATABASE_URL: url });
  try {
    process.stdout.write(`\n${tasks} tasks, ${bids} bids\n`);
    // The Node CPU per answer is the steadier figure on a shared machine.
    print(await pageRows(servingFrom(bench, server.process.pid, url).load, server.url));
  } finally {
    await server.stop();
  }
}

export interface SizeFigures {
  tasks: number;
  rows: Row[];
  notes: string[];
  browse: Row[];
}

/** Every figure at one size: the ceiling, then our server on each list shape, both ways. */
export async function benchSize(
  bench: ApiBench,
  tasks: number,
  bids: number,
  prefix: string,
): Promise<SizeFigures> {
  const url = await benchDatabase(bench.adminUrl, `${prefix}_${tasks}`, tasks, bids);
  process.stdout.write(`\n${tasks} tasks, ${bids} bids\n`);
  const serving = (pid: number | undefined) => servingFrom(bench, pid, url);
  const rows: Row[] = [];
  const ceiling = await startCeiling(url);
  const top = (
    await measure(
      serving(ceiling.pid).load,
      `ceiling: browse p1, node:http+pg, ${tasks}`,
      `${ceiling.url}/`,
    )
  ).row;
  rows.push(top);
  await ceiling.stop();

  const notes: string[] = [];
  const browse: Row[] = [];
  const signedIn: Row[] = [];
  for (const mode of MODES) {
    const server = await startServer({ ...bench.serverEnv, ...mode.env, DATABASE_URL: url });
    const ours = serving(server.process.pid);
    const { load } = ours;
    try {
      const lists = await listRows(ours, server.url, tasks, mode.suffix, notes);
      browse.push(lists[0]!);
      rows.push(...lists);
      if (mode.suffix) continue;
      const cookie = await signUp(server.url);
      // Signed in: the kept answer everyone gets (decision 1820); this person owns none of it.
      for (const sort of SORTS) {
        const url = `${server.url}/api/tasks?sort=${sort}`;
        const m = await measure(load, `browse p1 ${sort}, signed in`, url, { cookie });
        rows.push(p99Aim(load, m.row, 50));
        if (sort === 'newest') signedIn.push(m.row);
      }
      rows.push(...(await missRows(ours, server.url, cookie)));
      const task = await taskWithBids(server.url);
      rows.push(
        p99Aim(
          load,
          (await measure(load, 'task detail', `${server.url}/api/tasks/${task.id}`)).row,
          30,
        ),
      );
      rows.push(...(await pageRows(load, server.url)));
      const bidsUrl = `${server.url}/api/bids?taskId=${task.id}`;
      rows.push(
        p99Aim(
          load,
          (await measure(load, `task's bids (${task.bids}), signed in`, bidsUrl, { cookie })).row,
          30,
        ),
      );
    } finally {
      await server.stop();
    }
  }
  for (const row of [...browse, ...signedIn]) {
    const ratio = top.reqPerSec > 0 ? row.reqPerSec / top.reqPerSec : NaN;
    notes.push(
      Number.isFinite(ratio)
        ? `ratio ours ÷ ceiling (${row.label}, answers 200 per s): ${ratio.toFixed(2)}  (aim ≥ 0.7: ${verdict(ratio >= 0.7)})`
        : 'ratio ours ÷ ceiling: n/a (the ceiling served nothing)',
    );
    // The same ratio in CPU per answer: steadier than answers per second on a shared machine.
    const cpuRatio = (top.nodeUs + top.pgUs) / (row.nodeUs + row.pgUs);
    if (Number.isFinite(cpuRatio))
      notes.push(
        `ratio in CPU per answer, ceiling ÷ ours (${row.label}): ${cpuRatio.toFixed(2)}  (aim ≥ 0.7: ${verdict(cpuRatio >= 0.7)})`,
      );
  }
  return { tasks, rows, notes, browse };
}

/** Browse page 1 at the small size (`--small-tasks`), both ways: what the sizes scale from. */
export async function smallSize(bench: ApiBench, prefix: string, tasks: number, bids: number) {
  const smallUrl = await benchDatabase(bench.adminUrl, `${prefix}_${tasks}`, tasks, bids);
  const smallRows: Row[] = [];
  for (const mode of MODES) {
    const small = await startServer({ ...bench.serverEnv, ...mode.env, DATABASE_URL: smallUrl });
    try {
      const label = `browse p1 newest, ${tasks}${mode.suffix}`;
      smallRows.push((await measure(bench.load, label, `${small.url}/api/tasks?page=1`)).row);
    } finally {
      await small.stop();
    }
  }
  return smallRows;
}

/** How many times `small` a latency became: equal when both round to 0 ms. */
const growth = (large: number, small: number) =>
  small > 0 ? large / small : large > 0 ? Infinity : 1;

/** A size's table, its failed answers and notes, and browse page 1 held to the small size. */
export function printSize(result: SizeFigures, smallRows: Row[]) {
  process.stdout.write(`\n== ${result.tasks} tasks ==`);
  print(result.rows);
  for (const r of result.rows.filter((row) => row.failures > 0)) {
    process.stdout.write(`failed answers of ${r.label}: ${r.failureDetail}\n`);
  }
  process.stdout.write(`${result.notes.join('\n')}\n`);
  for (const [index, row] of result.browse.entries()) {
    const smallRow = smallRows[index]!;
    const scaleP50 = growth(row.p50, smallRow.p50);
    const scaleP99 = growth(row.p99, smallRow.p99);
    process.stdout.write(
      `${row.label} ÷ ${smallRow.label}: p50 ×${scaleP50.toFixed(2)}, p99 ×${scaleP99.toFixed(2)}  (aim ≤ ×1.5: ${verdict(scaleP50 <= 1.5 && scaleP99 <= 1.5)})\n`,
    );
  }
}
