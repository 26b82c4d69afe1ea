import { defineConfig } from 'vitest/config';

/**
 * Unit tests run once. Database tests run once per database: always on PGlite, and on
 * PostgreSQL as well when TEST_DATABASE_URL is set (the project name in the output says
 * which database a test ran on).
 */
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
if (!process.env.TEST_DATABASE_URL) {
  process.stdout.write(
    'Database tests run on PGlite only; set TEST_DATABASE_URL to run them on PostgreSQL too,\n' +
      'with the PostgreSQL-only tests (*.postgres.test.ts: database outage).\n',
  );
}

export default defineConfig({
  test: {
    // Two test files at a time whatever the machine: Vitest's default (cores − 1) runs one at a
    // time on a two-core machine, where most of a database test's time is PostgreSQL's or a
    // child process's, not the worker's.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/client/**/*.test.{ts,tsx}',
            'tests/process/**/*.test.ts',
          ],
          testTimeout: 30_000,
        },
      },
      ...databases.map((db) => ({
        test: {
          name: db,
          include: ['src/server/**/*.test.ts', 'tools/**/*.test.ts'],
          // Tests that need a server connection to lose run on PostgreSQL only.
          exclude: db === 'pglite' ? ['**/*.postgres.test.ts'] : [],
          env: { TEST_DB: db },
          globalSetup: ['tests/setup/global-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
