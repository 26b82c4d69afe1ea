import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../platform/db/schema.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { apiCall, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { buildBid, buildTask } from '../../../../tests/factories/tasks.ts';

describe('public profiles', () => {
  const t = useTestApp();
  let ada: TestUser;
  let ben: TestUser;
  beforeAll(async () => {
    [ada, ben] = [await signUp(t.app), await signUp(t.app)];
  });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, user?: TestUser, payload?: object) =>
    apiCall(t.app, method, url, user, payload);

  it('shows everyone the profile a person wrote and their track record on both sides', async () => {
    const saved = await call('PUT', '/api/profile', ada, {
      headline: 'Careful bookkeeper',
      bio: 'Ten years of small-business accounts.',
      skills: ['Excel', 'Payroll', 'Excel'],
      location: 'Leeds',
    });
    expect(saved.statusCode).toBe(200);
    const { insertedId: taskId } = (await call('POST', '/api/tasks', ada, buildTask())).json<{
      insertedId: string;
    }>();
    const { insertedId: bidId } = (await call('POST', '/api/bids', ben, buildBid(taskId))).json<{
      insertedId: string;
    }>();
    await call('POST', `/api/bids/${bidId}/accept`, ada);
    await call('POST', `/api/tasks/${taskId}/complete`, ada);
    await call('POST', `/api/tasks/${taskId}/confirm-completion`, ben);

    const res = await call('GET', `/api/users/${ada.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ada.id,
      name: ada.name,
      headline: 'Careful bookkeeper',
      skills: ['Excel', 'Payroll'],
      location: 'Leeds',
      verified: false,
      client: { tasksPosted: 1, hired: 1, completed: 1, rating: { average: null, count: 0 } },
      freelancer: { bidsPlaced: 0, jobsWon: 0, jobsCompleted: 0, completionRate: null },
    });
    const benProfile = (await call('GET', `/api/users/${ben.id}`)).json();
    expect(benProfile.freelancer).toMatchObject({
      bidsPlaced: 1,
      jobsWon: 1,
      jobsCompleted: 1,
      completionRate: 1,
    });
  });

  it('never shows an e-mail address, in a profile or in its reviews', async () => {
    for (const url of [`/api/users/${ada.id}`, `/api/users/${ada.id}/reviews`]) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('@');
    }
  });

  it('lets only the signed-in person change their profile, within its limits', async () => {
    expect((await call('PUT', '/api/profile', undefined, { headline: 'Hi' })).statusCode).toBe(401);
    const bad: [string, object][] = [
      ['headline', { headline: 'x'.repeat(121) }],
      ['bio', { bio: 'x'.repeat(2001) }],
      ['skills', { skills: Array.from({ length: 21 }, (_, i) => `skill ${i}`) }],
      ['skills', { skills: ['x'.repeat(41)] }],
      ['skills', { skills: [''] }],
    ];
    for (const [field, body] of bad) {
      const res = await call('PUT', '/api/profile', ben, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().issues?.[0]?.path, field).toContain(`body.${field}`);
    }
    expect((await call('GET', `/api/users/${ben.id}`)).json().headline).toBe('');
  });

  it('shows the verified badge only for a proven address someone can sign in to', async () => {
    const unclaimed = randomUUID();
    await t.app.database.db.insert(user).values({
      id: unclaimed,
      name: 'Imported Ivy',
      email: `ivy-${unclaimed}@example.com`,
      emailVerified: true,
    });
    expect((await call('GET', `/api/users/${unclaimed}`)).json().verified).toBe(false);
    await t.app.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, ada.id));
    expect((await call('GET', `/api/users/${ada.id}`)).json().verified).toBe(true);
  });

  it('keeps the ratings on the account row out of every accounts answer, and unwritable there', async () => {
    const db = t.app.database.db;
    // What 10 published reviews of Ben as a client (4.7 stars on average) leave on his row.
    await db
      .update(user)
      .set({ clientRatingSum: 47, clientRatingCount: 10 })
      .where(eq(user.id, ben.id));
    const { insertedId: taskId } = (await call('POST', '/api/tasks', ben, buildTask())).json<{
      insertedId: string;
    }>();
    const cards = (await call('GET', '/api/tasks?limit=100')).json<
      { _id: string; userRating: unknown }[]
    >();
    expect(cards.find((c) => c._id === taskId)?.userRating).toEqual({ average: 4.7, count: 10 });

    const answers = [
      await call('GET', '/api/auth/get-session', ben),
      await call('POST', '/api/auth/sign-in/email', undefined, {
        email: ben.email,
        password: ben.password,
      }),
      await call('POST', '/api/auth/update-user', ben, {
        name: 'Ben Renamed',
        clientRatingSum: 500,
        clientRatingCount: 100,
      }),
      await call('GET', '/api/auth/list-sessions', ben),
      await call('GET', '/api/account/export', ben),
      await call('POST', '/api/auth/sign-up/email', undefined, {
        name: 'Cleo',
        email: `cleo-${randomUUID()}@example.com`,
        password: 'correct-horse-battery',
        clientRatingSum: 50,
        clientRatingCount: 10,
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toMatch(/rating/i);
    }
    const rows = await db
      .select({ name: user.name, sum: user.clientRatingSum, count: user.clientRatingCount })
      .from(user)
      .where(eq(user.email, ben.email));
    expect(rows).toEqual([{ name: 'Ben Renamed', sum: 47, count: 10 }]);
    const cleo = answers.at(-1)!.json<{ user: { id: string } }>().user.id;
    const [newcomer] = await db
      .select({ sum: user.clientRatingSum, count: user.clientRatingCount })
      .from(user)
      .where(eq(user.id, cleo));
    expect(newcomer).toEqual({ sum: 0, count: 0 });
  });

  it('answers 404 for nobody', async () => {
    expect((await call('GET', '/api/users/nobody')).statusCode).toBe(404);
    expect((await call('GET', '/api/users/nobody/reviews')).statusCode).toBe(404);
  });
});
