import { beforeAll, describe, expect, it } from 'vitest';
import { fieldCases } from '../../../../tests/factories/field-cases.ts';
import { buildBid, insertBid, insertTask } from '../../../../tests/factories/tasks.ts';
import { jsonHeaders, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('bids', () => {
  const t = useTestApp();
  let owner: TestUser;
  let bidder: TestUser;
  let third: TestUser;
  let fourth: TestUser;
  let taskId: string;

  beforeAll(async () => {
    owner = await signUp(t.app, { name: 'Owner' });
    bidder = await signUp(t.app, { name: 'Bidder' });
    third = await signUp(t.app, { name: 'Third' });
    fourth = await signUp(t.app, { name: 'Fourth' });
    taskId = await insertTask(t.app.database.db, owner.id, { budget: 500 });
  });

  const place = (cookie: string | undefined, payload: object | string) =>
    t.app.inject({ method: 'POST', url: '/api/bids', headers: jsonHeaders(cookie), payload });
  const list = (id: string, cookie?: string, extra = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/bids?taskId=${encodeURIComponent(id)}${extra}`,
      headers: cookie ? { cookie } : {},
    });

  describe('POST /api/bids', () => {
    it('places a bid as the signed-in user, ignoring spoofed identity and time', async () => {
      const res = await place(bidder.cookie, {
        ...buildBid(taskId, { amount: 450.5, message: '  Ready when you are.  ' }),
        userEmail: owner.email,
        userName: 'Owner',
        timestamp: '2001-01-01T00:00:00.000Z',
      });
      expect(res.statusCode).toBe(201);
      const { acknowledged, insertedId } = res.json();
      expect(acknowledged).toBe(true);
      const bids = (await list(taskId, bidder.cookie)).json();
      const bid = bids.find((b: { _id: string }) => b._id === insertedId);
      expect(bid).toMatchObject({
        taskId,
        userName: 'Bidder',
        userEmail: bidder.email,
        amount: 450.5,
        deadline: '2030-07-15',
        status: 'pending',
        message: 'Ready when you are.',
      });
      expect(Date.now() - Date.parse(bid.timestamp)).toBeLessThan(60_000);
    });

    it('answers 401 anonymous, 403 on your own task, 404 for unknown or malformed tasks', async () => {
      expect((await place(undefined, buildBid(taskId))).statusCode).toBe(401);
      const own = await place(owner.cookie, buildBid(taskId));
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({
        message: 'You cannot bid on your own task.',
        code: 'FORBIDDEN',
      });
      for (const id of [UNKNOWN, 'abc']) {
        const res = await place(bidder.cookie, buildBid(id));
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Task not found', code: 'NOT_FOUND' });
      }
    });

    it.each(
      fieldCases({
        amount: {
          accepted: [1, 1.01, 1_000_000_000],
          refused: [0.99, 1.005, 1_000_000_000.01, '10', undefined],
        },
        deadline: { accepted: ['2028-02-29'], refused: ['2027-02-29', 'tomorrow', undefined] },
        message: { accepted: ['m'.repeat(1000), '', null], refused: ['m'.repeat(1001), 42] },
        taskId: { refused: [undefined, 7] },
      }),
    )('%s = %j accepted: %s', async (field, value, accepted) => {
      // A task of its own each: a second bid on one task would change the first offer.
      const fresh = await insertTask(t.app.database.db, owner.id);
      const res = await place(bidder.cookie, { ...buildBid(fresh), [field]: value });
      expect(res.statusCode).toBe(accepted ? 201 : 400);
      if (!accepted) expect(res.json().issues[0].path).toBe(`body.${field}`);
    });

    it('rejects malformed JSON with 400 JSON', async () => {
      const res = await place(bidder.cookie, '{"taskId":');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The request body is not valid JSON.');
    });
  });

  describe('GET /api/bids?taskId=', () => {
    let quiet: string;
    beforeAll(async () => {
      const db = t.app.database.db;
      quiet = await insertTask(db, owner.id);
      const base = Date.now() - 3_600_000;
      await insertBid(db, quiet, bidder.id, {
        amount: 10,
        message: 'bidder one',
        createdAt: new Date(base + 2000),
      });
      await insertBid(db, quiet, third.id, {
        amount: 20,
        message: 'third one',
        createdAt: new Date(base + 1000),
      });
      await insertBid(db, quiet, fourth.id, { amount: 30, createdAt: new Date(base + 3000) });
    });

    it('shows the owner every bid, oldest first, with e-mails and messages', async () => {
      const res = await list(quiet, owner.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('3');
      expect(res.json()).toMatchObject([
        { userName: 'Third', amount: 20, userEmail: third.email, message: 'third one' },
        { userName: 'Bidder', amount: 10, userEmail: bidder.email, message: 'bidder one' },
        { userName: 'Fourth', amount: 30, userEmail: fourth.email, message: null },
      ]);
      expect(Object.keys(res.json()[0]).sort()).toEqual([
        '_id',
        'amount',
        'bidder',
        'deadline',
        'editedAt',
        'history',
        'message',
        'status',
        'taskId',
        'timestamp',
        'userEmail',
        'userId',
        'userName',
      ]);
    });

    it('shows a bidder their own e-mail and messages only', async () => {
      const res = await list(quiet, bidder.cookie);
      const bids = res.json();
      expect(bids.map((b: { amount: number }) => b.amount)).toEqual([20, 10, 30]);
      expect(bids[0]).not.toHaveProperty('userEmail');
      expect(bids[0]).not.toHaveProperty('message');
      expect(res.body).not.toContain(third.email);
      expect(res.body).not.toContain('third one');
      expect(res.body).not.toContain(owner.email);
      expect(res.body).not.toContain(fourth.email);
      expect(bids[1]).toMatchObject({ userEmail: bidder.email, message: 'bidder one' });
      expect(bids[2]).not.toHaveProperty('history');
    });

    it('shows another signed-in user names, amounts and dates only', async () => {
      const stranger = await signUp(t.app);
      const res = await list(quiet, stranger.cookie);
      expect(res.statusCode).toBe(200);
      for (const bid of res.json()) {
        expect(Object.keys(bid).sort()).toEqual([
          '_id',
          'amount',
          'bidder',
          'deadline',
          'editedAt',
          'status',
          'taskId',
          'timestamp',
          'userId',
          'userName',
        ]);
      }
      for (const email of [owner.email, bidder.email, third.email, fourth.email])
        expect(res.body).not.toContain(email);
    });

    it('pages with page and limit', async () => {
      const res = await list(quiet, owner.cookie, '&limit=2&page=2');
      expect(res.json().map((b: { amount: number }) => b.amount)).toEqual([30]);
      expect(res.headers['x-total-count']).toBe('3');
      const first = await list(quiet, owner.cookie, '&limit=2');
      expect(first.headers['x-total-count']).toBe('3');
      expect((await list(quiet, owner.cookie, '&limit=101')).statusCode).toBe(400);
    });

    it('answers 401 anonymous, 404 unknown or malformed task, 400 without taskId', async () => {
      expect((await list(quiet)).statusCode).toBe(401);
      for (const id of [UNKNOWN, 'zzz']) {
        const res = await list(id, bidder.cookie);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Task not found', code: 'NOT_FOUND' });
      }
      const missing = await t.app.inject({
        method: 'GET',
        url: '/api/bids',
        headers: { cookie: bidder.cookie },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().issues[0].path).toBe('querystring.taskId');
    });

    it('returns an empty list for a task without bids', async () => {
      const empty = await insertTask(t.app.database.db, owner.id);
      const res = await list(empty, third.cookie);
      expect(res.json()).toEqual([]);
      expect(res.headers['x-total-count']).toBe('0');
    });
  });
});
