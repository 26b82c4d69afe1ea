import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildBid, buildTask, insertTask } from '../../../../tests/factories/tasks.ts';
import { apiCall, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import {
  ANONYMOUS_CACHE_CONTROL,
  PRIVATE_CACHE_CONTROL,
} from '../../platform/http/private-answers.ts';

type Listed = { _id: string; title: string; userId: string; userEmail?: string };

/** Polls `check` until it holds (events arrive through the database), for up to 2 s. */
async function eventually(check: () => Promise<boolean>) {
  const until = Date.now() + 2000;
  while (!(await check()) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return check();
}

describe('browse lists are kept in memory for everyone; task events and their age end them', () => {
  const t = useTestApp({ LIST_CACHE_MB: '8' });
  let ann: TestUser;
  let bob: TestUser;
  /** Owns no task: what she is given is what everyone is. */
  let cara: TestUser;

  beforeAll(async () => {
    ann = await signUp(t.app, { name: 'Ann' });
    bob = await signUp(t.app, { name: 'Bob' });
    cara = await signUp(t.app, { name: 'Cara' });
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
    // Signed in, the same kept answer (decision 1820): the unannounced task is not there.
    expect(await titles('/api/tasks?sort=oldest', bob)).not.toContain('Unannounced');

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

  it('serves signed-in browsing from the kept answer; only the owner sees their e-mail', async () => {
    await insertTask(t.app.database.db, bob.id, { title: 'Walk the dog' });
    const url = '/api/tasks?limit=96';
    const anonymous = await browse(url);
    await sneakIn('Unannounced, signed in');
    // Someone who owns none of the page's tasks: the kept bytes, no query, kept privately.
    const asCara = await apiCall(t.app, 'GET', url, cara);
    expect(asCara.body).toBe(anonymous.body);
    expect(asCara.headers['x-total-count']).toBe(anonymous.headers['x-total-count']);
    expect(asCara.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(String(asCara.headers.vary)).toContain('Cookie');
    expect(asCara.headers.etag).toBeUndefined();
    // The owner: the same kept page, with their e-mail on their own tasks and nobody else's.
    // Sent the anonymous tag, her answer still comes whole: it is not the anonymous body.
    const asAnn = await browse(url, {
      cookie: ann.cookie,
      'if-none-match': String(anonymous.headers.etag),
    });
    expect(asAnn.statusCode).toBe(200);
    expect(asAnn.headers.etag).toBeUndefined();
    const annSees = asAnn.json() as Listed[];
    expect(annSees.map((task) => task._id)).toEqual(
      (anonymous.json() as Listed[]).map((task) => task._id),
    );
    expect(annSees.map((task) => task.title)).not.toContain('Unannounced, signed in');
    expect(new Set(annSees.map((task) => task.userId))).toEqual(new Set([ann.id, bob.id]));
    for (const task of annSees)
      expect(task.userEmail).toBe(task.userId === ann.id ? ann.email : undefined);
    // Her copy is never kept: nobody else is given her e-mail afterwards; Bob, his own.
    expect((await browse(url)).body).toBe(anonymous.body);
    expect((await apiCall(t.app, 'GET', url, cara)).body).toBe(anonymous.body);
    const bobSees = (await apiCall(t.app, 'GET', url, bob)).json() as Listed[];
    for (const task of bobSees)
      expect(task.userEmail).toBe(task.userId === bob.id ? bob.email : undefined);
    // Her own list still runs its query, privately.
    const mine = await apiCall(t.app, 'GET', `/api/tasks?email=${ann.email}&limit=100`, ann);
    expect(mine.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect((mine.json() as Listed[]).map((task) => task.title)).toContain('Unannounced, signed in');
  });

  it('a signed-in miss fills the answer everyone is then given, without the e-mail', async () => {
    const url = '/api/tasks?limit=95';
    const asAnn = await apiCall(t.app, 'GET', url, ann);
    expect(asAnn.body).toContain(ann.email);
    await sneakIn('After the owner asked');
    const anonymous = await browse(url);
    expect(anonymous.body).not.toContain(ann.email);
    expect(anonymous.body).not.toContain('After the owner asked');
    expect(anonymous.headers['cache-control']).toBe(ANONYMOUS_CACHE_CONTROL);
    expect((await apiCall(t.app, 'GET', url, cara)).body).toBe(anonymous.body);
  });

  it('a held task stays out of everyone’s browsing, its owner’s too; a block changes no list', async () => {
    await insertTask(t.app.database.db, bob.id, { title: 'Held for review', moderation: 'held' });
    const url = '/api/tasks?limit=94';
    const block = await apiCall(t.app, 'POST', '/api/blocks', cara, { userId: ann.id });
    expect(block.statusCode).toBe(201);
    const anonymous = await browse(url);
    expect(anonymous.body).not.toContain('Held for review');
    expect((await apiCall(t.app, 'GET', url, bob)).body).not.toContain('Held for review');
    const bobs = await apiCall(t.app, 'GET', `/api/tasks?email=${bob.email}&limit=100`, bob);
    expect(bobs.body).toContain('Held for review');
    // Cara has blocked Ann: she is still shown Ann's tasks, as everyone is.
    expect(anonymous.body).toContain('Paint the fence');
    expect((await apiCall(t.app, 'GET', url, cara)).body).toBe(anonymous.body);
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
