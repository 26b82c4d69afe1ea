import { openDatabase } from '/work/wt-search/src/server/platform/db/client.ts';
import { createTaskRepository } from '/work/wt-search/src/server/features/tasks/repository.ts';

const database = await openDatabase('postgres://postgres@127.0.0.1:5432/taskbid_search_1m');
const repo = createTaskRepository(database.db);
const f = JSON.parse(process.argv[2]); const page = Number(process.argv[3] ?? 1);
const q: any = repo.queries.list(f, page, 12, null);
const { sql, params } = (process.argv[4] === 'gin' ? q.page : q.walk).toSQL();
let s = sql; params.forEach((p: any, i: number) => { s = s.replace(new RegExp('\\$' + (i + 1) + '(?!\\d)'), typeof p === 'number' ? String(p) : `'${String(p).replace(/'/g, "''")}'`); });
console.log(s + ';');
process.exit(0);
