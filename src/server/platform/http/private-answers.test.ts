import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { useOwnerWithTask } from '../../../../tests/factories/scenes.ts';
import { jsonHeaders } from '../../../../tests/factories/users.ts';
import { AUTH_ENDPOINTS, AUTH_PREFIX } from '../auth/endpoints.ts';
import { ANONYMOUS_CACHE_CONTROL, PRIVATE_CACHE_CONTROL } from './private-answers.ts';

describe('answers that depend on the session are never kept by a shared cache', () => {
  const t = useTestApp();
  // The owner of a task with a bid: the ids fill in the routes' parameters.
  const scene = useOwnerWithTask(t, { bid: true });

  /** Every (method, path) a route answers, with its parameters filled in. */
  function requestsFor(method: string, url: string): { method: string; url: string }[] {
    if (url === `${AUTH_PREFIX}/*`) {
      return AUTH_ENDPOINTS.filter((e) => e.method === method || method === 'HEAD').map((e) => ({
        method,
        url: `${AUTH_PREFIX}${e.path.replace(':provider', 'google')}`,
      }));
    }
    const filled = url.replace(':id', url.startsWith('/api/bids') ? scene.bidId : scene.taskId);
    // An event stream never ends: its head is what HEAD answers (and what GET sends first).
    return [
      { method: method === 'GET' && filled.endsWith('/events') ? 'HEAD' : method, url: filled },
    ];
  }

  it('sends Cache-Control: private, no-store and Vary: Cookie on every route that reads the session, listed from the route table', async () => {
    const routes = t.app.routeTable.flatMap((r) =>
      [r.method].flat().map((method) => ({ method, url: r.url, auth: r.config?.auth })),
    );
    const privateRoutes = routes.filter((r) => r.auth !== 'public');
    // The table is the real one: the routes the audit named are in it.
    for (const url of ['/api/bids', '/api/bids/mine', '/api/notifications', '/api/tasks/:id'])
      expect(privateRoutes.map((r) => r.url)).toContain(url);
    let checked = 0;
    for (const route of privateRoutes) {
      for (const req of requestsFor(route.method, route.url)) {
        for (const cookie of [scene.owner.cookie, undefined]) {
          const res = await t.app.inject({
            method: req.method as 'GET',
            url:
              req.method === 'GET' && req.url === '/api/bids'
                ? `${req.url}?taskId=${scene.taskId}`
                : req.url,
            headers: jsonHeaders(cookie),
            ...(['POST', 'PUT', 'PATCH'].includes(req.method) ? { payload: {} } : {}),
          });
          const what = `${req.method} ${req.url} (${cookie ? 'signed in' : 'signed out'}) → ${res.statusCode}`;
          expect(res.statusCode, what).toBeLessThan(500);
          // Browsing signed out is public (conditional-get.test.ts checks both cases; this
          // loop's session may already be signed out by the auth endpoints it went through).
          if (req.url === '/api/tasks' && ['GET', 'HEAD'].includes(req.method)) {
            expect([PRIVATE_CACHE_CONTROL, ANONYMOUS_CACHE_CONTROL], what).toContain(
              res.headers['cache-control'],
            );
          } else expect(res.headers['cache-control'], what).toBe(PRIVATE_CACHE_CONTROL);
          expect(String(res.headers.vary), what).toMatch(/\bCookie\b/i);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('leaves answers that are the same for everyone cacheable', async () => {
    for (const url of ['/api/health', '/api/config']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).not.toBe(PRIVATE_CACHE_CONTROL);
    }
  });
});
