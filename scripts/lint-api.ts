// `npm run lint:api`: builds the server in-process (in-memory database, no network), writes
// its OpenAPI document to dist/openapi.json and lints it with Redocly's recommended rules
// (redocly.yaml). Fails when the linter reports an error.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/platform/config.ts';

const scratch = mkdtempSync(join(tmpdir(), 'taskbid-lint-api-'));
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'memory://',
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: scratch,
    STATIC_DIR: scratch,
    SEED_ON_FIRST_START: 'false',
  }),
);
const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
await app.close();
if (res.statusCode !== 200) throw new Error(`/api/openapi.json answered ${res.statusCode}`);

mkdirSync('dist', { recursive: true });
const file = join('dist', 'openapi.json');
writeFileSync(file, JSON.stringify(res.json(), null, 2));

const lint = spawnSync('redocly', ['lint', file, '--format', 'stylish'], {
  stdio: 'inherit',
  // Redocly asks the registry for a newer version and sends usage data unless told not to.
  env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off' },
});
process.exitCode = lint.status ?? 1;
