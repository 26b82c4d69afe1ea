import { beforeAll, describe, expect, it } from 'vitest';
import { insertTask } from '../../../../tests/factories/tasks.ts';
import { signUp } from '../../../../tests/factories/users.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';

const HOUR = 3600_000;
const day = (offset: number) =>
  new Date(Date.now() + offset * 24 * HOUR).toISOString().slice(0, 10);

/**
 * The browse status filter: open for offers (nobody assigned, not completed: bidding is
 * open, On Hold included), assigned (not completed yet), completed; and "due soonest".
 */
describe('GET /api/tasks?status=', () => {
  const t = useTestApp();
  const keyOf = new Map<string, string>();

  beforeAll(async () => {
    const owner = await signUp(t.app, { name: 'Olga' });
    const worker = await signUp(t.app, { name: 'Wes' });
    // Newest first: [key, status, assigned, deadline in days].
    const rows: [
      string,
      'Not Started' | 'On Hold' | 'In Progress' | 'Completed',
      boolean,
      number,
    ][] = [
      ['fresh', 'Not Started', false, 9],
      ['held', 'On Hold', false, 3],
      ['working', 'In Progress', true, 3],
      ['waiting', 'In Progress', true, 3],
      ['done', 'Completed', true, 1],
      ['overdue', 'Not Started', false, -2],
    ];
    for (const [i, [key, status, assigned, deadline]] of rows.entries()) {
      const id = await insertTask(t.app.database.db, owner.id, {
        title: `Stage ${key}`,
        status,
        deadline: day(deadline),
        ...(assigned ? { assignedTo: 'Wes', assigneeId: worker.id } : {}),
        createdAt: new Date(Date.now() - (i + 1) * HOUR),
      });
      keyOf.set(id, key);
    }
  });

  async function browse(query: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/tasks?${query}` });
    const body = res.json() as { _id: string }[];
    return {
      status: res.statusCode,
      total: Number(res.headers['x-total-count']),
      keys: res.statusCode === 200 ? body.map((task) => keyOf.get(task._id)) : [],
      body,
    };
  }

  it.each([
    ['', ['fresh', 'held', 'working', 'waiting', 'done', 'overdue']],
    ['status=', ['fresh', 'held', 'working', 'waiting', 'done', 'overdue']],
    ['status=open', ['fresh', 'held', 'overdue']],
    ['status=assigned', ['working', 'waiting']],
    ['status=completed', ['done']],
    // Due soonest: upcoming deadlines, nearest first, ties by id (stable across pages).
    ['status=open&sort=deadline', ['held', 'fresh']],
    ['status=assigned&sort=deadline', 'tie'],
  ])('lists %s', async (query, expected) => {
    const { status, keys, total } = await browse(query);
    expect(status).toBe(200);
    if (expected === 'tie') {
      expect(keys).toHaveLength(2);
      expect(keys.sort()).toEqual(['waiting', 'working']);
    } else {
      expect(keys).toEqual(expected);
      expect(total).toBe(expected.length);
    }
  });

  it('breaks a tie of deadlines by id, the same on every page', async () => {
    const all = await browse('status=assigned&sort=deadline');
    const ids = all.body.map((task) => task._id);
    expect(ids).toEqual([...ids].sort());
    const pages = await Promise.all(
      [1, 2].map((p) => browse(`status=assigned&sort=deadline&limit=1&page=${p}`)),
    );
    expect(pages.flatMap((p) => p.body.map((task) => task._id))).toEqual(ids);
  });

  it.each(['status=Open', 'status=closed', 'status=open&status=completed'])(
    'answers 400 JSON with issues for %s',
    async (query) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/tasks?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [expect.any(Object)] });
    },
  );
});
