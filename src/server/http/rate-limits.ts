import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AUTH_PREFIX, authTarget } from '../auth/endpoints.ts';
import { getUser } from '../auth/require-user.ts';
import { HttpError } from './errors.ts';
import { limitStore } from './limit-store.ts';

const MINUTE = 60_000;

/** Requests a minute. */
export const RATE_LIMITS = {
  /** Every request from one address. */
  perIp: 600,
  /** Sign-in and sign-up attempts from one address. */
  authPerIp: 10,
  /** Failed sign-ins for one e-mail from one address: the guesser is stopped here. */
  failedSignInsPerAddressAndEmail: 5,
  /**
   * Failed sign-ins for one e-mail from anywhere: loose, so a stranger needs many addresses
   * to lock a person out, while spraying guesses from many addresses still slows down.
   */
  failedSignInsPerEmail: 50,
  /** Requests that send a mail (verification, reset, change of address) from one address. */
  mailPerIp: 10,
  /** Mails asked for one e-mail address, from anywhere, per quarter of an hour. */
  mailPerEmailPer15Min: 3,
  /** Task, bid and question writes by one user. */
  writesPerUser: 60,
  /** Private messages sent and threads opened by one user. */
  messagesPerUser: 60,
  /** Questions one user asks, on any tasks. */
  questionsPerUser: 10,
} as const;

/** Task, bid and question routes, matched on the route a request reached (never on its spelling). */
const WRITES = /^\/api\/(tasks|bids|questions)(\/|$)/;
const ASK = '/api/tasks/:id/questions';
/** Sending a private message or opening a thread (marking read is not limited here). */
const MESSAGE_WRITES = /^\/api\/threads(\/:id\/messages)?$/;

function tooMany(seconds: number) {
  return new HttpError(
    429,
    `Too many requests. Try again in ${seconds} seconds.`,
    'TOO_MANY_REQUESTS',
  );
}

/**
 * A global per-address ceiling plus tighter limits on the attempts worth abusing:
 * signing in or up (per address), failed sign-ins (per address and e-mail, tightly; per
 * e-mail, loosely), task and bid writes and private messages (per user). Every refusal is 429 JSON with
 * Retry-After. Counters live where every instance sees them (limit-store.ts).
 */
export async function registerRateLimits(app: FastifyInstance) {
  const { kind, ...store } = await limitStore(app);
  app.log.debug({ store: kind }, 'rate-limit counters');
  await app.register(rateLimit, {
    global: true,
    max: RATE_LIMITS.perIp,
    timeWindow: MINUTE,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) => tooMany(Math.ceil(context.ttl / 1000)),
    // A store that cannot be reached (Redis or PostgreSQL down) lets requests through
    // rather than failing them all; the database outage answers 503 on its own.
    skipOnError: true,
    ...store,
  });

  const limiter = (max: number, timeWindow = MINUTE) => {
    const check = app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: (request) => (request as FastifyRequest & { limitKey: string }).limitKey,
    });
    const run = (request: FastifyRequest, key: string, increment: boolean) => {
      Object.assign(request, { limitKey: key });
      return check(request, { increment });
    };
    return {
      /** Counts one more and refuses when that goes over `max`. */
      async hit(request: FastifyRequest, key: string) {
        const result = await run(request, key, true);
        if (!result.isAllowed && result.isExceeded) throw refusal(result.ttlInSeconds);
      },
      /** Refuses when `max` are already counted, counting nothing. */
      async full(request: FastifyRequest, key: string) {
        const result = await run(request, key, false);
        if (!result.isAllowed && result.remaining === 0) throw refusal(result.ttlInSeconds);
      },
      async count(request: FastifyRequest, key: string) {
        await run(request, key, true);
      },
    };
  };
  const authPerIp = limiter(RATE_LIMITS.authPerIp);
  const failuresHere = limiter(RATE_LIMITS.failedSignInsPerAddressAndEmail);
  const failuresAnywhere = limiter(RATE_LIMITS.failedSignInsPerEmail);
  const writesPerUser = limiter(RATE_LIMITS.writesPerUser);
  const messagesPerUser = limiter(RATE_LIMITS.messagesPerUser);
  const questionsPerUser = limiter(RATE_LIMITS.questionsPerUser);
  const mailPerIp = limiter(RATE_LIMITS.mailPerIp);
  const mailPerEmail = limiter(RATE_LIMITS.mailPerEmailPer15Min, 15 * MINUTE);
  const failureKeys = (request: FastifyRequest, email: string) => ({
    here: `signin-fail:${request.ip}:${email}`,
    anywhere: `signin-fail:${email}`,
  });

  app.addHook('preHandler', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const route = request.routeOptions.url ?? '';
    try {
      const attempt = route.startsWith(`${AUTH_PREFIX}/`)
        ? authTarget(request).endpoint?.attempt
        : undefined;
      if (attempt === 'mail') {
        await mailPerIp.hit(request, `mail:${request.ip}`);
        const email = emailOf(request.body);
        if (email) await mailPerEmail.hit(request, `mail-to:${email}`);
      } else if (attempt) {
        await authPerIp.hit(request, `auth:${request.ip}`);
        const email = emailOf(request.body);
        if (attempt === 'sign-in' && email) {
          const keys = failureKeys(request, email);
          await failuresHere.full(request, keys.here);
          await failuresAnywhere.full(request, keys.anywhere);
        }
      } else if (WRITES.test(route)) {
        const user = await getUser(request);
        if (user) await writesPerUser.hit(request, `writes:${user.id}`);
        if (user && route === ASK) await questionsPerUser.hit(request, `questions:${user.id}`);
      } else if (MESSAGE_WRITES.test(route)) {
        const user = await getUser(request);
        if (user) await messagesPerUser.hit(request, `messages:${user.id}`);
      }
    } catch (error) {
      const retryAfter = (error as { retryAfter?: number }).retryAfter;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      throw error;
    }
  });

  // A sign-in that failed (wrong e-mail or password) counts against both failure limits.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 401 || request.method !== 'POST') return payload;
    if (!(request.routeOptions.url ?? '').startsWith(`${AUTH_PREFIX}/`)) return payload;
    if (authTarget(request).endpoint?.attempt !== 'sign-in') return payload;
    const email = emailOf(request.body);
    if (email) {
      const keys = failureKeys(request, email);
      await failuresHere.count(request, keys.here);
      await failuresAnywhere.count(request, keys.anywhere);
    }
    return payload;
  });
}

function refusal(seconds: number) {
  return Object.assign(tooMany(seconds), { retryAfter: seconds });
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
