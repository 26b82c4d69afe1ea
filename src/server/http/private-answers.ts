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
    if (dependsOnSession(request)) markPrivate(reply);
    return payload;
  });
}
