import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SAVED_SEARCH_LIMIT, SAVED_SEARCH_MESSAGES } from '../../../shared/alerts/rules.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { callerFor, jsonHeaders, signUp } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { savedSearches } from '../../platform/db/schema.ts';

describe('saved searches', () => {
  const t = useTestApp();
  const [ann, bob] = useUsers(t, 2);
  const call = callerFor(t);
  const save = (who: typeof ann, body: object) => call('POST', '/api/saved-searches', who, body);

  it('saves the browse criteria in one canonical form, with a link back to browse', async () => {
    const res = await save(ann, {
      name: '  Logo design ',
      criteria: {
        search: ' logo ',
        category: 'Design',
        minPrice: '10.50',
        skills: 'figma, , Figma',
        sort: 'newest',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Logo design',
      criteria: { search: 'logo', category: 'Design', minPrice: '10.5', skills: 'figma' },
      path: '/browse-tasks?search=logo&category=Design&minPrice=10.5&skills=figma',
      frequency: 'instant',
      channels: ['in-app'],
      lastAlertAt: null,
    });
    const list = (await call('GET', '/api/saved-searches', ann)).json();
    expect(list.map((s: { name: string }) => s.name)).toContain('Logo design');
  });

  it('refuses the same search twice, however it is spelled', async () => {
    const first = await save(ann, {
      name: 'Copy',
      criteria: { search: 'Brochure', skills: 'InDesign, print' },
    });
    expect(first.statusCode).toBe(201);
    const again = await save(ann, {
      name: 'Copy again',
      criteria: { search: ' brochure', skills: 'print,indesign', sort: '' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: SAVED_SEARCH_MESSAGES.duplicate,
      code: 'SAVED_SEARCH_DUPLICATE',
    });
    // Someone else may save the same search.
    expect(
      (
        await save(bob, {
          name: 'Copy',
          criteria: { search: 'brochure', skills: 'print, indesign' },
        })
      ).statusCode,
    ).toBe(201);
  });

  it.each([
    ['no search and no filter', { name: 'All', criteria: { sort: 'priceLow' } }, 'criteria'],
    ['a name too long', { name: 'x'.repeat(61), criteria: { search: 'a' } }, 'body.name'],
    ['an empty name', { name: '  ', criteria: { search: 'a' } }, 'body.name'],
    [
      'a daily digest in the app',
      { name: 'D', criteria: { search: 'a' }, frequency: 'daily', channels: ['in-app'] },
      'body.channels',
    ],
    [
      'a weekly digest in the app too',
      { name: 'W', criteria: { search: 'a' }, frequency: 'weekly', channels: ['email', 'in-app'] },
      'body.channels',
    ],
    [
      'an unknown frequency',
      { name: 'H', criteria: { search: 'a' }, frequency: 'hourly' },
      'body.frequency',
    ],
    [
      'an unknown channel',
      { name: 'S', criteria: { search: 'a' }, channels: ['sms'] },
      'body.channels',
    ],
    ['no channel', { name: 'N', criteria: { search: 'a' }, channels: [] }, 'body.channels'],
    [
      'prices out of order',
      { name: 'P', criteria: { minPrice: '50', maxPrice: '10' } },
      'minPrice',
    ],
    ['an unknown category', { name: 'C', criteria: { category: 'Cooking' } }, 'category'],
    [
      'a search past browse’s limit',
      { name: 'S', criteria: { search: 'x'.repeat(201) } },
      'search',
    ],
  ])('refuses %s with a 400 naming the field', async (_, body, path) => {
    const res = await save(bob, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json().issues)).toContain(path);
  });

  it('takes every frequency and channel; a digest comes by e-mail only', async () => {
    const who = await signUp(t.app);
    const both = await save(who, {
      name: 'Both',
      criteria: { search: 'both ways' },
      channels: ['in-app', 'email', 'email'],
    });
    expect(both.statusCode, both.body).toBe(201);
    expect(both.json()).toMatchObject({ frequency: 'instant', channels: ['in-app', 'email'] });
    const daily = await save(who, {
      name: 'Daily',
      criteria: { search: 'daily' },
      frequency: 'daily',
    });
    expect(daily.json()).toMatchObject({ frequency: 'daily', channels: ['email'] });
    const weekly = await save(who, {
      name: 'Weekly',
      criteria: { search: 'weekly' },
      frequency: 'weekly',
      channels: ['email'],
    });
    expect(weekly.json()).toMatchObject({ frequency: 'weekly', channels: ['email'] });

    const path = `/api/saved-searches/${both.json()._id}`;
    // Choosing Daily alone makes it an e-mail digest.
    const toDaily = await call('PATCH', path, who, { frequency: 'daily' });
    expect(toDaily.json()).toMatchObject({ frequency: 'daily', channels: ['email'] });
    const inApp = await call('PATCH', path, who, { channels: ['in-app'] });
    expect(inApp.statusCode).toBe(400);
    expect(inApp.json().issues).toEqual([
      { path: 'body.channels', message: SAVED_SEARCH_MESSAGES.digestByEmail },
    ]);
    const back = await call('PATCH', path, who, { frequency: 'instant', channels: ['in-app'] });
    expect(back.json()).toMatchObject({ frequency: 'instant', channels: ['in-app'] });
    const paused = await call('PATCH', path, who, { frequency: 'paused' });
    expect(paused.json()).toMatchObject({ frequency: 'paused', channels: ['in-app'] });
    const listed = (await call('GET', '/api/saved-searches', who)).json();
    expect(listed.map((s: { frequency: string }) => s.frequency)).toEqual([
      'paused',
      'daily',
      'weekly',
    ]);
  });

  it(`keeps at most ${SAVED_SEARCH_LIMIT} per person, even when 12 saves race`, async () => {
    const racer = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        save(racer, { name: `Race ${i}`, criteria: { search: `race ${i}` } }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(SAVED_SEARCH_LIMIT);
    expect(codes.filter((c) => c === 409)).toHaveLength(2);
    for (const refused of results.filter((r) => r.statusCode === 409))
      expect(refused.json()).toMatchObject({
        message: SAVED_SEARCH_MESSAGES.limit,
        code: 'SAVED_SEARCH_LIMIT',
      });
    const rows = await t.app.database.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, racer.id));
    expect(rows).toHaveLength(SAVED_SEARCH_LIMIT);
  });

  it('renames, pauses and resumes one’s own; another person’s is not found', async () => {
    const id = (await save(ann, { name: 'Pause me', criteria: { category: 'Writing' } })).json()
      ._id;
    const patched = await call('PATCH', `/api/saved-searches/${id}`, ann, {
      name: 'Writing jobs',
      frequency: 'paused',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Writing jobs', frequency: 'paused' });
    const resumed = await call('PATCH', `/api/saved-searches/${id}`, ann, { frequency: 'instant' });
    expect(resumed.json()).toMatchObject({ frequency: 'instant' });
    expect((await call('PATCH', `/api/saved-searches/${id}`, ann, {})).statusCode).toBe(400);

    for (const [method, body] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/saved-searches/${id}`, bob, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SAVED_SEARCH_MESSAGES.notFound);
    }
    expect(
      (await call('GET', '/api/saved-searches', bob)).json().map((s: { _id: string }) => s._id),
    ).not.toContain(id);
    expect((await call('DELETE', '/api/saved-searches/not-an-id', ann)).statusCode).toBe(404);

    expect((await call('DELETE', `/api/saved-searches/${id}`, ann)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/saved-searches/${id}`, ann)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await call('GET', '/api/saved-searches')).statusCode).toBe(401);
    expect(
      (
        await call('POST', '/api/saved-searches', undefined, {
          name: 'x',
          criteria: { search: 'x' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('exports a person’s saved searches and erases them with the account', async () => {
    const leaving = await signUp(t.app);
    await save(leaving, { name: 'Leaving soon', criteria: { location: 'Berlin' } });
    const data = (await call('GET', '/api/account/export', leaving)).json();
    expect(data.savedSearches).toEqual([
      expect.objectContaining({ name: 'Leaving soon', criteria: { location: 'Berlin' } }),
    ]);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: jsonHeaders(leaving.cookie),
      payload: { password: leaving.password },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const rows = await t.app.database.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, leaving.id));
    expect(rows).toEqual([]);
  });
});
