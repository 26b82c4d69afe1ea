import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { defaultLogFormat, LOG_FORMATS, type LogFormat } from './logger.ts';
import {
  checkPaymentsEnv,
  paymentsConfigOf,
  paymentsEnv,
  type PaymentsConfig,
} from './payments-config.ts';

export type { PaymentsConfig } from './payments-config.ts';

const VAPID_PUBLIC_ISSUE = 'must be the base64url public key (87 characters)';
const VAPID_PRIVATE_ISSUE = 'must be the base64url private key (43 characters)';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    BASE_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().min(1).optional(),
    DATABASE_READ_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be postgres://…' })
      .optional(),
    BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_DISCOVERY_URL: z
      .url()
      .default('https://accounts.google.com/.well-known/openid-configuration'),
    TRUSTED_ORIGINS: z.string().optional(),
    STATIC_DIR: z.string().min(1).default('./dist/client'),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    LOG_FORMAT: z.enum(LOG_FORMATS).optional(),
    SEED_ON_FIRST_START: z.enum(['true', 'false']).default('true'),
    RATE_LIMITS: z.enum(['on', 'off']).default('on'),
    NEW_ACCOUNT_LIMITS: z.enum(['on', 'off']).optional(),
    TRUST_PROXY: z
      .string()
      .refine(
        (v) => /^\d{1,2}$/.test(v) || v.split(',').every((a) => isIpOrCidr(a.trim())),
        'must be a hop count (1) or a comma-separated list of proxy addresses (10.0.0.1,10.0.1.0/24)',
      )
      .optional(),
    REDIS_URL: z
      .url({ protocol: /^rediss?$/, error: 'must be redis://… or rediss://…' })
      .optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be smtp://… or smtps://…' }).optional(),
    MAIL_FROM: z.string().min(3).default('TaskBid <no-reply@localhost>'),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(7000).default(3000),
    LIST_CACHE_MB: z.coerce.number().min(0).max(1024).default(32),
    PUSH: z.enum(['on', 'off']).default('on'),
    SERVER_RENDERING: z.enum(['on', 'off']).default('on'),
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, VAPID_PUBLIC_ISSUE)
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, VAPID_PRIVATE_ISSUE)
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be mailto:… or https://…')
      .optional(),
    ...paymentsEnv,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['BETTER_AUTH_SECRET'],
        message: 'is required in production',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required in production (mail is written to files only outside it)',
      });
    }
    if (env.NODE_ENV === 'production' && env.PUSH === 'on') {
      for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const)
        if (!env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message:
              'is required in production while PUSH is on (npx web-push generate-vapid-keys)',
          });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
      });
    }
    if (env.DATABASE_READ_URL && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '')) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'needs DATABASE_URL to be a PostgreSQL server (the replica follows it)',
      });
    }
    checkPaymentsEnv(env, (path, message) =>
      ctx.addIssue({ code: 'custom', path: [path], message }),
    );
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
      });
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  baseUrl: string;
  databaseUrl: string;
  /** A streaming replica for reads that tolerate a little lag. */
  databaseReadUrl: string | null;
  authSecret: string;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | null;
  trustedOrigins: string[];
  staticDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** `pretty` when stdout is a terminal, `json` otherwise, unless LOG_FORMAT says. */
  logFormat: LogFormat;
  seedOnFirstStart: boolean;
  rateLimits: boolean;
  /** What an account under a day old may post (the moderation settings); RATE_LIMITS by default. */
  newAccountLimits: boolean;
  /**
   * Which proxies in front may say who the client is (X-Forwarded-For): false (none, the
   * default), a hop count, or their addresses. Fastify's `trustProxy`.
   */
  trustProxy: false | number | string[];
  /** Redis for rate-limit counters shared by every instance (else PostgreSQL or memory). */
  redisUrl: string | null;
  mail: MailConfig;
  streams: StreamConfig;
  /**
   * After SIGTERM, how long the instance goes on serving while `/api/ready` says 503: longer
   * than the balancer takes to notice (its check interval × the failures it waits for).
   */
  shutdownDrainMs: number;
  /**
   * Bytes of anonymous list answers each instance keeps in memory (tasks/list-cache.ts);
   * 0 turns the cache off.
   */
  listCacheBytes: number;
  /**
   * Public screens rendered on the server and hydrated (docs/public-pages.md); off: the
   * browser renders every screen, the server writes the heads and the noscript summaries.
   */
  serverRendering: boolean;
  /** Web push (VAPID): null when PUSH is off. */
  push: PushConfig | null;
  /** Payment protection (features/deals): off, the sandbox, or Stripe Connect. */
  payments: PaymentsConfig;
  /**
   * Addresses per sitemap file (the protocol's 50,000); more than this and `/sitemap.xml`
   * is an index of numbered files. Not from the environment: tests make it small.
   */
  sitemapPageSize: number;
}

/** The server's VAPID identity, which browsers subscribe with and push services check. */
export interface PushConfig {
  /** base64url, the uncompressed P-256 point browsers get as `applicationServerKey`. */
  publicKey: string;
  privateKey: string;
  /** Who push services may contact about this sender: mailto:… or https://…. */
  subject: string;
}

export interface MailConfig {
  /** SMTP server to send through; null: each mail is written to `dir` as an .eml file. */
  smtpUrl: string | null;
  from: string;
  dir: string;
  /** The first retry waits this long; each later one twice as long as the one before. */
  retryBaseMs: number;
  /** Sending attempts before a mail is marked failed. */
  maxAttempts: number;
  /** How often each instance looks for due mail (it is also woken when mail is queued). */
  pollMs: number;
}

/** Server-Sent Events (events/sse.ts); not from the environment: tests shorten them. */
export interface StreamConfig {
  /** A comment this often keeps proxies from closing a quiet stream, and finds dead ones. */
  heartbeatMs: number;
  /** Bytes a stream may hold unsent (its client stopped reading) before it is dropped. */
  maxUnsentBytes: number;
}

export class ConfigError extends Error {}

/** Reads and checks every variable once, listing all that are missing or wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutBlanks(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const authSecret = e.BETTER_AUTH_SECRET ?? developmentSecret(dataDir);
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    baseUrl,
    databaseUrl: e.DATABASE_URL ?? join(dataDir, 'pglite'),
    databaseReadUrl: e.DATABASE_READ_URL ?? null,
    authSecret,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
          }
        : null,
    trustedOrigins: [
      baseUrl,
      ...(e.NODE_ENV === 'development' ? loopbackSpellings(baseUrl) : []),
      ...(e.TRUSTED_ORIGINS ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ],
    staticDir: resolve(e.STATIC_DIR),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? defaultLogFormat(),
    seedOnFirstStart: e.SEED_ON_FIRST_START === 'true',
    rateLimits: e.RATE_LIMITS === 'on',
    newAccountLimits: (e.NEW_ACCOUNT_LIMITS ?? e.RATE_LIMITS) === 'on',
    trustProxy: !e.TRUST_PROXY
      ? false
      : /^\d+$/.test(e.TRUST_PROXY)
        ? Number(e.TRUST_PROXY)
        : e.TRUST_PROXY.split(',').map((a) => a.trim()),
    redisUrl: e.REDIS_URL ?? null,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
      dir: join(dataDir, 'mail'),
      retryBaseMs: 30_000,
      maxAttempts: 8,
      pollMs: 5_000,
    },
    streams: { heartbeatMs: 15_000, maxUnsentBytes: 64 * 1024 },
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    listCacheBytes: Math.round(e.LIST_CACHE_MB * 1024 * 1024),
    serverRendering: e.SERVER_RENDERING === 'on',
    push:
      e.PUSH === 'off'
        ? null
        : {
            ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
              ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
              : developmentVapidKeys(dataDir)),
            subject: e.VAPID_SUBJECT ?? `mailto:${mailAddress(e.MAIL_FROM)}`,
          },
    payments: paymentsConfigOf(e, authSecret, baseUrl),
    // The sitemaps protocol's limit of addresses in one file.
    sitemapPageSize: 50_000,
  };
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * In development, `http://127.0.0.1:3000` and `http://[::1]:3000` are the same site as
 * `http://localhost:3000` to the person typing them: all are trusted origins.
 */
function loopbackSpellings(baseUrl: string): string[] {
  const url = new URL(baseUrl);
  if (!LOOPBACK.includes(url.hostname)) return [];
  return LOOPBACK.filter((host) => host !== url.hostname).map(
    (host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`,
  );
}

function isIpOrCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * An empty (or blank) value means unset, as if the line were not there: `.env.example` lists
 * every variable, most of them empty, and is meant to be copied to `.env` as it is.
 */
function withoutBlanks(env: NodeJS.ProcessEnv): Record<string, string> {
  const set: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') set[name] = value;
  }
  return set;
}

/** Outside production a missing secret is generated once and kept beside the data. */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Outside production missing VAPID keys are generated once and kept beside the data, like the
 * auth secret: a browser's subscription stays valid across restarts.
 */
function developmentVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const secret = ecdh.getPrivateKey();
  const keys: VapidKeys = {
    publicKey: ecdh.getPublicKey('base64url'),
    // 32 bytes always: a key with leading zero bytes comes back shorter.
    privateKey: Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url'),
  };
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The address in `TaskBid <no-reply@example.com>` (or the whole value). */
function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}
