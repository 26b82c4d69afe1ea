import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../src/server/platform/config.ts';
import { openDatabase } from '../../src/server/platform/db/client.ts';
import { createProgressBar } from './progress-bar.ts';
import { seedBenchmark } from './seed-bench.ts';
import { seedDemo } from '../../src/server/demo/seed.ts';

const USAGE = `Usage: npm run seed                       demo users, ~60 tasks and bids (idempotent)
       npm run seed -- --tasks N --bids M  benchmark data set (best on PostgreSQL)
Options: --users N (benchmark users; default one per 100 tasks)
The database is DATABASE_URL (default: the embedded PGlite in ./data/pglite; stop the server first).`;

function count(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new ConfigError(`--${name} must be a whole number`);
  return Number(value);
}

async function main() {
  const { values } = parseArgs({
    options: {
      tasks: { type: 'string' },
      bids: { type: 'string' },
      users: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const tasks = count(values.tasks, 'tasks');
  const bids = count(values.bids, 'bids');
  const users = count(values.users, 'users');
  const started = Date.now();
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl);
  try {
    if (tasks === undefined && bids === undefined) {
      const summary = await seedDemo(database.db, config.payments);
      process.stdout.write(
        summary.tasks === 0
          ? 'Demo data is already there; nothing added.\n'
          : `Demo data: ${summary.users} users, ${summary.tasks} tasks, ${summary.bids} bids.\n`,
      );
    } else {
      if (database.kind !== 'postgres')
        process.stderr.write(
          'Note: benchmark sizes are meant for PostgreSQL (DATABASE_URL=postgres://…).\n',
        );
      const bar = createProgressBar();
      // On PostgreSQL the rows stream with COPY over connections of the seed's own.
      const summary = await seedBenchmark(
        database.kind === 'postgres' ? config.databaseUrl : database.db,
        { tasks: tasks ?? 0, bids: bids ?? 0, ...(users ? { users } : {}) },
        (phase, done, total) => bar.update(phase, done, total),
      );
      process.stdout.write(
        `Benchmark data: ${summary.users} users, ${summary.tasks} tasks, ${summary.bids} bids in ${((Date.now() - started) / 1000).toFixed(1)} s (${bar.summary()}).\n`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : (error as Error).stack}\n${USAGE}\n`,
  );
  process.exit(1);
});
