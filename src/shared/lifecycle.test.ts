import { describe, expect, it } from 'vitest';
import { refusal, type TaskAction, type TaskState } from './lifecycle.ts';

const open: TaskState = { status: 'Not Started', assignedTo: null };
const held: TaskState = { status: 'On Hold', assignedTo: null };
const assigned: TaskState = { status: 'In Progress', assignedTo: 'Ann' };
const completed: TaskState = { status: 'Completed', assignedTo: 'Ann' };
const waiting: TaskState = { ...assigned, completionRequestedAt: '2030-01-01T00:00:00.000Z' };

describe('who may do what, when', () => {
  // For each action: what the owner and anyone else get in each state.
  it.each<[TaskAction, TaskState, string, string]>([
    ['bid', open, 'forbidden', 'ok'],
    ['bid', held, 'forbidden', 'ok'],
    ['bid', assigned, 'forbidden', 'conflict'],
    ['bid', completed, 'forbidden', 'conflict'],
    ['accept', open, 'ok', 'forbidden'],
    ['accept', assigned, 'conflict', 'forbidden'],
    ['accept', completed, 'conflict', 'forbidden'],
    ['complete', open, 'conflict', 'forbidden'],
    ['complete', assigned, 'ok', 'forbidden'],
    ['complete', completed, 'conflict', 'forbidden'],
    ['complete', waiting, 'conflict', 'forbidden'],
    ['cancel-assignment', assigned, 'ok', 'forbidden'],
    ['cancel-assignment', waiting, 'ok', 'forbidden'],
    ['cancel-assignment', completed, 'conflict', 'forbidden'],
    ['edit', completed, 'ok', 'forbidden'],
    ['delete', open, 'ok', 'forbidden'],
    ['delete', assigned, 'conflict', 'forbidden'],
    ['delete', completed, 'conflict', 'forbidden'],
  ])('%s on %j: owner %s, other %s', (action, task, owner, other) => {
    expect(refusal(action, 'owner', task) ?? 'ok').toBe(owner);
    expect(refusal(action, 'other', task) ?? 'ok').toBe(other);
  });

  // The worker's answer to "completed": theirs alone, only while it waits.
  it.each<[TaskAction, TaskState, string]>([
    ['confirm-completion', assigned, 'conflict'],
    ['confirm-completion', waiting, 'ok'],
    ['confirm-completion', completed, 'conflict'],
    ['dispute-completion', waiting, 'ok'],
    ['dispute-completion', completed, 'conflict'],
    ['complete', waiting, 'forbidden'],
    ['bid', assigned, 'conflict'],
  ])('%s on %j: the assignee %s', (action, task, assignee) => {
    expect(refusal(action, 'assignee', task) ?? 'ok').toBe(assignee);
    if (action.endsWith('-completion')) {
      expect(refusal(action, 'owner', task)).toBe('forbidden');
      expect(refusal(action, 'other', task)).toBe('forbidden');
    }
  });
});
