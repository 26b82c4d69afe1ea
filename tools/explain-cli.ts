import { sql, type SQLWrapper } from 'drizzle-orm';
import { loadConfig } from '../src/server/platform/config.ts';
import { openDatabase } from '../src/server/platform/db/client.ts';
import { countCap } from '../src/server/platform/db/paging.ts';
import type { TaskFilters } from '../src/server/features/tasks/query.ts';
import { createTaskRepository } from '../src/server/features/tasks/repository.ts';
import { idQueries } from '../src/server/features/tasks/postgres-search.ts';

/**
 * Prints, for each hot read of the browse page, whether PostgreSQL scans `tasks`
 * sequentially, which indexes it uses and how long it takes (EXPLAIN ANALYZE), on the
 * database of DATABASE_URL. Usage: DATABASE_URL=postgres://… node tools/explain-cli.ts
 */
const CASES: [string, Partial<TaskFilters>, number?][] = [
  ['newest', {}],
  ['newest, page 500', {}, 500],
  ['oldest', { sort: 'oldest' }],
  ['priceLow', { sort: 'priceLow' }],
  ['priceHigh', { sort: 'priceHigh' }],
  ['deadline', { sort: 'deadline' }],
  ['category', { category: 'Design' }],
  ['price range', { minPrice: 100, maxPrice: 120 }],
  ['search common word', { search: 'logo' }],
  [
    'search + category + price, priceLow, page 5',
    { search: 'logo', category: 'Design', minPrice: 50, maxPrice: 3000, sort: 'priceLow' },
    5,
  ],
  ['search no match', { search: 'zzqx' }],
  ['search + category', { search: 'bakery', category: 'Writing' }],
  ['location', { location: 'berlin' }],
  ['skills', { skills: ['react', 'figma'] }],
];

interface Node {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: Node[];
}
const walk = (n: Node): Node[] => [n, ...(n.Plans ?? []).flatMap(walk)];

const database = await openDatabase(loadConfig().databaseUrl);
const repo = createTaskRepository(database.db);

async function explain(query: SQLWrapper) {
  const res = (await database.db.execute(
    sql`explain (analyze, format json) ${query}`,
  )) as unknown as {
    rows: { 'QUERY PLAN': unknown }[];
  };
  const raw = res.rows[0]!['QUERY PLAN'];
  const [doc] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    Plan: Node;
    'Execution Time': number;
  }[];
  const nodes = walk(doc!.Plan);
  const seq = nodes.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'tasks');
  const indexes = [...new Set(nodes.map((n) => n['Index Name']).filter(Boolean))].join(', ');
  return `${seq ? 'SEQ SCAN' : 'indexed '} ${doc!['Execution Time'].toFixed(1).padStart(7)} ms  ${indexes}`;
}

try {
  for (const [name, filters, page = 1] of CASES) {
    const q = idQueries(database.db, { sort: 'newest', ...filters }, { page, limit: 12 });
    process.stdout.write(`${name.padEnd(20)} ids   ${await explain(q.ids)}\n`);
    const cap = countCap({ page, limit: 12 });
    process.stdout.write(`${''.padEnd(20)} count ${await explain(q.count(cap))}\n`);
  }
  process.stdout.write(
    `${'categories'.padEnd(20)}       ${await explain(repo.queries.categoryCounts())}\n`,
  );
} finally {
  await database.close();
}
