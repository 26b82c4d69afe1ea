import fc from 'fast-check';
import { AUTH_ENDPOINTS, AUTH_PREFIX } from '../../src/server/platform/auth/endpoints.ts';
import { createBidSchema } from '../../src/shared/bids/schema.ts';
import { createTaskSchema, taskListQuerySchema } from '../../src/shared/tasks/schema.ts';

/*
 * What the request fuzz (src/server/platform/http/fuzz.test.ts) sends: hostile text and JSON, every
 * endpoint from the route table, and the ways a path can be spelled over a socket.
 */

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
/** The fields the API reads, from its schemas. */
export const FIELDS = [
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
export const rawText = fc.oneof(
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '%2525', '?', '#', '&&&', '=', ';'),
  fc.string({ maxLength: 30 }).map(encode),
);

/** C0 and C1 control characters, DEL, and UTF-16 halves without their other half. */
export const controlChar = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f), fc.integer({ min: 0x80, max: 0x9f }))
  .map((code) => String.fromCharCode(code));
export const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code));
/** Ordinary text with control characters and lone surrogates mixed in. */
export const brokenText = fc
  .array(fc.oneof(fc.string({ maxLength: 6 }), controlChar, loneSurrogate), {
    minLength: 1,
    maxLength: 8,
  })
  .map((parts) => parts.join(''));

export const nasty = fc.oneof(
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
export const jsonValue = fc.oneof(
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

/**
 * Request bodies: JSON (some after a byte order mark, which fetch's `text()` drops and
 * `JSON.parse` refuses) and text that is not JSON at all.
 */
export const requestBody = fc.oneof(
  jsonValue.map((v) => JSON.stringify(v) ?? 'null'),
  jsonValue.map((v) => `\uFEFF${JSON.stringify(v) ?? 'null'}`),
  nasty,
);

/** An endpoint as a method and a path template (`:param` and `*` are filled by the generator). */
export type Endpoint = [method: string, template: string];

/**
 * Every endpoint the server answers, from its route table: better-auth's wildcard stands for
 * each accounts endpoint it lets through. A new route is fuzzed without a change here.
 */
export function endpointsOf(table: { method: string | string[]; url: string }[]): Endpoint[] {
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
export const isStream = (template: string) => template.endsWith('/events');

/**
 * The ways a path can be spelled so that it differs from itself once normalised, each
 * applied at a random `/`: dot segments plain or encoded, a detour through `x/..`, a doubled
 * or encoded slash, a backslash, a fragment, a raw control character, or absolute-form.
 */
export const SPELLINGS = [
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

export function spell(path: string, spelling: Spelling, at: number, extra: string, port: number) {
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

/**
 * Return paths that start on this site but whose dot segments collapse, once parsed, to a
 * path beginning `//` (another host, for a browser): plain and encoded dots, a detour through
 * a real page, one or several levels up.
 */
export const DOT_SEGMENT_RETURN_PATHS = [
  '/.//evil.example/phish',
  '/browse-tasks/../..//evil.example/phish',
  '/%2e//evil.example',
  '/%2E//evil.example',
  '/..//evil.example/phish',
  '/x/..//evil.example',
  '/x/%2e%2e//evil.example',
  '/x/%2E%2E/%2e//evil.example',
  '/a/b/../.././/evil.example/phish?x=1#y',
  '/././/evil.example',
  '/.//evil.example:443/phish',
  '/.//127.0.0.1/phish',
] as const;

/** The promise's value, or a failure when it takes longer than `seconds`. */
export function withinSeconds<T>(seconds: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A first-version export record as a hostile or broken export writes it: the fields a task
 * has, each maybe replaced by hostile text or any JSON value, maybe nested deep, with
 * prototype keys and control characters in values and field names. One line of JSONL.
 */
export const hostileImportRecord = fc
  .record({
    title: fc.oneof(fc.constant('A task'), nasty),
    userEmail: fc.oneof(fc.constant('owner@example.com'), nasty),
    userName: fc.option(nasty),
    extra: fc.dictionary(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'status', '$oid'), nasty),
      fc.oneof(jsonValue, nasty),
      { maxKeys: 3 },
    ),
    depth: fc.nat({ max: 40 }),
  })
  .map(({ title, userEmail, userName, extra, depth }) => {
    const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const fields = Object.entries(extra).map(
      ([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`,
    );
    const own = {
      _id: { $oid: '65a0c5000000000000000abc' },
      title,
      description: 'Something to do.',
      category: 'Writing',
      deadline: '2030-01-01',
      userEmail,
      ...(userName === null ? {} : { userName }),
    };
    return `${JSON.stringify(own).slice(0, -1)},"location":${nested}${fields.length ? `,${fields.join(',')}` : ''}}`;
  });
