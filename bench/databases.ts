/**
 * PostgreSQL databases of the bench scripts' own: a statement on a connection of its own, and
 * databases marked with a comment as made by a script (only those are ever dropped or
 * reused). Their URLs: `withDatabase` (tests/setup/database-url.ts).
 */
import pg from 'pg';

/** Runs one statement on a connection of its own to `url`; returns its rows. */
export async function query<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  params: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Makes database `name` afresh on the server of `adminUrl`, with `comment` on it. One already
 * there is dropped first only when its comment starts with `mark` (the script's own); one
 * without is never touched (this throws). With `keep`, one whose comment is exactly that is
 * left as it is: returns false then, true when the database was made.
 */
export async function ownDatabase(
  adminUrl: string,
  name: string,
  { mark, comment, keep }: { mark: string; comment: string; keep?: string },
): Promise<boolean> {
  const [existing] = await query<{ note: string | null }>(
    adminUrl,
    `select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1`,
    [name],
  );
  if (keep !== undefined && existing?.note === keep) return false;
  if (existing && !existing.note?.startsWith(mark))
    throw new Error(`Database ${name} exists and was not created by this script; not touching it.`);
  if (existing) await query(adminUrl, `drop database "${name}" with (force)`);
  await query(adminUrl, `create database "${name}"`);
  await query(adminUrl, `comment on database "${name}" is '${comment}'`);
  return true;
}
