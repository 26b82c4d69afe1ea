import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { jsonHeaders, signUp } from '../../../../tests/factories/users.ts';
import { AUTH_ENDPOINTS, AUTH_PREFIX } from './endpoints.ts';
import { AUTH_MODES, registerRouteAuth, type RouteAuthEntry } from './route-auth.ts';

/**
 * Every route as `METHOD url` → its declared mode, and the least role of an operator route
 * (`user, admin`); HEAD routes Fastify adds included.
 */
function modes(table: RouteAuthEntry[]): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const route of table) {
    const { auth, role } = route.config ?? {};
    for (const method of [route.method].flat())
      out[`${method} ${route.url}`] = role ? `${auth}, ${role}` : auth;
  }
  return out;
}

/** A path that matches a route pattern (`:id` and the `*` wildcard filled in). */
const concrete = (url: string) => url.replace(/:\w+/g, 'x').replace('*', 'get-session');

/**
 * Every route the app serves and its auth mode: method | url | mode. A GET stands for its HEAD
 * too (Fastify adds one per GET); `HEAD /api/docs` is Swagger UI's own (`/api/docs` and
 * `/api/docs/` share one GET).
 */
const ROUTES = `
  GET    | /api/health                             | public
  GET    | /api/ready                              | public
  GET    | /api/auth/*                             | delegated
  POST   | /api/auth/*                             | delegated
  GET    | /api/config                             | public
  GET    | /api/oauth/google/start                 | delegated
  GET    | /api/openapi.json                       | public
  GET    | /api/docs/                              | public
  HEAD   | /api/docs                               | public
  GET    | /api/docs/json                          | public
  GET    | /api/docs/yaml                          | public
  GET    | /api/docs/static/*                      | public
  GET    | /api/docs/static/index.html             | public
  GET    | /api/docs/static/swagger-initializer.js | public
  GET    | /api/tasks                              | optional
  POST   | /api/tasks                              | user
  GET    | /api/tasks/categories                   | public
  GET    | /api/tasks/:id                          | optional
  PUT    | /api/tasks/:id                          | user
  DELETE | /api/tasks/:id                          | user
  GET    | /api/bids                               | user
  POST   | /api/bids                               | user
  POST   | /api/bids/:id/accept                    | user
  POST   | /api/bids/:id/withdraw                  | user
  POST   | /api/tasks/:id/complete                 | user
  POST   | /api/tasks/:id/confirm-completion       | user
  POST   | /api/tasks/:id/dispute-completion       | user
  POST   | /api/tasks/:id/cancel-assignment        | user
  GET    | /api/bids/mine                          | user
  POST   | /api/blocks                             | user
  DELETE | /api/blocks/:userId                     | user
  GET    | /api/blocks                             | user
  GET    | /api/blocks/:userId                     | user
  GET    | /api/tasks/:id/events                   | user
  POST   | /api/newsletter                         | public
  GET    | /api/notifications                      | user
  GET    | /api/notifications/unread-count         | user
  POST   | /api/notifications/:id/read             | user
  POST   | /api/notifications/read-all             | user
  GET    | /api/notifications/events               | user
  GET    | /api/payments/config                    | public
  GET    | /api/me/events                          | user
  GET    | /api/tasks/:id/reviews                  | user
  POST   | /api/tasks/:id/reviews                  | user
  PUT    | /api/reviews/:id                        | user
  POST   | /api/reviews/:id/reply                  | user
  GET    | /api/tasks/:id/questions                | user
  POST   | /api/tasks/:id/questions                | user
  POST   | /api/questions/:id/answer               | user
  PUT    | /api/questions/:id/answer               | user
  PUT    | /api/questions/:id/hidden               | user
  DELETE | /api/questions/:id                      | user
  GET    | /api/users/:id                          | public
  GET    | /api/users/:id/reviews                  | public
  GET    | /api/profile                            | user
  PUT    | /api/profile                            | user
  GET    | /api/account/notification-preferences   | user
  PUT    | /api/account/notification-preferences   | user
  GET    | /api/unsubscribe                        | public
  POST   | /api/unsubscribe                        | public
  GET    | /api/threads                            | user
  POST   | /api/threads                            | user
  GET    | /api/threads/unread                     | user
  GET    | /api/threads/:id                        | user
  GET    | /api/threads/:id/messages               | user
  POST   | /api/threads/:id/messages               | user
  POST   | /api/threads/:id/read                   | user
  GET    | /api/account                            | user
  GET    | /api/account/export                     | user
  DELETE | /api/account                            | user
  GET    | /api/admin/people                       | user, support
  GET    | /api/admin/people/:id                   | user, support
  PUT    | /api/admin/people/:id/role              | user, admin
  POST   | /api/admin/people/:id/end-sessions      | user, moderator
  POST   | /api/admin/people/:id/suspend           | user, moderator
  POST   | /api/admin/people/:id/view-as           | user, admin
  POST   | /api/admin/people/:id/warn              | user, moderator
  POST   | /api/admin/people/:id/limit             | user, moderator
  POST   | /api/admin/people/:id/reinstate         | user, moderator
  POST   | /api/reports                            | user
  GET    | /api/admin/queue                        | user, support
  POST   | /api/admin/queue/:id/assign             | user, moderator
  POST   | /api/admin/queue/:id/decide             | user, moderator
  GET    | /api/admin/dashboard                    | user, support
  GET    | /api/admin/tasks/:id                    | user, support
  POST   | /api/admin/tasks/:id/hide               | user, moderator
  POST   | /api/admin/tasks/:id/restore            | user, moderator
  GET    | /api/admin/audit-log                    | user, admin
  GET    | /api/admin/audit-log.csv                | user, admin
  GET    | /api/admin/settings                     | user, admin
  PUT    | /api/admin/settings                     | user, admin
  GET    | /api/statements                         | user
  POST   | /api/statements/:id/appeal              | user
  GET    | /api/admin/appeals                      | user, support
  POST   | /api/admin/appeals/:id/decide           | user, moderator
  GET    | /api/photos/:id                         | public
  PUT    | /api/me/photo                           | user
  DELETE | /api/me/photo                           | user
  GET    | /api/tasks/:id/photos                   | public
  POST   | /api/tasks/:id/photos                   | user
  DELETE | /api/photos/:id                         | user
  GET    | /api/push/key                           | public
  POST   | /api/push/subscriptions                 | user
  DELETE | /api/push/subscriptions                 | user
  GET    | /api/saved-searches                     | user
  POST   | /api/saved-searches                     | user
  PATCH  | /api/saved-searches/:id                 | user
  DELETE | /api/saved-searches/:id                 | user
  GET    | /api/alerts/unsubscribe                 | public
  POST   | /api/alerts/unsubscribe                 | public
  GET    | /api/account/welcome                    | user
  PUT    | /api/account/welcome                    | user
  GET    | /assets/app.js                          | public
  GET    | /index.html                             | public
  GET    | /robots.txt                             | public
  GET    | /sitemap.xml                            | public
  GET    | /sitemap-:file                          | public
`;

function routeTable(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.trim().split('\n')) {
    const [method = '', url = '', mode = ''] = line.split('|').map((cell) => cell.trim());
    out[`${method} ${url}`] = mode;
    if (method === 'GET') out[`HEAD ${url}`] = mode;
  }
  return out;
}

describe('authentication declared per route', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A built client, so the static files' routes are in the table too.
    const staticDir = mkdtempSync(join(tmpdir(), 'taskbid-static-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(staticDir, 'assets', 'app.js'), 'export {};');
    t = await createTestApp({ STATIC_DIR: staticDir });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('lists every route with its auth mode, and every route declares one', () => {
    const table = modes(t.app.routeTable);
    for (const [route, mode] of Object.entries(table)) {
      expect(AUTH_MODES, `${route} declares no valid auth mode`).toContain(mode?.split(',')[0]);
    }
    expect(table).toEqual(routeTable(ROUTES));
  });

  it('answers 401 before parsing or validating on every user route (signed out, bad body)', async () => {
    const userRoutes = Object.entries(modes(t.app.routeTable)).filter(([, m]) => m === 'user');
    expect(userRoutes.length).toBeGreaterThan(10);
    for (const [route] of userRoutes) {
      const [method, url] = route.split(' ') as [string, string];
      const res = await t.app.inject({
        method: method as 'GET',
        url: `${concrete(url)}?page=-1&limit=nonsense&taskId=`,
        headers: jsonHeaders(),
        ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '{"title": ' }),
      });
      expect(res.statusCode, route).toBe(401);
      if (method !== 'HEAD') expect(res.json(), route).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('answers 401 before checking the body on every accounts endpoint that needs a session', async () => {
    const needSession = AUTH_ENDPOINTS.filter((e) => e.auth === 'user' && e.method === 'POST');
    expect(needSession.map((e) => e.path)).toContain('/change-password');
    for (const endpoint of needSession) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${AUTH_PREFIX}${endpoint.path}`,
        headers: jsonHeaders(),
        payload: { name: '', newPassword: 'x', newEmail: 'not-an-address', token: 7 },
      });
      expect(res.statusCode, endpoint.path).toBe(401);
      expect(res.json(), endpoint.path).not.toHaveProperty('issues');
    }
  });

  it('a signed-out POST /api/tasks with an invalid body is 401; signed in it is 400', async () => {
    const bad = { title: '', priority: 'Whenever' };
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: jsonHeaders(),
      payload: bad,
    });
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
    const user = await signUp(t.app);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: jsonHeaders(user.cookie),
      payload: bad,
    });
    expect(signedIn.statusCode).toBe(400);
  });

  it('an optional route serves both; `email` on the task list still needs a session', async () => {
    const user = await signUp(t.app);
    const anon = await t.app.inject({ method: 'GET', url: '/api/tasks' });
    expect(anon.statusCode).toBe(200);
    const mine = `/api/tasks?email=${encodeURIComponent(user.email)}`;
    expect((await t.app.inject({ method: 'GET', url: mine })).statusCode).toBe(401);
    const own = await t.app.inject({ method: 'GET', url: mine, headers: { cookie: user.cookie } });
    expect(own.statusCode).toBe(200);
  });
});

describe('a route without an auth mode', () => {
  it('stops the server from starting, naming the route', async () => {
    const app = Fastify();
    registerRouteAuth(app);
    app.get('/declared', { config: { auth: 'public' } }, async () => ({}));
    app.post('/forgotten', async () => ({}));
    await expect(app.ready()).rejects.toThrow(
      'Routes without an auth mode (config.auth): POST /forgotten',
    );
    await app.close();
  });
});
