/**
 * The task and bid lifecycle as data: the states, what each action changes, and who may
 * perform it when. Free of zod, so the server's guards and the screens that show or hide an
 * action read the same rules.
 */
import type { TaskStatus } from './constants.ts';

export const BID_STATES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type BidState = (typeof BID_STATES)[number];

/** What the rules read of a task. Completed implies assigned (only an assignment completes). */
export interface TaskState {
  status: TaskStatus;
  assignedTo: string | null;
}

/** Who the caller is to the task. */
export type TaskRole = 'owner' | 'other';

export type TaskAction = 'bid' | 'accept' | 'complete' | 'cancel-assignment' | 'edit' | 'delete';

const isAssigned = (task: TaskState) => task.assignedTo !== null;
const isOpen = (task: TaskState) => !isAssigned(task) && task.status !== 'Completed';
const isUnderWay = (task: TaskState) => isAssigned(task) && task.status !== 'Completed';

/**
 * Each action: who may perform it, in which task states, and the task status it leads to.
 * - bid: anyone but the owner, while nobody is assigned and the task is not completed;
 * - accept (a pending bid): the owner, in the same states; the task becomes In Progress;
 * - complete, cancel-assignment: the owner, while the task is assigned and not completed;
 * - edit: the owner, always (but see DEAL_FIELDS once the task is assigned);
 * - delete: the owner, until the task is assigned (the assignee's record stays; to stop
 *   work in progress the owner cancels the assignment, which tells the assignee why).
 */
export const TASK_ACTIONS = {
  bid: { who: 'other', when: isOpen },
  accept: { who: 'owner', when: isOpen, to: 'In Progress' },
  complete: { who: 'owner', when: isUnderWay, to: 'Completed' },
  'cancel-assignment': { who: 'owner', when: isUnderWay, to: 'Not Started' },
  edit: { who: 'owner', when: () => true },
  delete: { who: 'owner', when: isOpen },
} as const satisfies Record<
  TaskAction,
  { who: TaskRole; when: (task: TaskState) => boolean; to?: TaskStatus }
>;

/**
 * Why `role` may not perform `action` on `task` now: 'forbidden' (not theirs to do),
 * 'conflict' (not in this state), or null when they may.
 */
export function refusal(
  action: TaskAction,
  role: TaskRole,
  task: TaskState,
): 'forbidden' | 'conflict' | null {
  const rule: { who: TaskRole; when: (task: TaskState) => boolean } = TASK_ACTIONS[action];
  if (rule.who !== role) return 'forbidden';
  return rule.when(task) ? null : 'conflict';
}

/** Whether `role` may perform `action` on `task` now (what a screen shows). */
export const may = (action: TaskAction, role: TaskRole, task: TaskState) =>
  refusal(action, role, task) === null;

/** Bidding is open while nobody is assigned and the task is not completed. */
export const isBiddingOpen = (task: TaskState) => TASK_ACTIONS.bid.when(task);

/** Only a pending bid can be accepted (a declined or cancelled one stays so). */
export const isAcceptable = (bid: { status: BidState }) => bid.status === 'pending';

/** What accepting a bid does to the bids of its task; cancelling the assignment cancels it. */
export const BID_TRANSITIONS = {
  accept: { from: 'pending', to: 'accepted' },
  declineOthers: { from: 'pending', to: 'declined' },
  cancelAssignment: { from: 'accepted', to: 'cancelled' },
} as const satisfies Record<string, { from: BidState; to: BidState }>;

/**
 * The fields that define the deal. Once the task is assigned they are frozen: the status
 * changes only through the actions above.
 */
export const DEAL_FIELDS = [
  'title',
  'description',
  'budget',
  'deadline',
  'category',
  'status',
] as const;
export type DealField = (typeof DEAL_FIELDS)[number];

/** Whether the deal's fields may still change (nobody is assigned yet). */
export const isDealOpen = isOpen;

/**
 * The statuses an owner sets by hand, on a task nobody is assigned to. In Progress comes from
 * accepting a bid, Completed from completing it.
 */
export const OWNER_STATUSES = ['Not Started', 'On Hold'] as const satisfies readonly TaskStatus[];
export type OwnerStatus = (typeof OWNER_STATUSES)[number];

/**
 * Today where it is earliest (UTC−12, where a day ends last). A deadline before it has passed
 * everywhere: new tasks and bids need a deadline from this day on, so nobody's "today" is
 * refused as past.
 */
export function earliestToday(now = new Date()): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}
