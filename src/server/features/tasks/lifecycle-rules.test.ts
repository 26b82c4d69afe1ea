import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { callerFor, type TestUser } from '../../../../tests/factories/users.ts';
import { buildBid, buildTask, insertTask } from '../../../../tests/factories/tasks.ts';
import {
  BID_NOT_PENDING,
  DEAL_FROZEN,
  NOT_DELETABLE,
  OWNER_STATUS_ONLY,
  PAST_DEADLINE,
} from '../../../shared/messages.ts';
import { earliestToday } from '../../../shared/lifecycle.ts';
import { updateTaskSchema } from '../../../shared/tasks/schema.ts';

/** The day before `date` (YYYY-MM-DD). */
const dayBefore = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The rules of lifecycle.ts as the API enforces them, beyond the happy paths. */
describe('the task lifecycle cannot be bent', () => {
  const t = useTestApp();
  const [owner, ann, bob] = useUsers(t, 3);

  const call = callerFor(t);
  const createTask = async (overrides = {}) => {
    const res = await call('POST', '/api/tasks', owner, buildTask({ budget: 100, ...overrides }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ insertedId: string }>().insertedId;
  };
  const bidId = async (user: TestUser, taskId: string) => {
    const res = await call('POST', '/api/bids', user, buildBid(taskId));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ insertedId: string }>().insertedId;
  };
  const task = async (id: string) => (await call('GET', `/api/tasks/${id}`)).json();
  /** The task as the update form sends it back: every field, as stored. */
  const formOf = async (id: string) => {
    const stored: Record<string, unknown> = await task(id);
    return Object.fromEntries(Object.keys(updateTaskSchema.shape).map((k) => [k, stored[k]]));
  };
  /** A task assigned to Ann (Bob's bid declined); returns the ids. */
  const assignedTask = async () => {
    const taskId = await createTask();
    const annBid = await bidId(ann, taskId);
    const bobBid = await bidId(bob, taskId);
    expect((await call('POST', `/api/bids/${annBid}/accept`, owner)).statusCode).toBe(200);
    return { taskId, annBid, bobBid };
  };

  describe('once assigned, the deal is frozen (PUT answers 409)', () => {
    it.each([
      ['budget', 1],
      ['title', 'Something else'],
      ['description', 'A different job'],
      ['deadline', '2031-01-01'],
      ['category', 'Writing'],
      ['status', 'On Hold'],
      ['status', 'Not Started'],
    ])('refuses a new %s on an assigned task', async (field, value) => {
      const { taskId } = await assignedTask();
      const form = await formOf(taskId);
      const res = await call('PUT', `/api/tasks/${taskId}`, owner, { ...form, [field]: value });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: DEAL_FROZEN, code: 'INVALID_STATE' });
      expect(await task(taskId)).toMatchObject({ ...form, assignedTo: ann.name });
    });

    it('refuses to rewind a completed task, so its assignee cannot then be cancelled', async () => {
      const { taskId } = await assignedTask();
      expect((await call('POST', `/api/tasks/${taskId}/complete`, owner)).statusCode).toBe(200);
      const confirm = await call('POST', `/api/tasks/${taskId}/confirm-completion`, ann);
      expect(confirm.statusCode).toBe(200);
      const form = await formOf(taskId);
      for (const status of ['Not Started', 'In Progress', 'On Hold']) {
        const res = await call('PUT', `/api/tasks/${taskId}`, owner, { ...form, status });
        expect(res.statusCode, status).toBe(409);
      }
      const cancel = await call('POST', `/api/tasks/${taskId}/cancel-assignment`, owner, {
        reason: 'changed my mind',
      });
      expect(cancel.statusCode).toBe(409);
      expect(await task(taskId)).toMatchObject({ status: 'Completed', assignedTo: ann.name });
    });

    it('still takes the unchanged form, and the fields outside the deal', async () => {
      const { taskId } = await assignedTask();
      const form = await formOf(taskId);
      const same = await call('PUT', `/api/tasks/${taskId}`, owner, form);
      expect(same.json()).toMatchObject({ modifiedCount: 0 });
      const res = await call('PUT', `/api/tasks/${taskId}`, owner, {
        ...form,
        priority: 'Urgent',
        location: 'Porto',
        estimatedTime: 9,
        imageUrl: '',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ modifiedCount: 1 });
      expect(await task(taskId)).toMatchObject({
        priority: 'Urgent',
        location: 'Porto',
        budget: 100,
      });
    });
  });

  describe('only a pending bid can be accepted', () => {
    it('refuses a declined and a cancelled bid with 409 once the task reopens', async () => {
      const { taskId, annBid, bobBid } = await assignedTask();
      const cancel = await call('POST', `/api/tasks/${taskId}/cancel-assignment`, owner, {
        reason: 'Ann is away',
      });
      expect(cancel.statusCode).toBe(200);
      for (const id of [bobBid, annBid]) {
        const res = await call('POST', `/api/bids/${id}/accept`, owner);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ message: BID_NOT_PENDING, code: 'INVALID_STATE' });
      }
      expect(await task(taskId)).toMatchObject({ assignedTo: null, status: 'Not Started' });
      const fresh = await bidId(bob, taskId);
      expect((await call('POST', `/api/bids/${fresh}/accept`, owner)).statusCode).toBe(200);
    });
  });

  describe('an assigned or completed task cannot be deleted', () => {
    it('answers 409 and keeps the task and the accepted bid, until the assignment is cancelled', async () => {
      const { taskId, annBid } = await assignedTask();
      const res = await call('DELETE', `/api/tasks/${taskId}`, owner);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: NOT_DELETABLE, code: 'INVALID_STATE' });
      const mine = (await call('GET', '/api/bids/mine', ann)).json<{ _id: string }[]>();
      expect(mine.map((b) => b._id)).toContain(annBid);

      await call('POST', `/api/tasks/${taskId}/cancel-assignment`, owner, {
        reason: 'no longer needed',
      });
      expect((await call('DELETE', `/api/tasks/${taskId}`, owner)).statusCode).toBe(200);
    });

    it('answers 409 for a completed task', async () => {
      const { taskId } = await assignedTask();
      await call('POST', `/api/tasks/${taskId}/complete`, owner);
      await call('POST', `/api/tasks/${taskId}/confirm-completion`, ann);
      expect((await call('DELETE', `/api/tasks/${taskId}`, owner)).statusCode).toBe(409);
      expect((await call('GET', `/api/tasks/${taskId}`)).statusCode).toBe(200);
    });
  });

  describe('no impossible tasks or bids', () => {
    const yesterday = () => dayBefore(earliestToday());

    it('refuses a task or a bid whose deadline has passed; today is fine', async () => {
      const past = await call('POST', '/api/tasks', owner, buildTask({ deadline: yesterday() }));
      expect(past.statusCode).toBe(400);
      expect(past.json().issues).toContainEqual({ path: 'body.deadline', message: PAST_DEADLINE });
      const taskId = await createTask({ deadline: earliestToday() });

      const bid = await call('POST', '/api/bids', ann, buildBid(taskId, { deadline: yesterday() }));
      expect(bid.statusCode).toBe(400);
      expect(bid.json().issues).toContainEqual({ path: 'body.deadline', message: PAST_DEADLINE });
      const ok = await call(
        'POST',
        '/api/bids',
        ann,
        buildBid(taskId, { deadline: earliestToday() }),
      );
      expect(ok.statusCode).toBe(201);
    });

    it('refuses a task created In Progress with nobody assigned, and setting it by hand', async () => {
      const res = await call('POST', '/api/tasks', owner, {
        ...buildTask(),
        status: 'In Progress',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toContainEqual({ path: 'body.status', message: OWNER_STATUS_ONLY });

      const taskId = await createTask();
      const form = await formOf(taskId);
      const put = await call('PUT', `/api/tasks/${taskId}`, owner, {
        ...form,
        status: 'In Progress',
      });
      expect(put.statusCode).toBe(400);
      expect(put.json().issues).toContainEqual({ path: 'body.status', message: OWNER_STATUS_ONLY });
      const hold = await call('PUT', `/api/tasks/${taskId}`, owner, { ...form, status: 'On Hold' });
      expect(hold.json()).toMatchObject({ modifiedCount: 1 });
    });

    it('keeps an existing past deadline valid on edit, but refuses a new past one', async () => {
      const taskId = await insertTask(t.app.database.db, owner.id, { deadline: '2024-03-01' });
      const form = await formOf(taskId);
      const edit = await call('PUT', `/api/tasks/${taskId}`, owner, { ...form, title: 'Renamed' });
      expect(edit.statusCode).toBe(200);
      expect(edit.json()).toMatchObject({ modifiedCount: 1 });
      const moved = await call('PUT', `/api/tasks/${taskId}`, owner, {
        ...form,
        deadline: '2024-03-02',
      });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().issues).toContainEqual({ path: 'body.deadline', message: PAST_DEADLINE });
      expect(await task(taskId)).toMatchObject({ title: 'Renamed', deadline: '2024-03-01' });
    });
  });
});
