import { openDatabase } from '/work/wt-search/src/server/platform/db/client.ts';
import { createTaskRepository } from '/work/wt-search/src/server/features/tasks/repository.ts';
const database = await openDatabase('postgres://postgres@127.0.0.1:5432/taskbid_search_1m');
const repo = createTaskRepository(database.db);
const cases: any[] = [
  [{ search: 'logo', sort: 'newest' }, 1], [{ search: 'logo', sort: 'priceLow' }, 1], [{ search: 'logo', sort: 'deadline' }, 1],
  [{ location: 'berlin', sort: 'oldest' }, 1], [{ search: 'zzqx', sort: 'newest' }, 1], [{ skills: ['react','figma'], sort: 'newest' }, 1],
  [{ search: 'logo', category: 'Design', minPrice: 50, maxPrice: 3000, sort: 'priceLow' }, 1], [{ search: 'logo', sort: 'newest' }, 50],
  [{ search: 'bakery', sort: 'priceHigh', minPrice: 500 }, 1],
];
for (const [f, page] of cases) {
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const r = await repo.list(f, page, 12, null);
    console.log(JSON.stringify(f), page, (performance.now() - t0).toFixed(1), 'ms', r.total, r.totalExact, r.items.length, r.items[0]?._id.slice(0,8));
  }
}
await database.close?.();
process.exit(0);
