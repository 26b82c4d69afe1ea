import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema.ts';
import { useTestApp } from '../../../tests/setup/test-app.ts';
import { apiCall, signUp, type TestUser } from '../../../tests/factories/users.ts';
import { buildBid, buildTask } from '../../../tests/factories/tasks.ts';

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

  it('answers 404 for nobody', async () => {
    expect((await call('GET', '/api/users/nobody')).statusCode).toBe(404);
    expect((await call('GET', '/api/users/nobody/reviews')).statusCode).toBe(404);
  });
});
