import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AUTH_PREFIX, authTarget } from '../auth/endpoints.ts';
import { getUser } from '../auth/require-user.ts';
import { HttpError } from './errors.ts';

const MINUTE = 60_000;

/** Requests a minute. */
export const RATE_LIMITS = {
  /** Every request from one address. */
  perIp: 600,
  /** Sign-in and sign-up attempts from one address. */
  authPerIp: 10,
  /** Sign-in attempts for one e-mail, from anywhere. */
  signInPerEmail: 10,
  /** Requests that send a mail (verification, reset, change of address) from one address. */
  mailPerIp: 10,
  /** Mails asked for one e-mail address, from anywhere, per quarter of an hour. */
  mailPerEmailPer15Min: 3,
  /** Task and bid writes by one user. */
  writesPerUser: 60,
} as const;

/** Task and bid routes, matched on the route a request reached (never on its spelling). */
const WRITES = /^\/api\/(tasks|bids)(\/|$)/;

function tooMany(seconds: number) {
  return new HttpError(
    429,
    `Too many requests. Try again in ${seconds} seconds.`,
    'TOO_MANY_REQUESTS',
  );
}

/**
 * A global per-address ceiling plus tighter limits on the attempts worth abusing:
 * signing in or up (per address, and per e-mail for sign-in) and task and bid writes (per
 * user). Every refusal is 429 JSON with Retry-After.
 */
export async function registerRateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: true,
    max: RATE_LIMITS.perIp,
    timeWindow: MINUTE,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) => tooMany(Math.ceil(context.ttl / 1000)),
  });

  const limiter = (max: number, timeWindow = MINUTE) => {
    const check = app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: (request) => (request as FastifyRequest & { limitKey: string }).limitKey,
    });
    return async (request: FastifyRequest, key: string) => {
      Object.assign(request, { limitKey: key });
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      throw Object.assign(tooMany(result.ttlInSeconds), { retryAfter: result.ttlInSeconds });
    };
  };
  const authPerIp = limiter(RATE_LIMITS.authPerIp);
  const signInPerEmail = limiter(RATE_LIMITS.signInPerEmail);
  const writesPerUser = limiter(RATE_LIMITS.writesPerUser);
  const mailPerIp = limiter(RATE_LIMITS.mailPerIp);
  const mailPerEmail = limiter(RATE_LIMITS.mailPerEmailPer15Min, 15 * MINUTE);

  app.addHook('preHandler', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const route = request.routeOptions.url ?? '';
    try {
      const attempt = route.startsWith(`${AUTH_PREFIX}/`)
        ? authTarget(request).endpoint?.attempt
        : undefined;
      if (attempt === 'mail') {
        await mailPerIp(request, `mail:${request.ip}`);
        const email = emailOf(request.body);
        if (email) await mailPerEmail(request, `mail-to:${email}`);
      } else if (attempt) {
        await authPerIp(request, `auth:${request.ip}`);
        const email = emailOf(request.body);
        if (attempt === 'sign-in' && email) await signInPerEmail(request, `email:${email}`);
      } else if (WRITES.test(route)) {
        const user = await getUser(request);
        if (user) await writesPerUser(request, `writes:${user.id}`);
      }
    } catch (error) {
      const retryAfter = (error as { retryAfter?: number }).retryAfter;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      throw error;
    }
  });
}

/** The e-mail a sign-in or mail request names, if it can be read (better-auth gets the raw bytes). */
function emailOf(body: unknown): string | undefined {
  try {
    const raw = body instanceof Buffer ? JSON.parse(body.toString('utf8')) : body;
    const fields = raw as { email?: unknown; newEmail?: unknown } | null;
    const email = fields?.email ?? fields?.newEmail;
    return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
