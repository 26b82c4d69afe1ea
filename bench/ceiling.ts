/**
 * The ceiling of `npm run bench:api`: a bare node:http server that runs the SQL of browse
 * page 1 (newest first, 12 tasks, and the total) through `pg` and answers the rows as JSON.
 * No framework, validation, session lookup or mapping: what the database and Node can do.
 *
 *   DATABASE_URL=postgres://… PORT=… node bench/ceiling.ts
 */
import { createServer } from 'node:http';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { PAGE_SIZE } from '../src/shared/constants.ts';
import type { Db } from '../src/server/db/client.ts';
import * as schema from '../src/server/db/schema.ts';
import { createTaskRepository } from '../src/server/tasks/repository.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
// The same pool size as the app (src/server/db/client.ts).
const pool = new pg.Pool({ connectionString: url, max: 10 });

// The very statements the app runs for /api/tasks?page=1, as Drizzle writes them.
const db = drizzle(pool, { schema }) as unknown as Db;
const queries = createTaskRepository(db).queries.list({ sort: 'newest' }, 1, PAGE_SIZE, null);
const page = queries.page.toSQL();
const count = queries.count.toSQL();

const server = createServer((request, response) => {
  void (async () => {
    try {
      const rows = await pool.query({ text: page.sql, values: page.params });
      const total = await pool.query({ text: count.sql, values: count.params });
      const body = JSON.stringify({ items: rows.rows, total: total.rows[0]?.n });
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(body);
    } catch (error) {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: (error as Error).message }));
    }
  })();
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write('ready\n');
});
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
