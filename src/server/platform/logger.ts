import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Human-readable lines for a person at a terminal; JSON lines for everything else. */
export function defaultLogFormat(stdout: { isTTY?: boolean } = process.stdout): LogFormat {
  return stdout.isTTY ? 'pretty' : 'json';
}

const REDACTED = '[redacted]';

/** Keys whose values never reach a log line, wherever they appear one or two levels down. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'secret',
];

const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

/**
 * A failed query's error carries its parameters (`params: …` in the message, `params` on the
 * object): a password hash, a session token. The query text stays; the values go.
 */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`);
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** An error as a log line holds it: type, message, stack, code and cause, without values. */
export function safeError(error: Error, depth = 0): LoggedError {
  const { code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown };
  const cause =
    error.cause instanceof Error && depth < 3 ? safeError(error.cause, depth + 1) : undefined;
  return {
    type: error.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack ?? ''),
    ...(code === undefined ? {} : { code }),
    ...(statusCode === undefined ? {} : { statusCode }),
    ...(cause ? { cause } : {}),
  };
}

/** better-auth hands its logger extra arguments (errors among them). */
function safeDetails(details: unknown): unknown {
  const one = (d: unknown) => (d instanceof Error ? safeError(d) : d);
  return Array.isArray(details) ? details.map(one) : one(details);
}

/**
 * The server's pino options: level, format, and what is never written (cookies, passwords,
 * tokens, the parameters of a failed query). `destination` replaces stdout (tests read it).
 */
export function loggerOptions(
  config: { logLevel: string; logFormat: LogFormat },
  destination?: Writable,
): FastifyServerOptions['logger'] {
  const base = {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: (e: Error) => safeError(e), details: safeDetails },
  };
  if (config.logFormat === 'pretty') {
    return {
      ...base,
      stream: pretty({
        destination: destination ?? 1,
        colorize: destination === undefined && Boolean(process.stdout.isTTY),
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname',
        sync: true,
      }),
    };
  }
  return destination ? { ...base, stream: destination } : base;
}
