import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { apiCall, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { buildBid, insertBid, insertTask } from '../../../../tests/factories/tasks.ts';

/** Every list of the API pages the same way: one query schema, one total header. */
describe('the paging contract of every list', () => {
  const t = useTestApp();
  let owner: TestUser;
  let bidder: TestUser;
  let taskId: string;
  const lists = () => [
    { name: 'browse', url: '/api/tasks?', user: undefined, total: 3 },
    { name: 'my tasks', url: `/api/tasks?email=${owner.email}&`, user: owner, total: 3 },
    { name: 'bids on a task', url: `/api/bids?taskId=${taskId}&`, user: owner, total: 3 },
    { name: 'my bids', url: '/api/bids/mine?', user: bidder, total: 3 },
    { name: 'notifications', url: '/api/notifications?', user: owner, total: 3 },
  ];

  beforeAll(async () => {
    [owner, bidder] = [await signUp(t.app), await signUp(t.app)];
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await insertTask(t.app.database.db, owner.id));
    taskId = ids[0] ?? '';
    // Three bids through the API, one on each task (one offer per person per task): three
    // bids of mine, three notifications for the owner.
    for (const id of ids) {
      const res = await apiCall(t.app, 'POST', '/api/bids', bidder, buildBid(id));
      expect(res.statusCode).toBe(201);
    }
    // Two more people's offers on the first task: three offers there.
    for (let i = 0; i < 2; i++)
      await insertBid(t.app.database.db, taskId, (await signUp(t.app)).id);
  });

  it('answers the page with the number of all items in X-Total-Count', async () => {
    for (const list of lists()) {
      for (const [query, length] of [
        ['limit=2', 2],
        ['limit=2&page=2', 1],
        ['limit=2&page=3', 0],
        ['', 3],
        ['page=&limit=', 3],
      ] as const) {
        const res = await apiCall(t.app, 'GET', list.url + query, list.user);
        expect(res.statusCode, `${list.name} ${query}`).toBe(200);
        expect(res.json(), `${list.name} ${query}`).toHaveLength(length);
        expect(res.headers['x-total-count'], `${list.name} ${query}`).toBe(String(list.total));
      }
    }
  });

  it('refuses the same page and limit values with the same messages', async () => {
    const cases = [
      ['page=0', 'querystring.page'],
      ['page=x', 'querystring.page', 'must be a whole number from 1'],
      ['page=1.5', 'querystring.page', 'must be a whole number from 1'],
      ['page=10001', 'querystring.page'],
      ['limit=0', 'querystring.limit'],
      ['limit=101', 'querystring.limit'],
      ['limit=1e1', 'querystring.limit', 'must be a whole number from 1 to 100'],
      ['limit=%2010', 'querystring.limit', 'must be a whole number from 1 to 100'],
    ] as const;
    for (const list of lists()) {
      for (const [query, path, message] of cases) {
        const res = await apiCall(t.app, 'GET', list.url + query, list.user);
        expect(res.statusCode, `${list.name} ${query}`).toBe(400);
        const issue = res.json<{ issues: { path: string; message: string }[] }>().issues[0];
        expect(issue?.path, `${list.name} ${query}`).toBe(path);
        if (message) expect(issue?.message, `${list.name} ${query}`).toBe(message);
      }
    }
  });
});
