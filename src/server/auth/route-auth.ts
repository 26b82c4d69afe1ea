import type { FastifyInstance, HTTPMethods } from 'fastify';
import { unauthorized } from '../http/errors.ts';
import { getUser, type CurrentUser } from './require-user.ts';

/**
 * How a route authenticates its caller, declared on every route as `config: { auth }`:
 * - `public`: no session is read; the answer is the same for everyone.
 * - `optional`: the session is read when there is one (`request.user` may be null); the
 *   answer may depend on it.
 * - `user`: a session is required; without one the answer is 401 before the body is parsed
 *   or validated, and `request.user` is the signed-in user.
 * - `delegated`: better-auth checks the session itself (its endpoints, the Google start);
 *   the answer may depend on it.
 * Other hooks read the mode from `request.routeOptions.config.auth`.
 */
export const AUTH_MODES = ['public', 'optional', 'user', 'delegated'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/** One route as registered, with its declared mode (undefined: none declared). */
export interface RouteAuthEntry {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  config?: { auth?: AuthMode };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How this route authenticates its caller (server/auth/route-auth.ts). */
    auth?: AuthMode;
  }
  interface FastifyInstance {
    /** Every route registered, with its auth mode: the route table the tests and docs list. */
    routeTable: RouteAuthEntry[];
  }
  // Merging must repeat fastify's type parameters, used or not.
  /* eslint-disable @typescript-eslint/no-unused-vars */
  interface FastifyRequest<
    RouteGeneric,
    RawServer,
    RawRequest,
    SchemaCompiler,
    TypeProvider,
    ContextConfig,
    Logger,
    RequestType,
  > {
    /** The signed-in user, read once before validation (a `user` route: never null). */
    user: ContextConfig extends { auth: 'user' } ? CurrentUser : CurrentUser | null;
  }
  /* eslint-enable @typescript-eslint/no-unused-vars */
}

/**
 * Call before any route is registered. Records every route, refuses to start when one
 * declares no valid auth mode, and authenticates each request in `onRequest` (before body
 * parsing and validation) as its route declares.
 */
export function registerRouteAuth(app: FastifyInstance) {
  const table: RouteAuthEntry[] = [];
  app.decorate('routeTable', table);
  // Later onRoute hooks may still fill in config (the static files' scope does): keep the
  // options object itself and check it once everything is registered.
  app.addHook('onRoute', (route) => {
    table.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = table.filter((r) => !AUTH_MODES.includes(r.config?.auth as AuthMode));
    if (undeclared.length > 0) {
      const names = undeclared.map((r) => `${[r.method].flat().join(',')} ${r.url}`);
      throw new Error(`Routes without an auth mode (config.auth): ${names.join('; ')}`);
    }
  });

  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const mode = request.routeOptions.config.auth;
    if (mode === 'public' || mode === 'delegated') return;
    const user = await getUser(request);
    if (!user && mode !== 'optional') throw unauthorized();
    request.user = user;
  });
}
