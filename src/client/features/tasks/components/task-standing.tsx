import { CircleCheck, Eye, Hammer, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isAwaitingConfirmation } from '../../../../shared/lifecycle.ts';
import type { TaskDetail } from '../../../../shared/tasks/schema.ts';
import { formatDate } from '../../../lib/format.ts';

interface TaskStandingProps {
  task: TaskDetail;
  /** The viewer is the task's owner (else the person assigned to it). */
  role: 'owner' | 'assignee';
  /** The viewer may still write (or edit) their review of the other person. */
  canReview: boolean;
  /** The assignee's own offer, shown under the words. */
  children?: ReactNode;
}

/**
 * Where a closed task stands, told to one of its two people with their next step: the owner
 * of an assigned or completed task, and the person hired to do it. (The owner of an open task
 * reads "This is your task"; anyone else "Bidding is closed".)
 */
export function TaskStanding({ task, role, canReview, children }: TaskStandingProps) {
  const completed = task.status === 'Completed';
  const waiting = isAwaitingConfirmation(task);
  const worker = task.assignedTo ?? 'the freelancer';
  const heading =
    role === 'assignee'
      ? completed
        ? 'You completed this task'
        : 'You’re assigned'
      : completed
        ? 'This task is completed'
        : `You hired ${worker}`;
  const next =
    role === 'assignee'
      ? completed
        ? `Well done. You and ${task.userName} can now review each other.`
        : waiting
          ? `${task.userName} marked it completed: confirm it above, or tell them what is wrong.`
          : `Do the work by ${formatDate(task.deadline)}. When it is done, ${task.userName} marks it completed and you confirm it.`
      : completed
        ? `${worker} did this task.${canReview ? ' Tell others how it went.' : ''}`
        : waiting
          ? `You marked it completed; ${worker} is asked to confirm it.`
          : `${worker} is doing the work. When it is done, mark it completed on the bids page; ${worker} then confirms it.`;
  const Icon = completed ? CircleCheck : Hammer;
  return (
    <div className="flex flex-col gap-3">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Icon className="size-5 text-primary" aria-hidden="true" />
        {heading}
      </h2>
      <p className="text-base-content/75">{next}</p>
      {children}
      {completed && canReview ? (
        <a href="#task-reviews" className="btn btn-outline">
          <Star className="size-4" aria-hidden="true" />
          Leave a review
        </a>
      ) : null}
      {role === 'owner' ? (
        <Link to={`/view-bids/${task._id}`} className="btn btn-primary">
          <Eye className="size-4" aria-hidden="true" />
          View Bids
        </Link>
      ) : null}
    </div>
  );
}
