import { beforeAll } from 'vitest';
import type { TestApp } from '../setup/test-app.ts';
import { insertBid, insertTask } from './tasks.ts';
import { signUp, type TestUser } from './users.ts';

type Tuple<T, N extends number, R extends T[] = []> = R['length'] extends N
  ? R
  : Tuple<T, N, [...R, T]>;

/**
 * `count` users signed up before the enclosing block's tests:
 * `const [owner, bidder] = useUsers(t, 2)`. A `beforeAll` fills the objects in, so read their
 * fields inside hooks and tests only.
 */
export function useUsers<const N extends number>(t: TestApp, count: N): Tuple<TestUser, N> {
  const users = Array.from({ length: count }, () => ({}) as TestUser);
  beforeAll(async () => {
    for (const user of users) Object.assign(user, await signUp(t.app));
  });
  return users as Tuple<TestUser, N>;
}

export interface TaskScene {
  owner: TestUser;
  /** A second user, with a pending bid on the task when the scene was asked for one. */
  bidder: TestUser;
  taskId: string;
  /** The bidder's bid ('' without `bid`). */
  bidId: string;
}

/**
 * An owner with a task (inserted directly) and a second user, with a pending bid on that task
 * when `bid` is set, made before the enclosing block's tests. Read the fields inside hooks and
 * tests only.
 */
export function useOwnerWithTask(t: TestApp, options: { bid?: boolean } = {}): TaskScene {
  const [owner, bidder] = useUsers(t, 2);
  const scene: TaskScene = { owner, bidder, taskId: '', bidId: '' };
  beforeAll(async () => {
    scene.taskId = await insertTask(t.app.database.db, owner.id);
    if (options.bid) scene.bidId = await insertBid(t.app.database.db, scene.taskId, bidder.id);
  });
  return scene;
}
