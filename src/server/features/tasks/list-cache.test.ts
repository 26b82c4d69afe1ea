import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildBid, buildTask, insertTask } from '../../../../tests/factories/tasks.ts';
import { apiCall, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import {
  ANONYMOUS_CACHE_CONTROL,
  PRIVATE_CACHE_CONTROL,
} from '../../platform/http/private-answers.ts';

type Listed = { _id: string; title: string; userEmail?: string };

/** Polls `check` until it holds (events arrive through the database), for up to 2 s. */
async function eventually(check: () => Promise<boolean>) {
  const until = Date.now() + 2000;
  while (!(await check()) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return check();
}

describe('anonymous lists are kept in memory; task events and their age end them', () => {
  const t = useTestApp({ LIST_CACHE_MB: '8' });
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    ann = await signUp(t.app, { name: 'Ann' });
    bob = await signUp(t.app, { name: 'Bob' });
    await insertTask(t.app.database.db, ann.id, { title: 'Paint the fence' });
  });
  afterEach(() => vi.useRealTimers());

  const browse = (url = '/api/tasks', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const titles = async (url = '/api/tasks', user?: TestUser) =>
    ((user ? await apiCall(t.app, 'GET', url, user) : await browse(url)).json() as Listed[]).map(
      (task) => task.title,
    );
  /** A task only the database knows of: no event announces it. */
  const sneakIn = (title: string) => insertTask(t.app.database.db, ann.id, { title });

  it('serves a kept answer without asking the database, headers and tag included', async () => {
    const first = await browse('/api/tasks?sort=oldest');
    await sneakIn('Unannounced');
    const again = await browse('/api/tasks?sort=oldest');
    expect(again.body).toBe(first.body);
    for (const header of ['etag', 'x-total-count', 'content-type', 'cache-control', 'vary'])
      expect(again.headers[header]).toBe(first.headers[header]);
    expect(again.headers['cache-control']).toBe(ANONYMOUS_CACHE_CONTROL);
    const revalidated = await browse('/api/tasks?sort=oldest', {
      'if-none-match': String(first.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    // Signed in, the database answers: the unannounced task is there.
    expect(await titles('/api/tasks?sort=oldest', bob)).toContain('Unannounced');

    const counts = await browse('/api/tasks/categories');
    await sneakIn('Unannounced too');
    expect((await browse('/api/tasks/categories')).body).toBe(counts.body);
  });

  it('keys by the whole query: another page, sort or filter is another answer', async () => {
    const design = await titles('/api/tasks?category=Design&limit=50');
    const writing = await titles('/api/tasks?category=Writing&limit=50');
    expect(design.length).toBeGreaterThan(0);
    expect(writing).toEqual([]);
  });

  it('never keeps or serves a signed-in answer: the owner’s e-mail stays theirs', async () => {
    const own = (await apiCall(t.app, 'GET', '/api/tasks?limit=100', ann)).json() as Listed[];
    expect(own.some((task) => task.userEmail === ann.email)).toBe(true);
    const mine = await apiCall(t.app, 'GET', `/api/tasks?email=${ann.email}&limit=100`, ann);
    expect(mine.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    for (const url of ['/api/tasks?limit=100', `/api/tasks?email=${ann.email}&limit=100`]) {
      const res = await browse(url);
      expect(res.body).not.toContain(ann.email);
    }
    // And a kept anonymous answer is not given to someone signed in.
    await browse('/api/tasks?limit=99');
    await sneakIn('Seen signed in');
    expect(await titles('/api/tasks?limit=99', ann)).toContain('Seen signed in');
  });

  it('a task posted, edited or deleted through the API shows at once', async () => {
    await titles();
    const posted = await apiCall(t.app, 'POST', '/api/tasks', ann, buildTask({ title: 'Posted' }));
    expect(posted.statusCode).toBe(201);
    const id = posted.json().insertedId as string;
    expect(await eventually(async () => (await titles()).includes('Posted'))).toBe(true);

    const edit = buildTask({ title: 'Edited' });
    expect((await apiCall(t.app, 'PUT', `/api/tasks/${id}`, ann, edit)).statusCode).toBe(200);
    expect(await eventually(async () => (await titles()).includes('Edited'))).toBe(true);

    expect((await apiCall(t.app, 'DELETE', `/api/tasks/${id}`, ann)).statusCode).toBe(200);
    expect(await eventually(async () => !(await titles()).includes('Edited'))).toBe(true);
  });

  it('a bid placed clears the kept lists', async () => {
    const taskId = await insertTask(t.app.database.db, ann.id, { title: 'Bid on me' });
    await titles('/api/tasks?limit=98');
    await sneakIn('Behind the bid');
    const bid = await apiCall(t.app, 'POST', '/api/bids', bob, buildBid(taskId));
    expect(bid.statusCode).toBe(201);
    expect(
      await eventually(async () =>
        (await titles('/api/tasks?limit=98')).includes('Behind the bid'),
      ),
    ).toBe(true);
  });

  it('an answer is served for less than the public max-age (5 s), then asked again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await titles('/api/tasks?limit=97');
    await sneakIn('After five seconds');
    vi.setSystemTime(Date.now() + 4_900);
    expect(await titles('/api/tasks?limit=97')).not.toContain('After five seconds');
    vi.setSystemTime(Date.now() + 100);
    expect(await titles('/api/tasks?limit=97')).toContain('After five seconds');
  });
});
