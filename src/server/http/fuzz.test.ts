import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../../tests/setup/raw-http.ts';
import { TEST_BASE_URL, useTestApp } from '../../../tests/setup/test-app.ts';
import { signUp, type TestUser } from '../../../tests/factories/users.ts';
import { buildTask, insertTask } from '../../../tests/factories/tasks.ts';
import { createBidSchema } from '../../shared/bids.ts';
import { createTaskSchema, taskListQuerySchema } from '../../shared/tasks.ts';
import { AUTH_ENDPOINTS, AUTH_PREFIX } from '../auth/endpoints.ts';

/** In-process requests (any header, body, query) and requests over a socket (any target). */
const INJECTED = 6000;
const RAW = 4000;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
/** The fields the API reads, from its schemas. */
const FIELDS = [
  ...new Set([
    ...Object.keys(createTaskSchema.shape),
    ...Object.keys(createBidSchema.shape),
    ...Object.keys(taskListQuerySchema.shape),
    // The accounts' fields (sign-up, sign-in, OAuth), and keys that reach an object's prototype.
    ...'email password name image userEmail userName provider callbackURL mode returnTo'.split(' '),
    '__proto__',
    'constructor',
  ]),
];

/** Percent-encodes any string, lone surrogates included (as the UTF-8 replacement bytes). */
const encode = (s: string) =>
  Array.from(Buffer.from(s, 'utf8'), (b) => `%${b.toString(16).padStart(2, '0')}`).join('');
/** Query and path text as a careless or hostile client writes it, malformed escapes included. */
const rawText = fc.oneof(
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '%2525', '?', '#', '&&&', '=', ';'),
  fc.string({ maxLength: 30 }).map(encode),
);

/** C0 and C1 control characters, DEL, and UTF-16 halves without their other half. */
const controlChar = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f), fc.integer({ min: 0x80, max: 0x9f }))
  .map((code) => String.fromCharCode(code));
const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code));
/** Ordinary text with control characters and lone surrogates mixed in. */
const brokenText = fc
  .array(fc.oneof(fc.string({ maxLength: 6 }), controlChar, loneSurrogate), {
    minLength: 1,
    maxLength: 8,
  })
  .map((parts) => parts.join(''));

const nasty = fc.oneof(
  fc.string(),
  brokenText,
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

/** An endpoint as a method and a path template (`:param` and `*` are filled by the generator). */
type Endpoint = [method: string, template: string];

/**
 * Every endpoint the server answers, from its route table: better-auth's wildcard stands for
 * each accounts endpoint it lets through. A new route is fuzzed without a change here.
 */
function endpointsOf(table: { method: string | string[]; url: string }[]): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const route of table) {
    for (const method of [route.method].flat()) {
      if (route.url === `${AUTH_PREFIX}/*`) {
        for (const e of AUTH_ENDPOINTS.filter((e) => e.method === method))
          endpoints.push([method, `${AUTH_PREFIX}${e.path}`]);
      } else {
        endpoints.push([method, route.url]);
      }
    }
  }
  return endpoints;
}

/** An event stream never ends: the fuzz asks for its head only. */
const isStream = (template: string) => template.endsWith('/events');

/**
 * The ways a path can be spelled so that it differs from itself once normalised, each
 * applied at a random `/`: dot segments plain or encoded, a detour through `x/..`, a doubled
 * or encoded slash, a backslash, a fragment, a raw control character, or absolute-form.
 */
const SPELLINGS = [
  'plain',
  '/./',
  '/%2e/',
  '/%2E/',
  '/x/../',
  '/x/%2e%2e/',
  '//',
  '%2f',
  '%2F',
  '\\',
  '#',
  'control',
  'absolute',
] as const;
type Spelling = (typeof SPELLINGS)[number];

function spell(path: string, spelling: Spelling, at: number, extra: string, port: number) {
  const slashes = [...path.matchAll(/\//g)].map((m) => m.index);
  const cut = slashes[at % slashes.length] ?? 0;
  const [before, after] = [path.slice(0, cut), path.slice(cut + 1)];
  switch (spelling) {
    case 'plain':
      return path;
    case '#':
      return `${path}#${extra}`;
    case 'control':
      return `${before}/${extra}${after}`;
    case 'absolute':
      return `${['http://127.0.0.1:' + port, 'http://evil.example', 'HTTP://LOCALHOST', 'https://x'][at % 4]}${path}`;
    default:
      return `${before}${spelling}${after}`;
  }
}

describe('abuse-proof input', () => {
  const t = useTestApp({}, { listen: true });
  let owner: TestUser;
  let taskId: string;
  let port: number;
  let endpoints: Endpoint[];
  beforeAll(async () => {
    owner = await signUp(t.app);
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
        body: fc.option(
          fc.oneof(
            jsonValue.map((v) => JSON.stringify(v) ?? 'null'),
            nasty,
          ),
          { freq: 4 },
        ),
        cookie: fc.option(
          fc.oneof(
            fc.constant('owner'),
            rawText.map((s) => `better-auth.session_token=${s}`),
          ),
          { freq: 2 },
        ),
      };
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
            if (r.cookie !== null) headers.cookie = r.cookie === 'owner' ? owner.cookie : r.cookie;
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
                  ...(r.cookie !== null
                    ? { cookie: r.cookie === 'owner' ? owner.cookie : r.cookie }
                    : {}),
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

/** The promise's value, or a failure when it takes longer than `seconds`. */
function withinSeconds<T>(seconds: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
