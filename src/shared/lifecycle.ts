/**
 * The task and bid lifecycle as data: the states, what each action changes, and who may
 * perform it when. Free of zod, so the server's guards and the screens that show or hide an
 * action read the same rules.
 */
import type { TaskStatus } from './constants.ts';

export const BID_STATES = ['pending', 'accepted', 'declined', 'cancelled', 'withdrawn'] as const;
export type BidState = (typeof BID_STATES)[number];

/**
 * One offer per person per task: a person has at most one bid in these states on a task
 * (a unique index holds it). A second bid changes the offer instead of adding one.
 */
export const LIVE_BID_STATES = ['pending', 'accepted'] as const satisfies readonly BidState[];

/**
 * How often one offer may change (edits, and bidding again after withdrawing): each change
 * keeps the earlier values for the owner to see, so the history stays short and bounded.
 */
export const MAX_BID_CHANGES = 10;

/** What the rules read of a task. Completed implies assigned (only an assignment completes). */
export interface TaskState {
  status: TaskStatus;
  assignedTo: string | null;
  /** When the owner marked it completed, while it waits for the worker's confirmation. */
  completionRequestedAt?: Date | string | null;
}

/** Who the caller is to the task: its owner, the person assigned to it, or anyone else. */
export type TaskRole = 'owner' | 'assignee' | 'other';

export type TaskAction =
  | 'bid'
  | 'accept'
  | 'complete'
  | 'confirm-completion'
  | 'dispute-completion'
  | 'cancel-assignment'
  | 'edit'
  | 'delete';

/**
 * How long a completion waits for the worker: after this many days without their answer it
 * confirms itself (the worker is told the date when the owner marks the task completed).
 */
export const COMPLETION_CONFIRM_DAYS = 3;

/** When a completion the owner asked for at `requestedAt` confirms itself. */
export const completionConfirmsAt = (requestedAt: Date | string) =>
  new Date(new Date(requestedAt).getTime() + COMPLETION_CONFIRM_DAYS * 86_400_000);

const isAssigned = (task: TaskState) => task.assignedTo !== null;
const isOpen = (task: TaskState) => !isAssigned(task) && task.status !== 'Completed';
const isUnderWay = (task: TaskState) => isAssigned(task) && task.status !== 'Completed';
/** The owner marked it completed; it waits for the worker to confirm or dispute. */
export const isAwaitingConfirmation = (task: TaskState) =>
  isUnderWay(task) && task.completionRequestedAt != null;
const isWorkedOn = (task: TaskState) => isUnderWay(task) && !isAwaitingConfirmation(task);

/**
 * Each action: who may perform it, in which task states, and the task status it leads to.
 * - bid: anyone but the owner, while nobody is assigned and the task is not completed;
 * - accept (a pending bid): the owner, in the same states; the task becomes In Progress;
 * - complete: the owner, while the task is assigned and not completed nor waiting: the task
 *   stays In Progress and waits for the worker's confirmation;
 * - confirm-completion: the worker, while it waits; the task becomes Completed (reviews open).
 *   Unanswered, it confirms itself after COMPLETION_CONFIRM_DAYS;
 * - dispute-completion: the worker, while it waits, with a reason the owner is told; the task
 *   stays In Progress (no reviews) until the owner marks it completed again;
 * - cancel-assignment: the owner, while the task is assigned and not completed;
 * - edit: the owner, always (but see DEAL_FIELDS once the task is assigned);
 * - delete: the owner, until the task is assigned (the assignee's record stays; to stop
 *   work in progress the owner cancels the assignment, which tells the assignee why).
 */
export const TASK_ACTIONS = {
  bid: { who: 'other', when: isOpen },
  accept: { who: 'owner', when: isOpen, to: 'In Progress' },
  complete: { who: 'owner', when: isWorkedOn, to: 'In Progress' },
  'confirm-completion': { who: 'assignee', when: isAwaitingConfirmation, to: 'Completed' },
  'dispute-completion': { who: 'assignee', when: isAwaitingConfirmation, to: 'In Progress' },
  'cancel-assignment': { who: 'owner', when: isUnderWay, to: 'Not Started' },
  edit: { who: 'owner', when: () => true },
  delete: { who: 'owner', when: isOpen },
} as const satisfies Record<
  TaskAction,
  { who: TaskRole; when: (task: TaskState) => boolean; to?: TaskStatus }
>;

/**
 * Why `role` may not perform `action` on `task` now: 'forbidden' (not theirs to do),
 * 'conflict' (not in this state), or null when they may. `other` in a rule is anyone but the
 * owner (the assignee too).
 */
export function refusal(
  action: TaskAction,
  role: TaskRole,
  task: TaskState,
): 'forbidden' | 'conflict' | null {
  const rule: { who: TaskRole; when: (task: TaskState) => boolean } = TASK_ACTIONS[action];
  const theirs = rule.who === role || (rule.who === 'other' && role === 'assignee');
  if (!theirs) return 'forbidden';
  return rule.when(task) ? null : 'conflict';
}

/** Whether `role` may perform `action` on `task` now (what a screen shows). */
export const may = (action: TaskAction, role: TaskRole, task: TaskState) =>
  refusal(action, role, task) === null;

/** Bidding is open while nobody is assigned and the task is not completed. */
export const isBiddingOpen = (task: TaskState) => TASK_ACTIONS.bid.when(task);

/** Only a pending bid can be accepted (a declined or cancelled one stays so). */
export const isAcceptable = (bid: { status: BidState }) => bid.status === 'pending';

/**
 * What happens to bids: accepting one declines the other pending ones (with payments on,
 * once its payment is secured; unpaid, it is pending again); cancelling the assignment
 * cancels the accepted one. Its bidder may withdraw a pending offer, and bidding
 * again brings a withdrawn one back (edited, in its first place).
 */
export const BID_TRANSITIONS = {
  accept: { from: 'pending', to: 'accepted' },
  declineOthers: { from: 'pending', to: 'declined' },
  cancelAssignment: { from: 'accepted', to: 'cancelled' },
  /** With payments on: the accepted bid's payment never came (expired or withdrawn). */
  unpaid: { from: 'accepted', to: 'pending' },
  withdraw: { from: 'pending', to: 'withdrawn' },
  renew: { from: 'withdrawn', to: 'pending' },
} as const satisfies Record<string, { from: BidState; to: BidState }>;

/** Only a pending offer can be withdrawn (by its bidder). */
export const isWithdrawable = (bid: { status: BidState }) =>
  bid.status === BID_TRANSITIONS.withdraw.from;

/**
 * The offer a new bid by the same person changes: their pending one, or their withdrawn one
 * (brought back). Otherwise (none, or a past round's declined or cancelled one) it is new.
 */
export const isChangeable = (bid: { status: BidState }) =>
  bid.status === 'pending' || bid.status === BID_TRANSITIONS.renew.from;

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
 * accepting a bid, Completed from the worker confirming it (or the confirmation's delay).
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
