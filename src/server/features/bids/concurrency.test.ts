import { count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendWhileShedding } from '../../../../tests/setup/load-shedding.ts';
import { TEST_BASE_URL, useTestApp } from '../../../../tests/setup/test-app.ts';
import { signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { buildBid, buildTask, insertTask } from '../../../../tests/factories/tasks.ts';
import { bidRevisions, bids, tasks } from '../../platform/db/schema.ts';
import { LISTEN_BACKLOG } from '../../platform/http/overload.ts';

const USERS = 50;
/** A thousand bids at once: one by each person on each task. */
const TASKS = 20;
/** The same person's first bids sent at once: they make one offer. */
const REPEATS = 4;

describe('bids under concurrency, over real HTTP', () => {
  const t = useTestApp();
  let base: string;
  let owner: TestUser;
  let bidders: TestUser[];
  beforeAll(async () => {
    // A thousand connections open at once: the server's own backlog, above Node's default 511,
    // so a busy machine does not drop the ones the server has not accepted yet.
    base = await t.app.listen({ host: '127.0.0.1', port: 0, backlog: LISTEN_BACKLOG });
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

  /** The answers' statuses counted, and the first refusal's body, for a failure's message. */
  async function report(responses: Response[], ok: number[]) {
    const statuses = responses.map((r) => r.status);
    const tally = Object.fromEntries(
      [...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length]),
    );
    const refused = responses.find((r) => !ok.includes(r.status));
    return `statuses ${JSON.stringify(tally)}; first refusal: ${refused ? await refused.clone().text() : ''}`;
  }

  const storedOn = async (taskId: string) => {
    const [stored] = await t.app.database.db
      .select({ n: count() })
      .from(bids)
      .where(eq(bids.taskId, taskId));
    return stored?.n;
  };

  it(`${USERS} users bidding once on each of ${TASKS} tasks, all at once, store exactly ${USERS * TASKS} offers`, async () => {
    const taskIds: string[] = [];
    for (let k = 0; k < TASKS; k++)
      taskIds.push(await insertTask(t.app.database.db, owner.id, buildTask()));
    const responses = await Promise.all(
      bidders.flatMap((user, u) =>
        taskIds.map((taskId, k) => placeBid(user, taskId, (100 * (u + 1) + k) / 100)),
      ),
    );
    const created = responses.filter((r) => r.status === 201);
    expect(created, await report(responses, [201])).toHaveLength(USERS * TASKS);
    const ids = await Promise.all(
      responses.map(async (r) => (await r.json()).insertedId as string),
    );
    expect(new Set(ids).size).toBe(USERS * TASKS);
    for (const taskId of taskIds) {
      const task = await fetch(`${base}/api/tasks/${taskId}`);
      expect((await task.json()).bidCount).toBe(USERS);
      expect(await storedOn(taskId)).toBe(USERS);
    }
  }, 60_000);

  it(`${USERS} users each sending ${REPEATS} first bids at once on one task make exactly ${USERS} offers`, async () => {
    const taskId = await insertTask(t.app.database.db, owner.id, buildTask());
    const responses = await Promise.all(
      bidders.flatMap((user, u) =>
        Array.from({ length: REPEATS }, (_, b) =>
          placeBid(user, taskId, (100 * (u + 1) + b) / 100),
        ),
      ),
    );
    const ok = [200, 201];
    expect(
      responses.filter((r) => !ok.includes(r.status)),
      await report(responses, ok),
    ).toEqual([]);
    // One bid of each person made the offer (201); the others changed it (200).
    expect(responses.filter((r) => r.status === 201)).toHaveLength(USERS);
    const ids = await Promise.all(
      responses.map(async (r) => (await r.json()).insertedId as string),
    );
    for (let u = 0; u < USERS; u++)
      expect(new Set(ids.slice(u * REPEATS, (u + 1) * REPEATS)).size).toBe(1);
    expect(new Set(ids).size).toBe(USERS);
    expect(await storedOn(taskId)).toBe(USERS);
    const [changes] = await t.app.database.db
      .select({ n: count() })
      .from(bidRevisions)
      .innerJoin(bids, eq(bids.id, bidRevisions.bidId))
      .where(eq(bids.taskId, taskId));
    expect(changes?.n).toBe(USERS * (REPEATS - 1));
    const task = await fetch(`${base}/api/tasks/${taskId}`);
    expect((await task.json()).bidCount).toBe(USERS);
  }, 60_000);

  it('a delete racing with bids never leaves a bid whose task is gone', async () => {
    for (let round = 0; round < 5; round++) {
      const taskId = await insertTask(t.app.database.db, owner.id, buildTask());
      const bidding = bidders
        .slice(0, 25)
        .flatMap((user) => [1, 2, 3, 4].map((n) => placeBid(user, taskId, n)));
      await new Promise((resolve) => setTimeout(resolve, round * 5));
      // Sent again while the server sheds load, like the bids: each person's bids now wait
      // for one another (one offer), so the pool is busier than with independent inserts.
      const deleting = sendWhileShedding(() =>
        fetch(`${base}/api/tasks/${taskId}`, {
          method: 'DELETE',
          headers: { origin: TEST_BASE_URL, cookie: owner.cookie },
        }),
      );
      const statuses = (await Promise.all(bidding)).map((r) => r.status);
      expect((await deleting).status).toBe(200);
      // Each bid either landed before the delete (and went with it: a new offer or a change
      // of the person's offer) or found no task.
      for (const status of statuses) expect([200, 201, 404]).toContain(status);
    }
    const orphans = await t.app.database.db
      .select({ n: count() })
      .from(bids)
      .leftJoin(tasks, eq(tasks.id, bids.taskId))
      .where(isNull(tasks.id));
    expect(orphans[0]?.n).toBe(0);
  }, 60_000);
});
