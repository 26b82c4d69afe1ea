import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_EVERY_MINUTES } from '../../../shared/alerts/rules.ts';
import { jobNow, setTimeAgo } from '../../../../tests/factories/clock.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { insertTask } from '../../../../tests/factories/tasks.ts';
import { callerFor, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { startPushService, type PushService } from '../../../../tests/setup/push-service.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { notifications, pushSubscriptions, savedSearches } from '../../platform/db/schema.ts';
import { sendInstantAlerts } from './job.ts';
import { pushAlerts } from './push-alerts.ts';

describe('task alerts by web push, through a real push service', () => {
  const t = useTestApp();
  const [poster] = useUsers(t, 1);
  const call = callerFor(t);
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service.stop());

  const warnings: object[] = [];
  const log = { warn: (fields: object) => warnings.push(fields) } as unknown as FastifyBaseLogger;
  /** One run of the job: the alerts, then their push messages. */
  const run = async () => {
    const matches = await sendInstantAlerts(t.app.database.db, t.app.events, jobNow(), 0);
    return pushAlerts(t.app.database.db, t.config.push, log, matches);
  };
  const quietTimeOver = (id: string) =>
    setTimeAgo(
      t.app.database.db,
      savedSearches.alertedAt,
      id,
      `${ALERT_EVERY_MINUTES + 1} minutes`,
    );

  /** A browser of `who` subscribed at the push service and turned on through the API. */
  const device = async (who: TestUser) => {
    const subscription = await service.subscribe(t.config.push?.publicKey ?? '');
    const { clientHash, ...json } = subscription;
    const res = await call('POST', '/api/push/subscriptions', who, json);
    expect(res.statusCode, res.body).toBe(201);
    return { clientHash, endpoint: json.endpoint };
  };
  const search = async (who: TestUser, criteria: object, channels: string[]) => {
    const res = await call('POST', '/api/saved-searches', who, {
      name: 'Secret hobby',
      criteria,
      channels,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  };
  const received = async (clientHash: string) =>
    (await service.messages(clientHash)).map((m) => JSON.parse(m) as Record<string, string>);
  const subscriptionRows = () => t.app.database.db.select().from(pushSubscriptions);

  it('sends each browser of the person an encrypted title and link, and nothing personal', async () => {
    const me = await signUp(t.app);
    const phone = await device(me);
    const laptop = await device(me);
    const someoneElse = await device(await signUp(t.app));
    await search(me, { search: 'origami crane' }, ['push']);
    const db = t.app.database.db;
    await insertTask(db, poster.id, { title: 'Origami crane mobile' });
    await insertTask(db, poster.id, { title: 'Origami crane wedding' });
    await insertTask(db, poster.id, { title: 'Origami crane logo' });

    expect(await run()).toEqual({ sent: 2, removed: 0, failed: 0 });
    const message = {
      title: '3 new tasks match your saved search',
      body: 'Open TaskBid to see them.',
      link: '/browse-tasks?search=origami+crane',
    };
    expect(await received(phone.clientHash)).toEqual([message]);
    expect(await received(laptop.clientHash)).toEqual([message]);
    expect(await received(someoneElse.clientHash)).toEqual([]);
    // Not the search's name, nor anything of the person.
    const raw = (await service.messages(phone.clientHash)).join();
    expect(raw).not.toContain('Secret hobby');
    expect(raw).not.toContain(me.email);
    // Push only: nothing in the bell. The delivery is remembered.
    expect(
      await db.select().from(notifications).where(eq(notifications.userId, me.id)),
    ).toHaveLength(0);
    const mine = (await subscriptionRows()).filter((r) => r.userId === me.id);
    expect(mine.map((r) => r.lastSuccessAt)).toEqual([expect.any(Date), expect.any(Date)]);
  });

  it('alerts in the bell and by push when a search has both; one task is "1 new task matches"', async () => {
    const me = await signUp(t.app);
    const phone = await device(me);
    await search(me, { search: 'tuba lessons' }, ['in-app', 'push']);
    await insertTask(t.app.database.db, poster.id, { title: 'Tuba lessons for a beginner' });
    expect(await run()).toEqual({ sent: 1, removed: 0, failed: 0 });
    expect(await received(phone.clientHash)).toEqual([
      {
        title: '1 new task matches your saved search',
        body: 'Open TaskBid to see it.',
        link: '/browse-tasks?search=tuba+lessons',
      },
    ]);
    const bell = await t.app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, me.id));
    expect(bell.map((n) => n.title)).toEqual(['1 new task matches “Secret hobby”']);
  });

  it('deletes a subscription the push service says is gone (410); keeps one that failed otherwise', async () => {
    const me = await signUp(t.app);
    const gone = await device(me);
    const kept = await device(me);
    const id = await search(me, { search: 'kite repair' }, ['push']);
    await service.expire(gone.clientHash);
    // A browser the push service does not know: it answers 400, which may pass.
    const stray = await service.subscribe(t.config.push?.publicKey ?? '');
    const unknownHash = stray.endpoint.replace(stray.clientHash, 'f'.repeat(64));
    const res = await call('POST', '/api/push/subscriptions', me, {
      endpoint: unknownHash,
      keys: stray.keys,
    });
    expect(res.statusCode).toBe(201);

    await insertTask(t.app.database.db, poster.id, { title: 'Kite repair, torn sail' });
    warnings.length = 0;
    expect(await run()).toEqual({ sent: 1, removed: 1, failed: 1 });
    const endpoints = (await subscriptionRows())
      .filter((r) => r.userId === me.id)
      .map((r) => r.endpoint)
      .sort();
    expect(endpoints).toEqual([kept.endpoint, unknownHash].sort());
    expect(endpoints).not.toContain(gone.endpoint);
    expect(warnings).toEqual([expect.objectContaining({ status: 400 })]);
    expect(await received(kept.clientHash)).toHaveLength(1);

    // The next alert tries the failed one again, and never the gone one.
    await quietTimeOver(id);
    await insertTask(t.app.database.db, poster.id, { title: 'Kite repair, broken spar' });
    expect(await run()).toEqual({ sent: 1, removed: 0, failed: 1 });
    expect(await received(kept.clientHash)).toHaveLength(2);
  });
});
