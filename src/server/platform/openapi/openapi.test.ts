import { beforeAll, describe, expect, it } from 'vitest';
import { jsonHeaders, signUp } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { AUTH_ENDPOINTS, AUTH_PREFIX } from '../auth/endpoints.ts';
import { DOCS_PATH, OPENAPI_PATH } from './register.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  parameters?: { name: string }[];
}
type Document = {
  openapi: string;
  servers: unknown;
  paths: Record<string, Record<string, Operation>>;
};

const asDocumentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
/** A path that matches a route pattern, parameters filled in. */
const concrete = (path: string) => path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');

/**
 * Routes the document itself serves, the accounts catch-all (listed endpoint by endpoint),
 * and the person stream's former URL (kept for one release, left out of the document).
 */
const notOperations = (url: string) =>
  url === OPENAPI_PATH ||
  url === '/api/notifications/events' ||
  url === DOCS_PATH ||
  url.startsWith(`${DOCS_PATH}/`) ||
  url === `${AUTH_PREFIX}/*`;

/** A body that passes the checks before the session's: each required field a fitting string. */
function validBody(op: Operation): Record<string, string> {
  const schema = op.requestBody?.content['application/json']?.schema;
  const required = (schema?.required ?? []) as string[];
  const properties = (schema?.properties ?? {}) as Record<string, { format?: string }>;
  return Object.fromEntries(
    required.map((name) => [
      name,
      properties[name]?.format === 'email' ? 'someone@example.com' : 'correct-horse-battery',
    ]),
  );
}

describe('the API document', () => {
  const t = useTestApp();
  let doc: Document;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );

  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    doc = res.json();
  });

  it('lists every /api route in the route table, and every allowed accounts endpoint', () => {
    const expected = new Set<string>();
    for (const route of t.app.routeTable) {
      if (!route.url.startsWith('/api/') || notOperations(route.url)) continue;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') expected.add(`${method} ${asDocumentPath(route.url)}`);
      }
    }
    for (const endpoint of AUTH_ENDPOINTS) {
      expected.add(`${endpoint.method} ${asDocumentPath(AUTH_PREFIX + endpoint.path)}`);
    }
    const listed = new Set(operations().map((o) => `${o.method.toUpperCase()} ${o.path}`));
    expect([...listed].sort()).toEqual([...expected].sort());
    // The ones the web app depends on, by name.
    for (const name of [
      'POST /api/auth/sign-up/email',
      'POST /api/auth/sign-in/email',
      'POST /api/auth/sign-out',
      'GET /api/auth/get-session',
      'POST /api/auth/update-user',
      'GET /api/tasks',
      'POST /api/bids',
      'GET /api/health',
    ]) {
      expect(listed).toContain(name);
    }
  });

  it('names every operation once, declares its security, its 400 and, behind the session, its 401, and describes every answer', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const ids = operations().map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations()) {
      const where = `${method} ${path}`;
      expect(op.summary, where).toBeTruthy();
      expect(Array.isArray(op.security), where).toBe(true);
      expect(op.responses, where).toHaveProperty('400');
      // Every answer says what it means (not the generator's "Default Response").
      for (const [status, answer] of Object.entries(op.responses)) {
        expect((answer as { description: string }).description, `${where} ${status}`).toMatch(
          /^(?!Default Response$)./,
        );
      }
      if (JSON.stringify(op.security) === '[{"session":[]}]') {
        expect(op.responses, where).toHaveProperty('401');
      }
    }
  });

  it("takes each route's security from its auth mode", () => {
    const security = (method: string, path: string) => doc.paths[path]?.[method]?.security;
    const session = { session: [] };
    expect(security('get', '/api/tasks/categories')).toEqual([]);
    expect(security('post', '/api/newsletter')).toEqual([]);
    expect(security('get', '/api/tasks')).toEqual([{}, session]);
    expect(security('post', '/api/tasks')).toEqual([session]);
    expect(security('post', '/api/auth/sign-in/email')).toEqual([]);
    expect(security('get', '/api/auth/get-session')).toEqual([{}, session]);
    expect(security('post', '/api/auth/update-user')).toEqual([session]);
  });

  it('every operation that declares the session as required answers 401 without one', async () => {
    const required = operations().filter(
      ({ op }) => JSON.stringify(op.security) === '[{"session":[]}]',
    );
    expect(required.length).toBeGreaterThan(15);
    for (const { path, method, op } of required) {
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: concrete(path),
        headers: jsonHeaders(),
        ...(method === 'get' ? {} : { payload: validBody(op) }),
      });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('describes the accounts bodies with the schemas we check them against', async () => {
    const body = (path: string) =>
      doc.paths[path]?.post?.requestBody?.content['application/json']?.schema;
    const signUpBody = body('/api/auth/sign-up/email');
    expect(signUpBody?.required).toEqual(['name', 'email', 'password']);
    expect(signUpBody?.properties).toMatchObject({
      name: { maxLength: 100 },
      email: { maxLength: 254 },
    });
    expect(Object.keys(body('/api/auth/update-user')?.properties ?? {}).sort()).toEqual([
      'image',
      'name',
    ]);
    // A value the schema refuses is refused before better-auth sees it.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: jsonHeaders(),
      payload: { name: 'x'.repeat(101), email: 'a@example.com', password: 'correct-horse-battery' },
    });
    expect(res.statusCode).toBe(400);
    // The component schemas the accounts answers refer to are in the document.
    const text = JSON.stringify(doc);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      expect(text).toContain(`"${name}":{`);
    }
  });

  it('keeps the marketplace calls generated from the same zod schemas', () => {
    const create = doc.paths['/api/tasks']!.post!;
    const body = create.requestBody!.content['application/json']!.schema;
    expect(body.required).toEqual(['title', 'description', 'priority', 'category', 'deadline']);
    expect(body.properties).toMatchObject({
      category: { enum: expect.arrayContaining(['Web Development']) },
      title: { maxLength: 200 },
    });
    expect(Object.keys(create.responses).sort()).toEqual(['201', '400', '401', '429']);
    const list = doc.paths['/api/tasks']!.get!;
    expect(list.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['search', 'category', 'sort', 'page', 'limit', 'email']),
    );
    const task = (
      list.responses['200'] as {
        content: Record<string, { schema: { items: { required: string[] } } }>;
      }
    ).content['application/json']!.schema.items;
    expect(task.required).toEqual(expect.arrayContaining(['_id', 'budget', 'price', 'createdAt']));
    expect(task.required).not.toContain('userEmail');
  });

  it("keeps better-auth's own document and reference page unreachable", async () => {
    for (const url of ['/api/auth/open-api/generate-schema', '/api/auth/reference']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('serves the interactive reference from our own files under the site-wide CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const csp = String(page.headers['content-security-policy']);
    const home = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(csp).toBe(home.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    // No inline script: every <script> names a file, and each is ours.
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(content!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)?.[1];
      expect(src).toMatch(new RegExp(`^${DOCS_PATH}/`));
      const file = await t.app.inject({ method: 'GET', url: src! });
      expect(file.statusCode, src).toBe(200);
      expect(file.headers['content-type'], src).toMatch(/javascript/);
    }
    expect(page.body).not.toMatch(/https?:\/\//);
  });

  it('lists nothing that needs a signed-in caller to read the document', async () => {
    const user = await signUp(t.app);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: OPENAPI_PATH,
      headers: { cookie: user.cookie },
    });
    expect(signedIn.json()).toEqual(doc);
  });
});
