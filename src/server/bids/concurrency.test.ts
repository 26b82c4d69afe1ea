import { count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendWhileShedding } from '../../../tests/setup/load-shedding.ts';
import { TEST_BASE_URL, useTestApp } from '../../../tests/setup/test-app.ts';
import { signUp, type TestUser } from '../../../tests/factories/users.ts';
import { buildBid, buildTask, insertTask } from '../../../tests/factories/tasks.ts';
import { bids, tasks } from '../db/schema.ts';

const USERS = 50;
const BIDS_EACH = 20;

describe('bids under concurrency, over real HTTP', () => {
  const t = useTestApp();
  let base: string;
  let owner: TestUser;
  let bidders: TestUser[];
  beforeAll(async () => {
    // A thousand connections open at once: a backlog above Node's default 511, so a busy
    // machine does not reset the ones the server has not accepted yet.
    base = await t.app.listen({ host: '127.0.0.1', port: 0, backlog: 2048 });
    owner = await signUp(t.app);
    bidders = [];
    for (let i = 0; i < USERS; i++) bidders.push(await signUp(t.app));
  });

  /** A bid as a real client sends it, again while the server sheds load. */
  const placeBid = (user: TestUser, taskId: string, amount: number) =>
    sendWhileShedding(() =>
      fetch(`${base}/api/bids`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: TEST_BASE_URL,
          cookie: user.cookie,
        },
        body: JSON.stringify(buildBid(taskId, { amount })),
      }),
    );

  it(`${USERS} users placing ${BIDS_EACH} bids each, all at once, store exactly ${USERS * BIDS_EACH}`, async () => {
    const taskId = await insertTask(t.app.database.db, owner.id, buildTask());
    const responses = await Promise.all(
      bidders.flatMap((user, u) =>
        Array.from({ length: BIDS_EACH }, (_, b) =>
          placeBid(user, taskId, (100 * (u + 1) + b) / 100),
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    const tally = Object.fromEntries(
      [...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length]),
    );
    const refused = responses.find((r) => r.status !== 201);
    expect(
      statuses.filter((s) => s === 201),
      `statuses ${JSON.stringify(tally)}; first refusal: ${refused ? await refused.clone().text() : ''}`,
    ).toHaveLength(USERS * BIDS_EACH);
    const ids = await Promise.all(
      responses.map(async (r) => (await r.json()).insertedId as string),
    );
    expect(new Set(ids).size).toBe(USERS * BIDS_EACH);

    const task = await fetch(`${base}/api/tasks/${taskId}`);
    expect((await task.json()).bidCount).toBe(USERS * BIDS_EACH);
    const [stored] = await t.app.database.db
      .select({ n: count() })
      .from(bids)
      .where(eq(bids.taskId, taskId));
    expect(stored?.n).toBe(USERS * BIDS_EACH);
  }, 60_000);

  it('a delete racing with bids never leaves a bid whose task is gone', async () => {
    for (let round = 0; round < 5; round++) {
      const taskId = await insertTask(t.app.database.db, owner.id, buildTask());
      const bidding = bidders
        .slice(0, 25)
        .flatMap((user) => [1, 2, 3, 4].map((n) => placeBid(user, taskId, n)));
      await new Promise((resolve) => setTimeout(resolve, round * 5));
      const deleting = fetch(`${base}/api/tasks/${taskId}`, {
        method: 'DELETE',
        headers: { origin: TEST_BASE_URL, cookie: owner.cookie },
      });
      const statuses = (await Promise.all(bidding)).map((r) => r.status);
      expect((await deleting).status).toBe(200);
      // Each bid either landed before the delete (and went with it) or found no task.
      for (const status of statuses) expect([201, 404]).toContain(status);
    }
    const orphans = await t.app.database.db
      .select({ n: count() })
      .from(bids)
      .leftJoin(tasks, eq(tasks.id, bids.taskId))
      .where(isNull(tasks.id));
    expect(orphans[0]?.n).toBe(0);
  }, 60_000);
});
