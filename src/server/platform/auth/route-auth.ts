import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { eq } from 'drizzle-orm';
import { hasRole, limitedMessage, type OperatorRole } from '../../../shared/operators/rules.ts';
import { user as users } from '../db/schema.ts';
import { forbidden, HttpError, noSuchEndpoint, unauthorized } from '../http/errors.ts';
import { getUser, type CurrentUser } from './require-user.ts';
import { refuseWhileViewing } from './viewing-as.ts';

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
 *
 * An operator route also declares `role`, the least role it needs (with `auth: 'user'`): a
 * member gets 404 (the console does not exist for them), a lower operator 403.
 *
 * A route that writes what others read (a task, a bid, a question or an answer, a message, a
 * review) declares `writes: true`: a person under a read-only limit gets 403 there, and only
 * there, before the body is read.
 */
export const AUTH_MODES = ['public', 'optional', 'user', 'delegated'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/** One route as registered, with its declared mode (undefined: none declared). */
export interface RouteAuthEntry {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  config?: { auth?: AuthMode; role?: OperatorRole; writes?: boolean };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How this route authenticates its caller (server/auth/route-auth.ts). */
    auth?: AuthMode;
    /** The least operator role this route needs (`auth: 'user'` routes only). */
    role?: OperatorRole;
    /** Writes what others read: refused to a person under a read-only limit. */
    writes?: boolean;
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
    const loose = table.filter(
      (r) => (r.config?.role || r.config?.writes) && r.config.auth !== 'user',
    );
    if (loose.length > 0) {
      const names = loose.map((r) => `${[r.method].flat().join(',')} ${r.url}`);
      throw new Error(
        `Operator and writing routes must require a session (auth: 'user'): ${names.join('; ')}`,
      );
    }
  });

  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const mode = request.routeOptions.config.auth;
    if (mode === 'public' || mode === 'delegated') return;
    const user = await getUser(request);
    if (!user && mode !== 'optional') throw unauthorized();
    refuseWhileViewing(user, request.method);
    const role = request.routeOptions.config.role;
    if (role && user && !hasRole(user.role, role)) {
      if (user.role === 'user') throw noSuchEndpoint(request.method, request.url);
      throw forbidden('Your role cannot do this.');
    }
    if (user && request.routeOptions.config.writes) await refuseLimited(request, user.id);
    request.user = user;
  });
}

/**
 * Refuses a person under a read-only limit. Read from the account row at each write (not
 * from the cached session), so a limit applies from the next request and ends at its instant.
 */
async function refuseLimited(request: FastifyRequest, userId: string) {
  const [row] = await request.server.database.db
    .select({ until: users.limitedUntil })
    .from(users)
    .where(eq(users.id, userId));
  if (row?.until && row.until.getTime() > Date.now()) {
    throw new HttpError(403, limitedMessage(row.until), 'ACCOUNT_LIMITED');
  }
}
