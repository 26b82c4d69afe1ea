import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALERT_EVERY_MINUTES, MAIL_TASKS_PER_SEARCH } from '../../../shared/alerts/rules.ts';
import { jobNow, setTimeAgo } from '../../../../tests/factories/clock.ts';
import { insertBid, insertTask } from '../../../../tests/factories/tasks.ts';
import { apiCall, signUpVerified, type TestUser } from '../../../../tests/factories/users.ts';
import { useMailTestApp } from '../../../../tests/setup/mail-test-app.ts';
import type { ReceivedMail } from '../../../../tests/setup/smtp-server.ts';
import { TEST_BASE_URL } from '../../../../tests/setup/test-app.ts';
import { blocks, notifications, savedSearches, tasks } from '../../platform/db/schema.ts';
import { sendDigests } from './digest-job.ts';
import { sendInstantAlerts } from './job.ts';

describe('task alerts by e-mail', () => {
  const t = useMailTestApp();
  const db = () => t.app.database.db;
  const call = (
    method: Parameters<typeof apiCall>[1],
    url: string,
    who?: TestUser,
    body?: object,
  ) => apiCall(t.app, method, url, who, body);
  const instant = () => sendInstantAlerts(db(), t.app.events, jobNow(), 0);
  const digests = () => sendDigests(db(), jobNow(), 0);
  /** Mail is sent by the worker once the job's transaction commits. */
  const settle = async () => {
    await t.app.mail.drain();
    await t.app.mail.drain();
  };
  const alertMails = (who: TestUser) =>
    t.smtp.to(who.email).filter((m) => m.subject !== 'Verify your e-mail');
  /** The tasks a mail lists, in its order (their links). */
  const taskIdsIn = (mail: ReceivedMail | undefined) =>
    (mail?.links ?? []).flatMap((l) => {
      const id = new RegExp(`^${TEST_BASE_URL}/browse-tasks/([0-9a-f-]{36})$`).exec(l)?.[1];
      return id ? [id] : [];
    });
  const poster = () => signUpVerified(t.app);

  /** Saves a search for `who`; returns its id. */
  const save = async (who: TestUser, body: Record<string, unknown>) => {
    const res = await call('POST', '/api/saved-searches', who, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  };
  /** The search's last digest (its watermark) was this long ago: a digest is due. */
  const lastDigestAgo = (id: string, interval: string) =>
    setTimeAgo(db(), savedSearches.matchedUntil, id, interval);
  const searchRow = async (id: string) =>
    (await db().select().from(savedSearches).where(eq(savedSearches.id, id)))[0];

  it('instant by e-mail: one mail listing the new tasks, at most one per quarter hour', async () => {
    const who = await signUpVerified(t.app);
    const owner = await poster();
    const id = await save(who, {
      name: 'Pigeons',
      criteria: { search: 'carrier pigeon' },
      channels: ['email'],
    });
    const first = await insertTask(db(), owner.id, { title: 'Carrier pigeon loft', budget: 80 });
    const second = await insertTask(db(), owner.id, { title: 'Carrier pigeon logo', budget: null });
    await insertTask(db(), owner.id, { title: 'Garden shed' });
    // Two instances at once: one mail.
    await Promise.all([instant(), instant()]);
    await expect.poll(() => alertMails(who).length, { timeout: 10_000 }).toBe(1);
    const [mail] = alertMails(who);
    expect(mail!.subject).toBe('2 new tasks match “Pigeons”');
    expect(taskIdsIn(mail).sort()).toEqual([first, second].sort());
    expect(mail!.text).toContain('Carrier pigeon loft $80.00');
    expect(mail!.text).toContain('Carrier pigeon logo No budget');
    expect(mail!.links).toContain(`${TEST_BASE_URL}/browse-tasks?search=carrier+pigeon`);
    // E-mail only: nothing in the bell.
    const bell = await db().select().from(notifications).where(eq(notifications.userId, who.id));
    expect(bell).toEqual([]);

    // Inside the quiet quarter hour nothing more goes; after it, what came meanwhile does.
    const third = await insertTask(db(), owner.id, { title: 'Carrier pigeon mural' });
    await instant();
    await settle();
    expect(alertMails(who)).toHaveLength(1);
    await setTimeAgo(db(), savedSearches.alertedAt, id, `${ALERT_EVERY_MINUTES + 1} minutes`);
    await instant();
    await expect.poll(() => alertMails(who).length, { timeout: 10_000 }).toBe(2);
    expect(alertMails(who)[1]!.subject).toBe('1 new task matches “Pigeons”');
    expect(taskIdsIn(alertMails(who)[1])).toEqual([third]);
  });

  it('a digest lists exactly what Browse Tasks shows for the search and window, first 20', async () => {
    const who = await signUpVerified(t.app);
    const owner = await poster();
    const criteria = {
      search: 'harpsichord',
      category: 'Design',
      minPrice: '10',
      sort: 'priceLow',
    };
    const id = await save(who, { name: 'Harpsichords', criteria, frequency: 'daily' });
    const design = { category: 'Design' as const };
    // Posted before the window: browse shows it, the digest does not.
    const before = await insertTask(db(), owner.id, {
      ...design,
      title: 'Harpsichord poster',
      budget: 11,
    });
    await setTimeAgo(db(), tasks.createdAt, before, '3 days');
    await lastDigestAgo(id, '2 days');
    for (let i = 0; i < MAIL_TASKS_PER_SEARCH + 2; i++)
      await insertTask(db(), owner.id, {
        ...design,
        title: `Harpsichord sketch ${i}`,
        budget: 20 + ((i * 7) % 23),
      });
    await insertTask(db(), owner.id, { ...design, title: 'Harpsichord, cheap', budget: 5 });
    await insertTask(db(), owner.id, {
      category: 'Writing',
      title: 'Harpsichord essay',
      budget: 50,
    });
    await insertTask(db(), owner.id, {
      ...design,
      title: 'Harpsichord, taken',
      status: 'Completed',
    });

    await digests();
    await expect.poll(() => alertMails(who).length, { timeout: 10_000 }).toBe(1);
    const [mail] = alertMails(who);
    const query = new URLSearchParams({ ...criteria, status: 'open', limit: '100' });
    const browse = await call('GET', `/api/tasks?${query}`, who);
    expect(browse.statusCode).toBe(200);
    const shown = browse
      .json()
      .map((task: { _id: string }) => task._id)
      .filter((taskId: string) => taskId !== before);
    expect(shown).toHaveLength(MAIL_TASKS_PER_SEARCH + 2);
    expect(taskIdsIn(mail)).toEqual(shown.slice(0, MAIL_TASKS_PER_SEARCH));
    expect(mail!.subject).toBe('Your daily task alert: 22 new tasks');
    expect(mail!.text).toContain('“Harpsichords”: 22 new tasks (the first 20 here)');
    expect(mail!.text).toContain(
      `See all: ${TEST_BASE_URL}/browse-tasks?search=harpsichord&category=Design&minPrice=10&sort=priceLow`,
    );
    // The watermark moved: the next run sends nothing.
    await digests();
    await settle();
    expect(alertMails(who)).toHaveLength(1);
  });

  it('one mail per person for all their due searches; nothing when nothing matched', async () => {
    const who = await signUpVerified(t.app);
    const quiet = await signUpVerified(t.app);
    const owner = await poster();
    const ids = {
      lutes: await save(who, { name: 'Lutes', criteria: { search: 'lute' }, frequency: 'daily' }),
      oboes: await save(who, { name: 'Oboes', criteria: { search: 'oboe' }, frequency: 'daily' }),
      tubas: await save(who, { name: 'Tubas', criteria: { search: 'tuba' }, frequency: 'weekly' }),
      gongs: await save(who, { name: 'Gongs', criteria: { search: 'gong' }, frequency: 'daily' }),
      nothing: await save(quiet, {
        name: 'Zithers',
        criteria: { search: 'zither' },
        frequency: 'daily',
      }),
    };
    for (const id of [ids.lutes, ids.oboes, ids.gongs, ids.nothing])
      await lastDigestAgo(id, '2 days');
    await lastDigestAgo(ids.tubas, '8 days');
    await insertTask(db(), owner.id, { title: 'Lute repair' });
    await insertTask(db(), owner.id, { title: 'Oboe reeds' });
    await insertTask(db(), owner.id, { title: 'Oboe case' });
    await insertTask(db(), owner.id, { title: 'Tuba polish' });

    await digests();
    await expect.poll(() => alertMails(who).length, { timeout: 10_000 }).toBe(1);
    await settle();
    expect(alertMails(who)).toHaveLength(1);
    const [mail] = alertMails(who);
    expect(mail!.subject).toBe('Your daily task alert: 4 new tasks');
    expect(mail!.text).toContain('“Lutes”: 1 new task');
    expect(mail!.text).toContain('“Oboes”: 2 new tasks');
    expect(mail!.text).toContain('“Tubas”: 1 new task');
    expect(mail!.text).not.toContain('Gongs');
    expect(alertMails(quiet)).toEqual([]);
    // The quiet one's digest came and went: its watermark moved, no alert time.
    const row = await searchRow(ids.nothing);
    expect(row!.matchedUntil.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row!.alertedAt).toBeNull();
  });

  it('never lists one’s own tasks, tasks one bid on, closed ones, or blocked people’s', async () => {
    const who = await signUpVerified(t.app);
    const [friend, blockedByMe, blockingMe] = [await poster(), await poster(), await poster()];
    const criteria = { search: 'theremin' };
    const digestId = await save(who, { name: 'Theremins', criteria, frequency: 'weekly' });
    await lastDigestAgo(digestId, '8 days');
    const instantId = await save(who, {
      name: 'Theremins now',
      criteria: { ...criteria, minPrice: '1' },
    });
    await db()
      .insert(blocks)
      .values([
        { blockerId: who.id, blockedId: blockedByMe.id },
        { blockerId: blockingMe.id, blockedId: who.id },
      ]);
    const open = await insertTask(db(), friend.id, { title: 'Theremin lessons', budget: 40 });
    await insertTask(db(), blockedByMe.id, { title: 'Theremin tuning', budget: 40 });
    await insertTask(db(), blockingMe.id, { title: 'Theremin stand', budget: 40 });
    await insertTask(db(), who.id, { title: 'My own theremin', budget: 40 });
    const bidOn = await insertTask(db(), friend.id, { title: 'Theremin cables', budget: 40 });
    await insertBid(db(), bidOn, who.id);
    await insertTask(db(), friend.id, { title: 'Theremin, done', budget: 40, status: 'Completed' });

    const [instantRun] = [await instant()];
    expect(instantRun.find((m) => m.savedSearchId === instantId)?.taskIds).toEqual([open]);
    await digests();
    await expect.poll(() => alertMails(who).length, { timeout: 10_000 }).toBe(1);
    expect(taskIdsIn(alertMails(who)[0])).toEqual([open]);
  });

  it('unsubscribing from one search stops its e-mail only; the mail’s header stops all it lists', async () => {
    const who = await signUpVerified(t.app);
    const owner = await poster();
    const both = await save(who, {
      name: 'Banjos',
      criteria: { search: 'banjo' },
      channels: ['in-app', 'email'],
    });
    const fiddles = await save(who, {
      name: 'Fiddles',
      criteria: { search: 'fiddle' },
      frequency: 'daily',
    });
    const cellos = await save(who, {
      name: 'Cellos',
      criteria: { search: 'cello' },
      frequency: 'daily',
    });
    for (const id of [fiddles, cellos]) await lastDigestAgo(id, '2 days');
    const firstTasks = [
      await insertTask(db(), owner.id, { title: 'Fiddle lessons' }),
      await insertTask(db(), owner.id, { title: 'Cello bow' }),
    ];
    await digests();
    await expect.poll(() => alertMails(who).length, { timeout: 10_000 }).toBe(1);
    const [digest] = alertMails(who);

    // The header names both searches of the mail; looking changes nothing.
    const head = digest!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const oneClick = /^List-Unsubscribe: <([^>]+)>$/m.exec(head)?.[1] ?? '';
    expect(oneClick).toMatch(new RegExp(`^${TEST_BASE_URL}/api/alerts/unsubscribe\\?token=`));
    const look = await t.app.inject({ method: 'GET', url: oneClick.slice(TEST_BASE_URL.length) });
    expect(look.json()).toEqual({
      searches: [
        { name: 'Fiddles', email: true },
        { name: 'Cellos', email: true },
      ],
    });

    // The link under "Fiddles": a page that works signed out, and its one click.
    const lines = digest!.text.split('\n');
    const stop = lines
      .slice(lines.findIndex((l) => l.includes('“Fiddles”')))
      .find((l) => l.startsWith('Stop e-mails for this search: '))!
      .slice('Stop e-mails for this search: '.length);
    expect(stop).toMatch(new RegExp(`^${TEST_BASE_URL}/alerts/unsubscribe\\?token=`));
    const token = new URL(stop).searchParams.get('token');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/alerts/unsubscribe?token=${token}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ searches: [{ name: 'Fiddles', email: false }] });
    const list = (await call('GET', '/api/saved-searches', who)).json();
    expect(
      list.map((s: { name: string; frequency: string; channels: string[] }) => [
        s.name,
        s.frequency,
        s.channels,
      ]),
    ).toEqual([
      ['Banjos', 'instant', ['in-app', 'email']],
      ['Fiddles', 'paused', ['email']],
      ['Cellos', 'daily', ['email']],
    ]);

    // An instant search that also alerts in the app keeps the bell.
    await insertTask(db(), owner.id, { title: 'Banjo strings' });
    await instant();
    await expect.poll(() => alertMails(who).length, { timeout: 10_000 }).toBe(2);
    const banjoHead = alertMails(who)[1]!
      .raw.split(/\r?\n\r?\n/)[0]!
      .replace(/\r?\n[ \t]+/g, ' ');
    const banjoClick = /^List-Unsubscribe: <([^>]+)>$/m.exec(banjoHead)?.[1] ?? '';
    const off = await t.app.inject({
      method: 'POST',
      url: banjoClick.slice(TEST_BASE_URL.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.json()).toEqual({ searches: [{ name: 'Banjos', email: false }] });
    expect(await searchRow(both)).toMatchObject({ frequency: 'instant', channels: ['in-app'] });
    expect(await searchRow(cellos)).toMatchObject({ frequency: 'daily', channels: ['email'] });

    // A day later (the first tasks are older than the next window): Cellos still mails,
    // Fiddles does not.
    for (const id of firstTasks) await setTimeAgo(db(), tasks.createdAt, id, '3 days');
    await insertTask(db(), owner.id, { title: 'Fiddle case' });
    await insertTask(db(), owner.id, { title: 'Cello strings' });
    await lastDigestAgo(cellos, '2 days');
    await lastDigestAgo(fiddles, '2 days');
    await digests();
    await expect.poll(() => alertMails(who).length, { timeout: 10_000 }).toBe(3);
    expect(alertMails(who)[2]!.text).toContain('“Cellos”: 1 new task');
    expect(alertMails(who)[2]!.text).not.toContain('Fiddle');

    for (const bad of ['nope', 'a.b', token!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/alerts/unsubscribe?token=${bad}`,
      });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    }
  });
});
