/**
 * The ceiling of `npm run bench:api`: a bare node:http server that answers browse page 1
 * (newest first, 12 tasks with their poster's name) through `pg` with hand-written SQL
 * walking `tasks_created_at_idx` (a partial index: the tasks not hidden by moderation, as browse
 * shows), no total. No framework, validation, session lookup,
 * count or mapping: the best the database and Node can do for that page.
 *
 *   DATABASE_URL=postgres://… PORT=… node bench/ceiling.ts
 */
import { createServer } from 'node:http';
import pg from 'pg';
import { PAGE_SIZE } from '../src/shared/constants.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
// The same pool size as the app (src/server/platform/db/client.ts). The LIMIT is written into the
// statement: as a parameter, the prepared statement's generic plan would not know it is 12.
const pool = new pg.Pool({ connectionString: url, max: 10 });

const PAGE_ONE = {
  name: 'browse-page-one',
  text: `select t.id, t.title, t.description, t.image_url, t.priority, t.category, t.deadline,
      t.estimated_time, t.budget, t.status, t.location, t.assigned_to, t.created_at,
      u.name as user_name
    from tasks t join "user" u on u.id = t.owner_id
    where t.moderation is null
    order by t.created_at desc nulls last, t.id desc nulls last
    limit ${PAGE_SIZE}`,
};

const server = createServer((request, response) => {
  void (async () => {
    try {
      const rows = await pool.query(PAGE_ONE);
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(rows.rows));
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
