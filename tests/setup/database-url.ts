/**
 * `url`, a PostgreSQL URL, naming database `name` instead: a database of the tests' or the
 * bench scripts' own on the server it names.
 */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
