import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBid, buildTask, insertTask } from '../../../../tests/factories/tasks.ts';
import { apiCall, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import {
  startDatabaseProxy,
  throughProxy,
  type startTcpProxy,
} from '../../../../tests/setup/tcp-proxy.ts';

/** Polls `check` until it holds, for up to `ms`; returns how long it took (or null). */
async function within(ms: number, check: () => Promise<boolean>): Promise<number | null> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await check()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

/**
 * Two instances on one PostgreSQL database, each keeping anonymous lists (the `postgres`
 * Vitest project only). A reads the database through a proxy the test can cut.
 */
describe('kept lists across instances: a change through B clears A’s', () => {
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let a: TestApp;
  let b: TestApp;
  let owner: TestUser;
  let bidder: TestUser;
  const cache = { LIST_CACHE_MB: '8' };
  beforeAll(async () => {
    b = await createTestApp(cache);
    proxy = await startDatabaseProxy(b.databaseUrl);
    a = await createTestApp(cache, { shareDatabaseWith: b, routeDatabaseUrl: throughProxy(proxy) });
    // Each person stays on the instance they signed up on (sessions are signed per instance).
    owner = await signUp(b.app, { name: 'Owner' });
    bidder = await signUp(b.app, { name: 'Bidder' });
  });
  afterAll(async () => {
    proxy?.restore();
    await a?.close();
    await b?.close();
    await proxy?.close();
  });

  const titlesOnA = async (url = '/api/tasks?limit=100') =>
    ((await a.app.inject({ method: 'GET', url })).json() as { title: string }[]).map(
      (t) => t.title,
    );
  const shownOnA = (title: string, url?: string) =>
    within(1000, async () => (await titlesOnA(url)).includes(title));

  it('a task posted, edited, bid on and deleted through B shows on A within a second', async () => {
    await titlesOnA();
    const posted = await apiCall(b.app, 'POST', '/api/tasks', owner, buildTask({ title: 'New' }));
    const taskId = posted.json().insertedId as string;
    expect(await shownOnA('New')).not.toBeNull();

    await titlesOnA(); // kept again, now with "New"
    const edit = buildTask({ title: 'Renamed' });
    expect((await apiCall(b.app, 'PUT', `/api/tasks/${taskId}`, owner, edit)).statusCode).toBe(200);
    expect(await shownOnA('Renamed')).not.toBeNull();

    // A bid clears the lists too: a task no event announced shows with it.
    await titlesOnA();
    await insertTask(b.app.database.db, owner.id, { title: 'Unannounced' });
    expect((await titlesOnA()).includes('Unannounced')).toBe(false);
    const bid = await apiCall(b.app, 'POST', '/api/bids', bidder, buildBid(taskId));
    expect(bid.statusCode).toBe(201);
    expect(await shownOnA('Unannounced')).not.toBeNull();

    const other = (
      await apiCall(b.app, 'POST', '/api/tasks', owner, buildTask({ title: 'Short-lived' }))
    ).json().insertedId as string;
    expect(await shownOnA('Short-lived')).not.toBeNull();
    expect((await apiCall(b.app, 'DELETE', `/api/tasks/${other}`, owner)).statusCode).toBe(200);
    expect(
      await within(1000, async () => !(await titlesOnA()).includes('Short-lived')),
    ).not.toBeNull();
  });

  it('the category counts on A follow a task posted through B', async () => {
    const writing = async () =>
      (
        (await a.app.inject({ method: 'GET', url: '/api/tasks/categories' })).json() as {
          category: string;
          count: number;
        }[]
      ).find((c) => c.category === 'Writing')?.count;
    const before = await writing();
    await apiCall(b.app, 'POST', '/api/tasks', owner, buildTask({ category: 'Writing' }));
    expect(await within(1000, async () => (await writing()) === (before ?? 0) + 1)).not.toBeNull();
  });

  it('A’s lost listening connection clears its lists (events may have been missed)', async () => {
    const url = '/api/tasks?limit=90';
    const keptAt = Date.now();
    await titlesOnA(url);
    await insertTask(b.app.database.db, owner.id, { title: 'Missed while away' });
    let resynced = false;
    const stop = a.app.events.subscribe((e) => {
      if (e.type === 'resync') resynced = true;
    });
    proxy.cut();
    await new Promise((r) => setTimeout(r, 200));
    proxy.restore();
    expect(await within(4000, async () => resynced)).not.toBeNull();
    stop();
    // A request that lost its connection in the cut may fail once; the next one is served.
    const shown = await within(1000, async () => {
      const res = await a.app.inject({ method: 'GET', url });
      return res.statusCode === 200 && res.body.includes('Missed while away');
    });
    expect(shown).not.toBeNull();
    // Sooner than the answer's max age (5 s): the resync cleared it, not its age.
    expect(Date.now() - keptAt).toBeLessThan(5000);
  });
});
