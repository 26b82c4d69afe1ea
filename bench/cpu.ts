/**
 * CPU time of the processes serving a bench: a process by its pid (/proc), and the PostgreSQL
 * backends connected to a database. What `bench:cost` and `bench:api`'s cost columns read.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

const TICK_MS = 1000 / 100; // USER_HZ: /proc counts CPU time in hundredths of a second

/** User + system CPU time of a process (all its threads), in ms; 0 once it has gone. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends connected to the database of `databaseUrl` (but this one). */
export async function backendPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** Sums the CPU time of a set of processes, in ms. */
export const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
