import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** `.env.example` read the way the server reads `.env` (Node's own parser). */
const example = parseEnv(
  readFileSync(resolve(import.meta.dirname, '../../../.env.example'), 'utf8'),
);

describe('configuration from .env.example', () => {
  // The one change: the data folder (the generated development secret is written there).
  const dataDir = () => mkdtempSync(join(tmpdir(), 'taskbid-config-'));

  it('lists empty values, and loads as it is into a valid config with every default', () => {
    for (const name of ['BASE_URL', 'DATABASE_URL', 'BETTER_AUTH_SECRET', 'GOOGLE_CLIENT_ID']) {
      expect(example[name], name).toBe('');
    }
    const dir = dataDir();
    const config = loadConfig({ ...example, DATA_DIR: dir });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      baseUrl: 'http://localhost:3000',
      databaseUrl: join(dir, 'pglite'),
      google: null,
      // In development the loopback spellings of BASE_URL are the same site.
      trustedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'],
    });
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    // Exactly what the same variables left out entirely give.
    expect(config).toEqual(loadConfig({ DATA_DIR: dir }));
  });

  it('an empty or blank value means unset; a bad non-empty one is still refused', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir, BASE_URL: '  ', PORT: '', LOG_LEVEL: '' });
    expect(config.baseUrl).toBe('http://localhost:3000');
    expect(config.logLevel).toBe('info');
    expect(() => loadConfig({ DATA_DIR: dir, BASE_URL: 'not a url' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ DATA_DIR: dir, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: '' }),
    ).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together/);
    expect(() => loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: '' })).toThrow(
      /BETTER_AUTH_SECRET: is required in production/,
    );
  });

  it('VAPID keys: generated once and kept outside production, required in production with push on', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.push?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.push?.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.push?.subject).toBe('mailto:no-reply@localhost');
    expect(loadConfig({ DATA_DIR: dir }).push).toEqual(first.push);
    expect(loadConfig({ DATA_DIR: dataDir() }).push?.publicKey).not.toBe(first.push?.publicKey);
    expect(loadConfig({ DATA_DIR: dir, PUSH: 'off' }).push).toBeNull();

    const production = {
      NODE_ENV: 'production',
      DATA_DIR: dir,
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://localhost:25',
    };
    expect(() => loadConfig(production)).toThrow(
      /VAPID_PUBLIC_KEY: is required in production while PUSH is on[\s\S]*VAPID_PRIVATE_KEY[\s\S]*VAPID_SUBJECT/,
    );
    expect(loadConfig({ ...production, PUSH: 'off' }).push).toBeNull();
    const keys = {
      VAPID_PUBLIC_KEY: first.push?.publicKey ?? '',
      VAPID_PRIVATE_KEY: first.push?.privateKey ?? '',
      VAPID_SUBJECT: 'https://taskbid.example/contact',
    };
    expect(loadConfig({ ...production, ...keys }).push).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: 'https://taskbid.example/contact',
    });
    expect(() => loadConfig({ ...production, ...keys, VAPID_SUBJECT: 'me@example.com' })).toThrow(
      /VAPID_SUBJECT: must be mailto:… or https:\/\/…/,
    );
  });

  it('payments: the sandbox outside production only; Stripe needs its keys, and its publishable key in production', () => {
    const dir = dataDir();
    // Unset: the sandbox in development (the demo has deals), off in tests and production.
    expect(loadConfig({ DATA_DIR: dir }).payments.mode).toBe('sandbox');
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }).payments).toEqual({ mode: 'off' });
    expect(loadConfig({ DATA_DIR: dir, PAYMENTS: 'off' }).payments).toEqual({ mode: 'off' });
    const sandbox = loadConfig({ DATA_DIR: dir, PAYMENTS: 'sandbox' }).payments;
    expect(sandbox).toMatchObject({ mode: 'sandbox', eventSecret: expect.any(String) });
    expect(() => loadConfig({ DATA_DIR: dir, PAYMENTS: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: is required when PAYMENTS is stripe[\s\S]*STRIPE_WEBHOOK_SECRET: is required/,
    );
    const stripe = {
      DATA_DIR: dir,
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    };
    expect(loadConfig(stripe).payments).toEqual({
      mode: 'stripe',
      stripe: {
        secretKey: 'sk_test_abc123',
        webhookSecret: 'whsec_abc123',
        publishableKey: null,
        baseUrl: 'http://localhost:3000',
        apiUrl: null,
      },
    });
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );

    const production = {
      NODE_ENV: 'production',
      DATA_DIR: dir,
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://localhost:25',
      PUSH: 'off',
    };
    expect(() => loadConfig({ ...production, PAYMENTS: 'sandbox' })).toThrow(
      /PAYMENTS: cannot be sandbox in production/,
    );
    expect(() => loadConfig({ ...production, PAYMENTS: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: is required[\s\S]*STRIPE_PUBLISHABLE_KEY: is required in production/,
    );
    const live = { ...production, ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123' };
    expect(loadConfig(live).payments).toMatchObject({
      mode: 'stripe',
      stripe: { publishableKey: 'pk_live_abc123' },
    });
    expect(() => loadConfig({ ...live, STRIPE_API_URL: 'http://127.0.0.1:12111' })).toThrow(
      /STRIPE_API_URL: is for a local stand-in of Stripe: never in production/,
    );
  });
});
