import { BLOCK_MESSAGES } from './blocks/rules.ts';
import { THREAD_WRITABLE_DAYS_AFTER_COMPLETION } from './threads/rules.ts';

/**
 * Sentences the API answers with in more than one place. Free of zod, so a screen may
 * compare against or show the same words.
 */
export const TASK_NOT_FOUND = 'Task not found';
export const BID_NOT_FOUND = 'Bid not found';
export const NOTIFICATION_NOT_FOUND = 'Notification not found';
export const BIDDING_CLOSED = 'Bidding is closed for this task';
export const OWNER_ONLY = 'Only the task’s owner can do this.';
export const OWN_TASKS_ONLY = {
  list: 'You can only list your own tasks.',
  update: 'You can only update your own tasks.',
  delete: 'You can only delete your own tasks.',
} as const;
export const NO_BID_ON_OWN_TASK = 'You cannot bid on your own task.';
export const NOT_COMPLETABLE = 'Only an assigned task that is not completed can be completed.';
export const ASSIGNEE_ONLY = 'Only the person assigned to the task can do this.';
export const NOT_CONFIRMABLE =
  'Only a task its owner marked completed, and not confirmed yet, can be confirmed or disputed.';
export const NO_OWNER_TO_DISPUTE =
  'The task’s owner deleted their account, so nobody can settle a dispute: confirm the work, or it confirms itself.';
export const NOT_REOPENABLE = 'Only an assigned task that is not completed can be reopened.';
export const BID_NOT_PENDING = 'Only a pending bid can be accepted.';
export const BID_NOT_WITHDRAWABLE = 'Only a pending bid can be withdrawn.';
export const OWN_BIDS_ONLY = 'You can only withdraw your own bid.';
export const TOO_MANY_BID_CHANGES =
  'This offer has been changed as often as allowed: it stays as it is.';
export const DEAL_FROZEN =
  'This task is assigned: its title, description, budget, deadline, category and status can no longer be changed.';
export const NOT_DELETABLE =
  'An assigned or completed task cannot be deleted. To stop work in progress, cancel the assignment.';
export const OWNER_STATUS_ONLY =
  'must be Not Started or On Hold: a task is In Progress once a bid is accepted';
export const PAST_DEADLINE = 'must be today or later';

/** Private messages. */
export const THREAD_MESSAGES = {
  notFound: 'Conversation not found',
  messageNotFound: 'That message is not in this conversation.',
  bidderRequired: 'Choose the bidder to message (bidderId).',
  notABidder: 'That person has not bid on this task.',
  forbidden: 'Only the task’s owner and the people who bid on it can message about it.',
  closed: {
    'task-deleted': 'This conversation is closed: its task was deleted.',
    expired: `This conversation is closed: its task was completed more than ${THREAD_WRITABLE_DAYS_AFTER_COMPLETION} days ago.`,
    'account-deleted': 'This conversation is closed: the other person deleted their account.',
    blocked: BLOCK_MESSAGES.youBlocked,
    unavailable: BLOCK_MESSAGES.cannotContact,
  },
} as const;
