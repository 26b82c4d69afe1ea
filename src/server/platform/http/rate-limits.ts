import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AUTH_PREFIX, authBody, authTarget } from '../auth/endpoints.ts';
import { getUser } from '../auth/require-user.ts';
import { HttpError } from './errors.ts';
import { limitStore } from './limit-store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route checks the caller's password (deleting the account): limited like a
     * sign-in per address, and per user (`passwordChecksPerUser`).
     */
    checksPassword?: true;
  }
}

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
  /**
   * Requests that check the caller's password (deleting the account, changing the password
   * or the address) by one user: a stolen session must not become a password oracle.
   */
  passwordChecksPerUser: 5,
  /** Task, bid, question and photo writes by one user. */
  writesPerUser: 60,
  /** Private messages sent and threads opened by one user. */
  messagesPerUser: 60,
  /** Questions one user asks, on any tasks. */
  questionsPerUser: 10,
} as const;

/**
 * Task, bid, question and photo routes, matched on the route a request reached (never on its
 * spelling).
 */
const WRITES = /^\/api\/(tasks|bids|questions|photos|me\/photo)(\/|$)/;
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
 * A global per-address ceiling on the API (the built client's files are never limited) plus tighter limits on the attempts worth abusing:
 * signing in or up (per address), failed sign-ins (per address and e-mail, tightly; per
 * e-mail, loosely), password checks (per address and per user), task and bid writes and private messages (per user). Every refusal is 429 JSON with
 * Retry-After. Counters live where every instance sees them (limit-store.ts).
 */
export async function registerRateLimits(app: FastifyInstance) {
  const { kind, counter, ...store } = await limitStore(app);
  app.log.debug({ store: kind }, 'rate-limit counters');
  await app.register(rateLimit, {
    global: true,
    max: RATE_LIMITS.perIp,
    timeWindow: MINUTE,
    keyGenerator: (request) => request.ip,
    // The page and its scripts and styles are cheap files (the page falls through to the
    // not-found handler, which no limit sees): only the API counts.
    allowList: (request) => request.routeOptions.config?.clientFile === true,
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
    return {
      /** Counts one more and refuses when that goes over `max`. */
      async hit(request: FastifyRequest, key: string) {
        Object.assign(request, { limitKey: key });
        const result = await check(request, { increment: true });
        if (!result.isAllowed && result.isExceeded) throw refusal(result.ttlInSeconds);
      },
    };
  };
  const authPerIp = limiter(RATE_LIMITS.authPerIp);
  const writesPerUser = limiter(RATE_LIMITS.writesPerUser);
  const messagesPerUser = limiter(RATE_LIMITS.messagesPerUser);
  const questionsPerUser = limiter(RATE_LIMITS.questionsPerUser);
  const passwordChecksPerUser = limiter(RATE_LIMITS.passwordChecksPerUser);
  const mailPerIp = limiter(RATE_LIMITS.mailPerIp);
  const mailPerEmail = limiter(RATE_LIMITS.mailPerEmailPer15Min, 15 * MINUTE);
  /**
   * Every sign-in counts as a failure before the password is checked, so attempts sent at
   * once each see their own count; a sign-in that succeeds gives its count back. What was
   * taken for a request, to give back.
   */
  const taken = new WeakMap<FastifyRequest, string[]>();
  const takeFailure = async (request: FastifyRequest, email: string) => {
    const keys: [string, number][] = [
      [`signin-fail:${request.ip}:${email}`, RATE_LIMITS.failedSignInsPerAddressAndEmail],
      [`signin-fail:${email}`, RATE_LIMITS.failedSignInsPerEmail],
    ];
    const held: string[] = [];
    for (const [key, max] of keys) {
      const { allowed, ttlMs } = await counter.take(key, max, MINUTE);
      if (!allowed) {
        // Refused by this limit: what the others counted was no attempt either.
        await Promise.all(held.map((k) => counter.giveBack(k)));
        throw refusal(Math.max(1, Math.ceil(ttlMs / 1000)));
      }
      held.push(key);
    }
    taken.set(request, held);
  };

  app.addHook('preHandler', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const route = request.routeOptions.url ?? '';
    try {
      const endpoint = route.startsWith(`${AUTH_PREFIX}/`)
        ? authTarget(request).endpoint
        : undefined;
      const attempt = endpoint?.attempt;
      const checksPassword = endpoint?.checksPassword ?? request.routeOptions.config.checksPassword;
      if (checksPassword) {
        if (!endpoint) await authPerIp.hit(request, `auth:${request.ip}`);
        const user = await getUser(request);
        if (user) await passwordChecksPerUser.hit(request, `password-check:${user.id}`);
      }
      if (attempt === 'mail') {
        await mailPerIp.hit(request, `mail:${request.ip}`);
        const email = emailOf(authBody(request));
        if (email) await mailPerEmail.hit(request, `mail-to:${email}`);
      } else if (attempt) {
        await authPerIp.hit(request, `auth:${request.ip}`);
        const email = emailOf(authBody(request));
        if (attempt === 'sign-in' && email) await takeFailure(request, email);
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

  // A sign-in that succeeded was no failure: its count is given back.
  app.addHook('onSend', async (request, reply, payload) => {
    const held = taken.get(request);
    if (held && reply.statusCode >= 200 && reply.statusCode < 300)
      await Promise.all(held.map((key) => counter.giveBack(key)));
    return payload;
  });
}

function refusal(seconds: number) {
  return Object.assign(tooMany(seconds), { retryAfter: seconds });
}

/** The e-mail a sign-in or mail request names, read from the body better-auth gets. */
function emailOf(body: unknown): string | undefined {
  const fields =
    typeof body === 'object' ? (body as { email?: unknown; newEmail?: unknown }) : null;
  const email = fields?.email ?? fields?.newEmail;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}
