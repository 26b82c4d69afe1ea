import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../../../tests/setup/raw-http.ts';
import { TEST_BASE_URL, useTestApp } from '../../../../tests/setup/test-app.ts';
import { signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { buildTask, insertTask } from '../../../../tests/factories/tasks.ts';
import { user } from '../db/schema.ts';
import {
  brokenText,
  controlChar,
  endpointsOf,
  FIELDS,
  isStream,
  requestBody,
  loneSurrogate,
  METHODS,
  nasty,
  rawText,
  spell,
  SPELLINGS,
  withinSeconds,
  type Endpoint,
} from '../../../../tests/factories/fuzz.ts';

/** In-process requests (any header, body, query) and requests over a socket (any target). */
const INJECTED = 6000;
const RAW = 4000;

describe('abuse-proof input', () => {
  const t = useTestApp({}, { listen: true });
  let owner: TestUser;
  // The operator routes are fuzzed as an admin too, on a member of their own.
  let admin: TestUser;
  let member: TestUser;
  let taskId: string;
  let port: number;
  let endpoints: Endpoint[];
  beforeAll(async () => {
    owner = await signUp(t.app);
    [admin, member] = [await signUp(t.app), await signUp(t.app)];
    // Before its first request: no session of it is cached yet.
    await t.app.database.db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.id));
    taskId = await insertTask(t.app.database.db, owner.id, buildTask());
    port = Number(new URL(t.url).port);
    endpoints = endpointsOf(t.app.routeTable);
  });

  it('lists every endpoint from the route table: better-auth ones and every API document operation included', async () => {
    const listed = new Set(endpoints.map(([method, url]) => `${method} ${url}`));
    for (const must of [
      'GET /api/tasks/:id',
      'POST /api/auth/sign-in/email',
      'POST /api/auth/change-password',
    ])
      expect(listed).toContain(must);
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        const template = path.replace(/\{(\w+)\}/g, ':$1');
        expect(listed, `${method} ${path}`).toContain(`${method.toUpperCase()} ${template}`);
      }
    }
  });

  it(
    `answers ${(INJECTED + RAW).toLocaleString('en')} generated requests across every endpoint with < 500 and a JSON { message } on errors`,
    { timeout: 600_000 },
    async () => {
      const id = fc.oneof(
        fc.constant(taskId),
        fc.constant(member.id),
        fc.uuid(),
        rawText,
        fc.constantFrom('', '%2e%2e', '00000000-0000-0000-0000-000000000000', 'x'.repeat(5000)),
      );
      const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), rawText), rawText), {
        maxLength: 6,
      });
      const common = {
        endpoint: fc.constantFrom(...endpoints),
        otherMethod: fc.option(fc.constantFrom(...METHODS), { freq: 8 }),
        id,
        query,
        body: fc.option(requestBody, { freq: 4 }),
        cookie: fc.option(
          fc.oneof(
            fc.constantFrom('owner', 'admin'),
            rawText.map((s) => `better-auth.session_token=${s}`),
          ),
          { freq: 2 },
        ),
      };
      const cookieOf = (cookie: string) =>
        cookie === 'owner' ? owner.cookie : cookie === 'admin' ? admin.cookie : cookie;
      const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
      const started = Date.now();
      let sent = 0;
      const statuses = new Map<number, number>();
      const tally = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

      /** The method and the URL (path, then query) a generated request is for. */
      const target = (r: {
        endpoint: Endpoint;
        otherMethod: string | null;
        id: string;
        query: [string, string][];
      }) => {
        const [method0, template] = r.endpoint;
        const method = isStream(template) ? 'HEAD' : (r.otherMethod ?? method0);
        const search = r.query.map(([k, v]) => `${k}=${v}`).join('&');
        const path = template.replace(/:\w+/g, r.id).replace('*', r.id);
        return { method, path, search: search ? `?${search}` : '' };
      };

      // In process: any header value, body and query; the path as routed.
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            ...common,
            contentType: fc.option(
              fc.oneof(
                fc.constantFrom(
                  'application/json',
                  'application/json; charset=utf-8',
                  'text/plain',
                  'application/x-www-form-urlencoded',
                  'multipart/form-data',
                  'application/json, text/plain',
                ),
                fc.constant<string[]>(['application/json', 'text/plain']),
                nasty,
              ),
              { freq: 5 },
            ),
            origin: fc.option(fc.oneof(fc.constant(TEST_BASE_URL), nasty), { freq: 5 }),
          }),
          async (r) => {
            const { method, path, search } = target(r);
            const url = path + search;
            const headers: Record<string, string | string[]> = {};
            if (r.contentType !== null) headers['content-type'] = r.contentType;
            if (r.cookie !== null) headers.cookie = cookieOf(r.cookie);
            if (r.origin !== null) headers.origin = r.origin;
            sent++;
            const res = await t.app.inject({
              method: method as 'GET',
              url,
              headers,
              ...(r.body !== null && method !== 'GET' && method !== 'HEAD'
                ? { payload: r.body }
                : {}),
            });
            tally(res.statusCode);
            const context = `${method} ${url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
            expect(res.statusCode, context).toBeLessThan(500);
            if (res.statusCode >= 400 && method !== 'HEAD') {
              expect(res.headers['content-type'], context).toMatch(/application\/json/);
              expect(typeof JSON.parse(res.body).message, context).toBe('string');
            }
          },
        ),
        { numRuns: INJECTED, seed },
      );

      // Over a socket, byte for byte: every spelling of every path, absolute-form included.
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            ...common,
            spelling: fc.constantFrom(...SPELLINGS),
            at: fc.nat(),
            extra: fc.oneof(controlChar, loneSurrogate, rawText, brokenText),
          }),
          async (r) => {
            const { method, path, search } = target(r);
            const spelled = spell(path, r.spelling, r.at, r.extra, port) + search;
            const json = r.body !== null && method !== 'GET' && method !== 'HEAD';
            sent++;
            const res = await withinSeconds(
              10,
              rawRequest(port, {
                method,
                target: spelled,
                headers: {
                  origin: TEST_BASE_URL,
                  ...(json ? { 'content-type': 'application/json' } : {}),
                  ...(r.cookie !== null ? { cookie: cookieOf(r.cookie) } : {}),
                },
                ...(json ? { body: r.body! } : {}),
              }),
            );
            tally(res.status);
            const context = `${method} ${JSON.stringify(spelled.slice(0, 200))} → ${res.status} ${res.body.slice(0, 300)}`;
            expect(res.status, context).toBeGreaterThanOrEqual(100);
            expect(res.status, context).toBeLessThan(500);
          },
        ),
        { numRuns: RAW, seed },
      );

      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `fuzz: ${sent.toLocaleString('en')} requests (${INJECTED} in process, ${RAW} over a socket) to ${endpoints.length} endpoints in ${seconds} s, 0 answers ≥ 500, seed ${seed}\n  answers: ${[
          ...statuses,
        ]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status} ×${n}`)
          .join(', ')}\n`,
      );
    },
  );
});
