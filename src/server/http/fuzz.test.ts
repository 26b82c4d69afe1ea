import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_BASE_URL, useTestApp } from '../../../tests/setup/test-app.ts';
import { signUp, type TestUser } from '../../../tests/factories/users.ts';
import { buildTask, insertTask } from '../../../tests/factories/tasks.ts';

/**
 * Every endpoint, as a method and a path template (`:id` is filled by the generator). The
 * Server-Sent Events streams are left out: they never end, by design.
 */
const ENDPOINTS: [string, string][] = [
  ['GET', '/api/health'],
  ['GET', '/api/ready'],
  ['GET', '/api/config'],
  ['GET', '/api/openapi.json'],
  ['GET', '/api/oauth/google/start'],
  ['GET', '/api/tasks'],
  ['GET', '/api/tasks/categories'],
  ['POST', '/api/tasks'],
  ['GET', '/api/tasks/:id'],
  ['PUT', '/api/tasks/:id'],
  ['DELETE', '/api/tasks/:id'],
  ['GET', '/api/bids'],
  ['POST', '/api/bids'],
  ['GET', '/api/bids/mine'],
  ['POST', '/api/bids/:id/accept'],
  ['POST', '/api/tasks/:id/complete'],
  ['POST', '/api/tasks/:id/cancel-assignment'],
  ['GET', '/api/notifications'],
  ['GET', '/api/notifications/unread-count'],
  ['POST', '/api/notifications/:id/read'],
  ['POST', '/api/notifications/read-all'],
  ['POST', '/api/newsletter'],
  ['GET', '/api/auth/get-session'],
  ['POST', '/api/auth/sign-in/email'],
  ['POST', '/api/auth/sign-up/email'],
  ['POST', '/api/auth/sign-out'],
  ['POST', '/api/auth/update-user'],
  ['POST', '/api/auth/sign-in/social'],
  ['GET', '/api/auth/callback/google'],
];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const FIELDS = [
  'title',
  'description',
  'imageUrl',
  'priority',
  'category',
  'deadline',
  'estimatedTime',
  'budget',
  'status',
  'location',
  'taskId',
  'amount',
  'message',
  'email',
  'password',
  'name',
  'image',
  'userEmail',
  'userName',
  'search',
  'minPrice',
  'maxPrice',
  'skills',
  'sort',
  'page',
  'limit',
  'provider',
  'callbackURL',
  'mode',
  'returnTo',
  '__proto__',
  'constructor',
];

/** Percent-encodes any string, lone surrogates included (as the UTF-8 replacement bytes). */
const encode = (s: string) =>
  Array.from(Buffer.from(s, 'utf8'), (b) => `%${b.toString(16).padStart(2, '0')}`).join('');
/** Query and path text as a careless or hostile client writes it, malformed escapes included. */
const rawText = fc.oneof(
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '%2525', '?', '#', '&&&', '=', ';'),
  fc.string({ maxLength: 30 }).map(encode),
);

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '%',
    '%00',
    '../..',
    "' OR 1=1 --",
    '<script>',
    '\u0000',
    '\ud800',
    'null',
    '1e309',
    '-0',
    'NaN',
    '2024-02-30',
    '9'.repeat(400),
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
const jsonValue = fc.oneof(
  { depthSize: 'small' },
  fc.anything({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(...FIELDS),
    fc.oneof(
      nasty,
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(nasty, { maxLength: 3 }),
      fc.object({ maxDepth: 2 }),
    ),
  ),
  fc
    .string({ minLength: 2000, maxLength: 6000 })
    .map((s) => ({ title: s, description: s.repeat(2), message: s })),
);

describe('abuse-proof input', () => {
  const t = useTestApp();
  let owner: TestUser;
  let taskId: string;
  beforeAll(async () => {
    owner = await signUp(t.app);
    taskId = await insertTask(t.app.database.db, owner.id, buildTask());
  });

  it(
    'answers 5,000 generated requests across every endpoint with < 500 and a JSON { message } on errors',
    { timeout: 600_000 },
    async () => {
      const id = fc.oneof(
        fc.constant(taskId),
        fc.uuid(),
        rawText,
        fc.constantFrom('', '%2e%2e', '00000000-0000-0000-0000-000000000000', 'x'.repeat(5000)),
      );
      const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), rawText), rawText), {
        maxLength: 6,
      });
      const request = fc.record({
        endpoint: fc.constantFrom(...ENDPOINTS),
        otherMethod: fc.option(fc.constantFrom(...METHODS), { freq: 8 }),
        id,
        query,
        body: fc.option(
          fc.oneof(
            jsonValue.map((v) => JSON.stringify(v) ?? 'null'),
            nasty,
          ),
          { freq: 4 },
        ),
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
        cookie: fc.option(
          fc.oneof(
            fc.constant('owner'),
            rawText.map((s) => `better-auth.session_token=${s}`),
          ),
          { freq: 2 },
        ),
        origin: fc.option(fc.oneof(fc.constant(TEST_BASE_URL), nasty), { freq: 5 }),
      });

      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const [method0, template] = r.endpoint;
          const method = r.otherMethod ?? method0;
          const search = r.query.map(([k, v]) => `${k}=${v}`).join('&');
          const url = template.replace(':id', r.id) + (search ? `?${search}` : '');
          const headers: Record<string, string | string[]> = {};
          if (r.contentType !== null) headers['content-type'] = r.contentType;
          if (r.cookie !== null) headers.cookie = r.cookie === 'owner' ? owner.cookie : r.cookie;
          if (r.origin !== null) headers.origin = r.origin;
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers,
            ...(r.body !== null && method !== 'GET' && method !== 'HEAD'
              ? { payload: r.body }
              : {}),
          });
          const context = `${method} ${url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, context).toBeLessThan(500);
          if (res.statusCode >= 400 && method !== 'HEAD') {
            expect(res.headers['content-type'], context).toMatch(/application\/json/);
            expect(typeof JSON.parse(res.body).message, context).toBe('string');
          }
        }),
        { numRuns: 5000, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
      );

      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
    },
  );
});
