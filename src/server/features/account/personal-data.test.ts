import { eq, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { useMailTestApp } from '../../../../tests/setup/mail-test-app.ts';
import { buildBid, insertTask } from '../../../../tests/factories/tasks.ts';
import { plainPng, uploadPhoto } from '../../../../tests/factories/photos.ts';
import {
  apiCall,
  jsonHeaders,
  signUpVerified,
  type TestUser,
} from '../../../../tests/factories/users.ts';
import type { Db } from '../../platform/db/client.ts';
import { statements, user } from '../../platform/db/schema.ts';
import { FEATURES } from '../index.ts';

/** Each claimed table with how many of its rows point at the person. */
async function rowsOf(db: Db, userId: string) {
  const counts: Record<string, number> = {};
  for (const feature of FEATURES)
    for (const table of feature.personalData?.tables ?? []) {
      const config = getTableConfig(table);
      const columns =
        table === user
          ? [user.id]
          : config.foreignKeys
              .map((fk) => fk.reference())
              .filter((ref) => getTableConfig(ref.foreignTable).name === 'user')
              .flatMap((ref) => ref.columns);
      const mine = or(...columns.map((column) => eq(column, userId))) as SQL;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(table as PgTable)
        .where(mine);
      counts[config.name] = row?.n ?? 0;
    }
  return counts;
}

describe('personal data, over every feature’s declaration', () => {
  const t = useMailTestApp();
  type Method = Parameters<typeof apiCall>[1];
  const call = (who: TestUser | undefined, method: Method, url: string, body?: object) =>
    apiCall(t.app, method, url, who, body);
  const ok = async (who: TestUser, method: Method, url: string, body?: object) => {
    const res = await call(who, method, url, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };

  it('exports a row of every claimed table, then deletion leaves nothing of theirs to read publicly', async () => {
    const db = t.app.database.db;
    // Verified: notification mail (an outbox row of theirs) goes to verified addresses only.
    const me = await signUpVerified(t.app, { name: 'Pat Private' });
    const other = await signUpVerified(t.app, { name: 'Olga Other' });
    await ok(me, 'PUT', '/api/profile', {
      headline: 'Tiler of note',
      bio: 'Twenty years of bathrooms.',
      location: 'Lyon',
      skills: ['tiling', 'grout'],
    });
    await ok(me, 'PUT', '/api/account/notification-preferences', { 'bid.received': false });
    const avatar = await uploadPhoto(
      t.app,
      'PUT',
      '/api/me/photo',
      me,
      await plainPng(),
      'image/png',
    );
    expect(avatar.statusCode).toBe(200);

    // Work I posted: one still open, one agreed and completed, reviewed both ways.
    const openTask = await insertTask(db, me.id, { title: 'Still open' });
    const doneTask = await insertTask(db, me.id, { title: 'Done together' });
    const hired = (await ok(other, 'POST', '/api/bids', buildBid(doneTask))).insertedId;
    await ok(me, 'POST', `/api/bids/${hired}/accept`);
    await ok(me, 'POST', `/api/tasks/${doneTask}/complete`);
    await ok(other, 'POST', `/api/tasks/${doneTask}/confirm-completion`);
    await ok(me, 'POST', `/api/tasks/${doneTask}/reviews`, {
      rating: 5,
      comment: 'Spotless work, Olga',
    });
    const toMe = await ok(other, 'POST', `/api/tasks/${doneTask}/reviews`, {
      rating: 4,
      comment: 'Pat pays on time',
    });
    await ok(me, 'POST', `/api/reviews/${toMe._id}/reply`, { reply: 'Thanks, Olga' });

    // Work someone else posted: my bid, my question, my messages.
    const theirs = await insertTask(db, other.id, { title: 'Their kitchen' });
    await ok(me, 'POST', '/api/bids', buildBid(theirs));
    await ok(me, 'POST', '/api/bids', buildBid(theirs, { amount: 95 })); // changes my offer
    await ok(me, 'POST', `/api/tasks/${theirs}/questions`, { text: 'Is the tile supplied?' });
    const thread = await ok(me, 'POST', '/api/threads', { taskId: theirs });
    await ok(me, 'POST', `/api/threads/${thread.id}/messages`, { body: 'Hello from Pat' });
    await ok(other, 'POST', `/api/threads/${thread.id}/messages`, { body: 'Hello Pat' });
    // A report I filed, and one about my open task.
    await ok(me, 'POST', '/api/reports', {
      targetType: 'task',
      targetId: theirs,
      category: 'spam',
    });
    await ok(other, 'POST', '/api/reports', {
      targetType: 'task',
      targetId: openTask,
      category: 'other',
    });

    // A statement of reasons about me (an operator's warning).
    await db
      .insert(statements)
      .values({ userId: me.id, action: 'warning', rule: 'spam', reason: 'Repeated posts.' });
    // A saved search of mine (task alerts).
    await ok(me, 'POST', '/api/saved-searches', {
      name: 'Tiling in Lyon',
      criteria: { search: 'tiling', location: 'Lyon' },
    });
    // A browser of mine that gets task alerts by push.
    const browserKeys = { p256dh: `B${'k'.repeat(86)}`, auth: 'a'.repeat(22) };
    await ok(me, 'POST', '/api/push/subscriptions', {
      endpoint: 'https://push.example.test/send/pat',
      keys: browserKeys,
    });
    // A block I made, and one of me (never in my download: it is their decision).
    const pest = await signUpVerified(t.app, { name: 'Pete Pest' });
    await ok(me, 'POST', '/api/blocks', { userId: pest.id });
    await ok(other, 'POST', '/api/blocks', { userId: me.id });

    // The scene covers every claimed table: a new one fails here until it is in the scene.
    const before = await rowsOf(db, me.id);
    const empty = Object.entries(before)
      .filter(([, n]) => n === 0)
      .map(([name]) => name);
    expect(empty, 'claimed tables with no row of the person in this scene').toEqual([]);

    const data = await ok(me, 'GET', '/api/account/export');
    for (const [section, value] of Object.entries(data)) {
      if (section === 'exportedAt') continue;
      const rows = Array.isArray(value) ? value : [value];
      expect(rows.length, `export section ${section} is empty`).toBeGreaterThan(0);
    }
    expect(data.publicProfile).toMatchObject({ headline: 'Tiler of note', location: 'Lyon' });
    expect(data.reviewsReceived).toEqual([
      expect.objectContaining({ comment: 'Pat pays on time', reply: 'Thanks, Olga' }),
    ]);
    expect(data.sessions[0]).toHaveProperty('userAgent');
    expect(data.threads).toEqual([expect.objectContaining({ taskTitle: 'Their kitchen' })]);
    expect(data.blocks).toEqual([
      { userId: pest.id, name: 'Pete Pest', since: expect.any(String) },
    ]);
    expect(JSON.stringify(data)).not.toContain(other.email);
    // The browser is listed; its keys are not.
    expect(data.pushSubscriptions).toEqual([
      {
        endpoint: 'https://push.example.test/send/pat',
        createdAt: expect.any(String),
        lastSuccessAt: null,
      },
    ]);
    expect(JSON.stringify(data)).not.toContain(browserKeys.p256dh);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: jsonHeaders(me.cookie),
      payload: { password: me.password },
    });
    expect(gone.statusCode).toBe(200);

    const profile = (await call(other, 'GET', `/api/users/${me.id}`)).json();
    expect(profile).toMatchObject({ name: 'Deleted user', headline: '', bio: '', location: '' });
    expect(profile.skills).toEqual([]);
    expect((await call(other, 'GET', `/api/users/${me.id}/reviews`)).json()).toEqual([]);
    const aboutOlga = JSON.stringify(
      (await call(other, 'GET', `/api/users/${other.id}/reviews`)).json(),
    );
    expect(aboutOlga).not.toContain('Spotless work');
    const questions = JSON.stringify(
      (await call(other, 'GET', `/api/tasks/${theirs}/questions`)).json(),
    );
    expect(questions).not.toContain('Is the tile supplied?');
    const browse = JSON.stringify((await call(other, 'GET', '/api/tasks?limit=100')).json());
    expect(browse).not.toContain('Still open');
    expect(browse).not.toMatch(/Pat Private|Tiler of note/);
    expect((await call(other, 'GET', `/api/tasks/${openTask}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', avatar.json().url)).statusCode).toBe(404);
    // The other side's agreed work still shows, from "Deleted user".
    expect((await call(other, 'GET', `/api/tasks/${doneTask}`)).json()).toMatchObject({
      title: 'Done together',
      userName: 'Deleted user',
    });

    const after = await rowsOf(db, me.id);
    for (const name of [
      'profiles',
      'session',
      'account',
      'notifications',
      'notification_preferences',
      'reports',
      'moderation_cases',
      'photos',
      'statements',
      'blocks',
      'push_subscriptions',
    ])
      expect(after[name], `${name} after deletion`).toBe(0);
  });
});
