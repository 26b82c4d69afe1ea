import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { buildUser, callerFor, jsonHeaders } from '../../../../tests/factories/users.ts';
import { useOwnerWithTask } from '../../../../tests/factories/scenes.ts';
import { buildBid, buildTask, insertBid, insertTask } from '../../../../tests/factories/tasks.ts';

/** Characters PostgreSQL cannot store in text, or that are not Unicode. */
const BAD = { NUL: 'a\u0000b', 'lone high surrogate': 'a\ud800b', 'lone low surrogate': '\udc00' };

describe('text a database cannot store, and dates out of range', () => {
  const t = useTestApp();
  const scene = useOwnerWithTask(t);
  const { owner, bidder } = scene;
  const call = callerFor(t);

  /** Answers 400 JSON naming the field; never a 500. */
  function expectRefused(res: { statusCode: number; body: string }, what: string, field?: string) {
    expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(400);
    const body = JSON.parse(res.body) as { message: string; code: string };
    expect(typeof body.message, what).toBe('string');
    if (field) expect(body.message, what).toContain(field);
  }

  it.each(Object.entries(BAD))(
    'refuses %s in every text field of tasks and bids',
    async (_, bad) => {
      for (const field of ['title', 'description', 'location', 'imageUrl']) {
        const created = await call('POST', '/api/tasks', owner, buildTask({ [field]: bad }));
        expectRefused(created, `POST ${field}`, field);
        const updated = await call(
          'PUT',
          `/api/tasks/${scene.taskId}`,
          owner,
          buildTask({ [field]: bad }),
        );
        expectRefused(updated, `PUT ${field}`, field);
      }
      const bid = await call('POST', '/api/bids', bidder, buildBid(scene.taskId, { message: bad }));
      expectRefused(bid, 'bid message', 'message');
      const key = await call('POST', '/api/tasks', owner, { ...buildTask(), [bad]: 1 });
      expectRefused(key, 'a key');
    },
  );

  it.each(Object.entries(BAD))(
    'refuses %s in a cancel reason on an assigned task',
    async (_, bad) => {
      const task = await insertTask(t.app.database.db, owner.id);
      const bidId = await insertBid(t.app.database.db, task, bidder.id);
      expect((await call('POST', `/api/bids/${bidId}/accept`, owner)).statusCode).toBe(200);
      const res = await call('POST', `/api/tasks/${task}/cancel-assignment`, owner, {
        reason: `Plans changed ${bad}`,
      });
      expectRefused(res, 'cancel reason', 'reason');
    },
  );

  it.each(Object.entries(BAD))('refuses %s in names and e-mails of accounts', async (_, bad) => {
    const signUpRes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: jsonHeaders(),
      payload: buildUser({ name: `Name ${bad}` }),
    });
    expectRefused(signUpRes, 'sign-up name', 'name');
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: jsonHeaders(owner.cookie),
      payload: { name: bad },
    });
    expectRefused(update, 'update-user name', 'name');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: jsonHeaders(),
      payload: { email: `a${bad}@example.com`, password: 'whatever-it-is' },
    });
    expectRefused(signIn, 'sign-in e-mail', 'email');
  });

  it('refuses NUL and lone surrogates in the anonymous browse query', async () => {
    for (const param of ['search', 'location', 'skills', 'category', 'sort']) {
      for (const value of ['%00', 'a%00b', '%ED%A0%80', '%5Cud800']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/tasks?${param}=${value}` });
        expect(res.statusCode, `${param}=${value}`).toBeLessThan(500);
      }
      const nul = await t.app.inject({ method: 'GET', url: `/api/tasks?${param}=a%00b` });
      expectRefused(nul, `${param}=a%00b`, param);
    }
    const inPath = await t.app.inject({ method: 'GET', url: '/api/tasks/a%00b' });
    expectRefused(inPath, 'id in the path');
    const bidsOf = await t.app.inject({
      method: 'GET',
      url: '/api/bids?taskId=%00',
      headers: { cookie: owner.cookie },
    });
    expectRefused(bidsOf, 'bids taskId');
  });

  it('limits dates to 2000-01-01 … 2099-12-31 on tasks and bids', async () => {
    for (const deadline of ['0000-01-01', '1999-12-31', '2100-01-01', '9999-12-31']) {
      const task = await call('POST', '/api/tasks', owner, buildTask({ deadline }));
      expectRefused(task, `task ${deadline}`, 'deadline');
      const bid = await call('POST', '/api/bids', bidder, buildBid(scene.taskId, { deadline }));
      expectRefused(bid, `bid ${deadline}`, 'deadline');
    }
    const last = await call('POST', '/api/tasks', owner, buildTask({ deadline: '2099-12-31' }));
    expect(last.statusCode).toBe(201);
  });
});
