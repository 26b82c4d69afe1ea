import { defineConfig } from 'vitest/config';

/**
 * Unit tests run once. Database tests run once per database: always on PGlite, and on
 * PostgreSQL as well when TEST_DATABASE_URL is set (the project name in the output says
 * which database a test ran on).
 */
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
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
          include: ['src/server/**/*.test.ts'],
          env: { TEST_DB: db },
          globalSetup: ['tests/setup/global-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
