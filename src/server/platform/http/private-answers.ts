import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How an answer that depends on the session may be kept: by the browser's own cache, never. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * Whether a request's answer may depend on who is signed in, read from the auth mode its
 * route declares (`config.auth`): only `public` routes answer the same for everyone. A new
 * route cannot forget this, since every route must declare a mode.
 */
export function dependsOnSession(request: FastifyRequest): boolean {
  if (request.is404) return false;
  const mode = request.routeOptions.config.auth;
  return mode !== undefined && mode !== 'public';
}

/**
 * Anonymous browsing is the same for everyone: shared caches may keep it a few seconds and
 * serve it a little stale while they fetch the next (a new task shows within seconds).
 */
export const ANONYMOUS_MAX_AGE_S = 5;
export const ANONYMOUS_CACHE_CONTROL = `public, max-age=${ANONYMOUS_MAX_AGE_S}, stale-while-revalidate=30`;

/** Answers of session-reading routes that were given to nobody in particular. */
const anonymousAnswers = new WeakSet<FastifyRequest>();

/**
 * For a route that reads the session only to add to its answer (`optional`): when nobody is
 * signed in the answer is public (`ANONYMOUS_CACHE_CONTROL`, still `Vary: Cookie`, so a
 * signed-in request never gets it from a cache); signed in, it stays private.
 */
export function shareWhenAnonymous(request: FastifyRequest) {
  if (!request.user) anonymousAnswers.add(request);
}

/** Marks an answer as one person's: no shared cache keeps it, and none serves it to another. */
export function markPrivate(reply: FastifyReply) {
  reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  const vary = String(reply.getHeader('vary') ?? '');
  const names = vary
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!names.some((n) => n.toLowerCase() === 'cookie' || n === '*')) {
    reply.header('vary', [...names, 'Cookie'].join(', '));
  }
}

/**
 * Every answer of a route that reads the session (`optional`, `user`, `delegated`, which
 * includes better-auth's endpoints) carries `Cache-Control: private, no-store` and
 * `Vary: Cookie`. Set on the request (so event streams, which write their own head, copy
 * them) and again just before sending (better-auth's own headers cannot undo it).
 */
export function registerPrivateAnswers(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (dependsOnSession(request)) markPrivate(reply);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (anonymousAnswers.has(request) && reply.statusCode < 300) {
      reply.header('cache-control', ANONYMOUS_CACHE_CONTROL);
    } else if (dependsOnSession(request)) markPrivate(reply);
    return payload;
  });
}
