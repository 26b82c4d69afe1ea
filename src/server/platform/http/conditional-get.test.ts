import { beforeAll, describe, expect, it } from 'vitest';
import { insertTask } from '../../../../tests/factories/tasks.ts';
import { signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { ANONYMOUS_CACHE_CONTROL, PRIVATE_CACHE_CONTROL } from './private-answers.ts';

describe('cacheable answers: anonymous browsing is public with an ETag; signed in stays private', () => {
  const t = useTestApp();
  let ann: TestUser;

  beforeAll(async () => {
    ann = await signUp(t.app, { name: 'Ann' });
    await insertTask(t.app.database.db, ann.id, { title: 'Paint the fence' });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('anonymous browse: short public caching, still varying by cookie, and an ETag', async () => {
    const res = await get('/api/tasks?sort=newest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(ANONYMOUS_CACHE_CONTROL);
    expect(res.headers['cache-control']).toContain('stale-while-revalidate');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    expect(res.headers.etag).toMatch(/^W\/".+"$/);
  });

  it('If-None-Match with the current tag: 304 and no body; a new task changes the tag', async () => {
    const first = await get('/api/tasks');
    const etag = String(first.headers.etag);
    const again = await get('/api/tasks', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    await insertTask(t.app.database.db, ann.id, { title: 'Walk the dog' });
    const changed = await get('/api/tasks', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as { title: string }[])[0]?.title).toBe('Walk the dog');
  });

  it('a tag of another answer (or of another page) does not match', async () => {
    const other = String((await get('/api/tasks?page=2')).headers.etag);
    expect((await get('/api/tasks', { 'if-none-match': other })).statusCode).toBe(200);
  });

  it('signed in: private, never stored, no ETag', async () => {
    const res = await get('/api/tasks', { cookie: ann.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(res.headers.etag).toBeUndefined();
    const mine = await get(`/api/tasks?email=${encodeURIComponent(ann.email)}`, {
      cookie: ann.cookie,
    });
    expect(mine.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
  });

  it('errors are not cached as public', async () => {
    const res = await get('/api/tasks?page=0');
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(res.headers.etag).toBeUndefined();
  });

  it('the category counts (a public route) revalidate too', async () => {
    const first = await get('/api/tasks/categories');
    expect(first.headers.etag).toBeDefined();
    const again = await get('/api/tasks/categories', {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });
});
