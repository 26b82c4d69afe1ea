import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/platform/config.ts';
import { withDatabase } from './database-url.ts';
import { admin } from './global-database.ts';

export const TEST_BASE_URL = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** The database before any routing (what a second instance connects to). */
  databaseUrl: string;
  /** The base URL it serves on a loopback port, with the `listen` option ('' without). */
  url: string;
  close(): Promise<void>;
}

/**
 * A whole server on a database of its own: in-memory PGlite, or (in the postgres project)
 * a fresh copy of the migrated template on the PostgreSQL server, dropped on close.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    routeDatabaseUrl?: (url: string) => string;
    /** A second instance on the same database as this one (PostgreSQL only). */
    shareDatabaseWith?: TestApp;
    /** Mail timings for tests (retries in milliseconds rather than minutes). */
    mail?: Partial<Config['mail']>;
    /** Event stream timings for tests (a heartbeat in milliseconds, a small unsent limit). */
    streams?: Partial<Config['streams']>;
    /** Addresses per sitemap file (a few, to page through a sitemap without 50,000 rows). */
    sitemapPageSize?: number;
    /** Where the server's log lines go (LOG_LEVEL is silent unless `env` says otherwise). */
    logStream?: Writable;
    /** Serve on a free loopback port too (for clients that need a socket: streams, raw HTTP). */
    listen?: boolean;
  } = {},
): Promise<TestApp> {
  const shared = options.shareDatabaseWith;
  const { url, drop } = shared
    ? { url: shared.databaseUrl, drop: async () => {} }
    : await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BASE_URL: TEST_BASE_URL,
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'taskbid-test-')),
    STATIC_DIR: mkdtempSync(join(tmpdir(), 'taskbid-static-')),
    SEED_ON_FIRST_START: 'false',
    // Suites sign up many users from one address; the rate-limit tests turn this on.
    RATE_LIMITS: 'off',
    // Suites write tasks straight into the database (factories), which no event announces;
    // the list-cache tests turn the cache on.
    LIST_CACHE_MB: '0',
    ...env,
    DATABASE_URL: options.routeDatabaseUrl?.(url) ?? url,
  });
  config.mail = { ...config.mail, ...options.mail };
  config.streams = { ...config.streams, ...options.streams };
  config.sitemapPageSize = options.sitemapPageSize ?? config.sitemapPageSize;
  const app = await buildApp(config, { logStream: options.logStream });
  return {
    app,
    config,
    databaseUrl: url,
    url: options.listen ? await app.listen({ host: '127.0.0.1', port: 0 }) : '',
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/**
 * `createTestApp` for the enclosing `describe` (or file): the app is built before its first
 * test, before the block's own `beforeAll` hooks, and closed after its last test. Read the
 * handle's fields inside hooks and tests only.
 */
export function useTestApp(...args: Parameters<typeof createTestApp>): TestApp {
  const handle: TestApp = {
    get app(): FastifyInstance {
      return built().app;
    },
    get config(): Config {
      return built().config;
    },
    get databaseUrl(): string {
      return built().databaseUrl;
    },
    get url(): string {
      return built().url;
    },
    close: () => built().close(),
  };
  let testApp: TestApp | undefined;
  const built = (): TestApp => {
    if (!testApp) throw new Error('useTestApp: read the app inside a hook or a test');
    return testApp;
  };
  beforeAll(async () => {
    testApp = await createTestApp(...args);
  });
  afterAll(() => testApp?.close());
  return handle;
}

/**
 * Two instances of the server on one database, as a deployment of several runs (PostgreSQL
 * only: PGlite is in-process), for the enclosing `describe`. Each has its own session secret,
 * so a person stays on the instance that signed them in, as a sticky load balancer keeps them.
 */
export function useTwoInstances(
  ...[env, options]: Parameters<typeof createTestApp>
): [TestApp, TestApp] {
  const a = useTestApp(env, options);
  return [a, useTestApp(env, { ...options, shareDatabaseWith: a })];
}

async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') return { url: 'memory://', drop: async () => {} };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `taskbid_test_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  return {
    url: withDatabase(serverUrl, name),
    drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
