import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALERT_EVERY_MINUTES } from '../../../shared/alerts/rules.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { jobNow, setTimeAgo } from '../../../../tests/factories/clock.ts';
import { insertBid, insertTask } from '../../../../tests/factories/tasks.ts';
import { callerFor, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { notifications, savedSearches } from '../../platform/db/schema.ts';
import { sendInstantAlerts } from './job.ts';

describe('instant task alerts', () => {
  const t = useTestApp();
  const [poster] = useUsers(t, 1);
  const call = callerFor(t);
  /** A run now, with no time for new tasks to settle (they are all committed). */
  const run = () => sendInstantAlerts(t.app.database.db, t.app.events, jobNow(), 0);
  /** The clock moves on past the search's quiet time. */
  const quietTimeOver = (id: string) =>
    setTimeAgo(
      t.app.database.db,
      savedSearches.alertedAt,
      id,
      `${ALERT_EVERY_MINUTES + 1} minutes`,
    );

  /** A new person with one instant saved search; returns them and the search's id. */
  const searcher = async (criteria: Record<string, string>, name = 'My search') => {
    const who = await signUp(t.app);
    const res = await call('POST', '/api/saved-searches', who, { name, criteria });
    expect(res.statusCode, res.body).toBe(201);
    return { who, id: res.json()._id as string };
  };
  const alertsOf = (who: TestUser) =>
    t.app.database.db.select().from(notifications).where(eq(notifications.userId, who.id));
  const matchedBy = (runs: Awaited<ReturnType<typeof run>>[], id: string) =>
    runs
      .flat()
      .filter((m) => m.savedSearchId === id)
      .flatMap((m) => m.taskIds);

  it('matches each new task once when two runs race, and links to browse with the search', async () => {
    const { who, id } = await searcher({ search: 'racing pigeon' }, 'Pigeons');
    const db = t.app.database.db;
    const tasks = [
      await insertTask(db, poster.id, { title: 'Racing pigeon loft' }),
      await insertTask(db, poster.id, { title: 'Racing pigeon logo' }),
    ];
    await insertTask(db, poster.id, { title: 'Garden shed' });
    const runs = await Promise.all([run(), run()]);
    expect(matchedBy(runs, id).sort()).toEqual([...tasks].sort());
    const alerts = await alertsOf(who);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      type: 'search.matched',
      title: '2 new tasks match “Pigeons”',
      link: '/browse-tasks?search=racing+pigeon',
      taskId: null,
    });
    // The bell's API says where it leads.
    const bell = (await call('GET', '/api/notifications', who)).json();
    expect(bell[0]).toMatchObject({
      type: 'search.matched',
      link: '/browse-tasks?search=racing+pigeon',
    });
    // Later runs do not count them again.
    await quietTimeOver(id);
    expect(matchedBy([await run()], id)).toEqual([]);
    expect(await alertsOf(who)).toHaveLength(1);
  });

  it('never alerts of one’s own tasks, tasks one bid on, or tasks no longer open', async () => {
    const { who, id } = await searcher({ category: 'Research', location: 'Narnia' });
    const db = t.app.database.db;
    const research = { category: 'Research' as const, location: 'Narnia' };
    const open = await insertTask(db, poster.id, research);
    await insertTask(db, who.id, research);
    const bidOn = await insertTask(db, poster.id, research);
    await insertBid(db, bidOn, who.id);
    await insertTask(db, poster.id, { ...research, status: 'Completed' });
    const helper = await signUp(t.app);
    await insertTask(db, poster.id, {
      ...research,
      status: 'In Progress',
      assigneeId: helper.id,
      assignedTo: helper.email,
    });
    expect(matchedBy([await run()], id)).toEqual([open]);
    expect((await alertsOf(who))[0]?.title).toBe('1 new task matches “My search”');
  });

  it(`writes at most one alert per search in ${ALERT_EVERY_MINUTES} minutes; the rest wait and add up`, async () => {
    const { who, id } = await searcher({ search: 'quokka' });
    const db = t.app.database.db;
    await insertTask(db, poster.id, { title: 'Quokka portrait' });
    expect(matchedBy([await run()], id)).toHaveLength(1);
    await insertTask(db, poster.id, { title: 'Quokka mural' });
    await insertTask(db, poster.id, { title: 'Quokka mug' });
    // Still quiet: the search is not even looked at.
    expect(matchedBy([await run()], id)).toEqual([]);
    expect(await alertsOf(who)).toHaveLength(1);
    await quietTimeOver(id);
    const later = await run();
    expect(matchedBy([later], id)).toHaveLength(2);
    const titles = (await alertsOf(who)).map((n) => n.title).sort();
    expect(titles).toEqual(['1 new task matches “My search”', '2 new tasks match “My search”']);
  });

  it('does not alert while paused, nor of what was posted before saving or while paused', async () => {
    const db = t.app.database.db;
    await insertTask(db, poster.id, { title: 'Narwhal before saving' });
    const { who, id } = await searcher({ search: 'narwhal' });
    await call('PATCH', `/api/saved-searches/${id}`, who, { frequency: 'paused' });
    await insertTask(db, poster.id, { title: 'Narwhal while paused' });
    expect(matchedBy([await run()], id)).toEqual([]);
    await call('PATCH', `/api/saved-searches/${id}`, who, { frequency: 'instant' });
    const after = await insertTask(db, poster.id, { title: 'Narwhal after resuming' });
    expect(matchedBy([await run()], id)).toEqual([after]);
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, id));
    expect(row?.alertedAt).not.toBeNull();
  });

  it('alerts of exactly the tasks browse shows for the same criteria', async () => {
    const criteria = {
      search: 'illustration',
      category: 'Design',
      minPrice: '100',
      maxPrice: '500',
      skills: 'ink',
      sort: 'priceLow',
    };
    const { who, id } = await searcher(criteria);
    const db = t.app.database.db;
    const design = { category: 'Design' as const, description: 'Ink and paper work.' };
    await insertTask(db, poster.id, { ...design, title: 'Illustration for a book', budget: 250 });
    await insertTask(db, poster.id, { ...design, title: 'Cover illustrations', budget: 100 });
    await insertTask(db, poster.id, { ...design, title: 'Illustration, pricey', budget: 900 });
    await insertTask(db, poster.id, { ...design, title: 'Illustration, no budget', budget: null });
    await insertTask(db, poster.id, {
      title: 'Illustration essay',
      category: 'Writing',
      budget: 200,
      description: 'ink',
    });
    await insertTask(db, poster.id, { ...design, title: 'Logo', budget: 300 });
    await insertTask(db, poster.id, {
      ...design,
      title: 'Illustrated map',
      budget: 300,
      description: 'Pencil only.',
    });
    const matched = matchedBy([await run()], id);
    const query = new URLSearchParams({ ...criteria, status: 'open', limit: '100' });
    const browse = await call('GET', `/api/tasks?${query}`, who);
    expect(browse.statusCode).toBe(200);
    const shown = browse.json().map((task: { _id: string }) => task._id);
    expect(matched.length).toBeGreaterThan(0);
    expect([...matched].sort()).toEqual([...shown].sort());
  });
});
