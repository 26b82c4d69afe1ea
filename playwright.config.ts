import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/setup/chromium.ts';

// Two server instances sharing one database need PostgreSQL (LISTEN/NOTIFY between them).
const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres && process.env.TEST_WORKER_INDEX === undefined) {
  process.stdout.write(
    'tests/e2e/lifecycle/two-instances.spec.ts needs PostgreSQL: set TEST_DATABASE_URL to run it.\n',
  );
}

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser). The global setup
 * builds the client if needed, starts the local OpenID provider, then the app with an
 * in-memory database on a free port; tests get its address as `baseURL`.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  testIgnore: postgres ? [] : ['**/lifecycle/two-instances.spec.ts'],
  globalSetup: './tests/e2e/support/global-setup.ts',
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
