import { CircleCheck, Undo2, UserRoundCheck } from 'lucide-react';
import { useState } from 'react';
import { completionConfirmsAt, isAwaitingConfirmation, may } from '../../../../shared/lifecycle.ts';
import type { TaskDetail } from '../../../../shared/tasks/schema.ts';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { formatDate } from '../../../lib/format.ts';
import { ReasonField } from './reason-field.tsx';

type Asking = 'complete' | 'cancel';

/** Each question's intent and words; its button, and its dialog's confirm and cancel. */
const QUESTIONS = {
  complete: {
    intent: 'complete',
    title: 'Mark this task as completed?',
    tone: 'success',
    confirmLabel: 'Yes, it is completed',
    busyLabel: 'Saving',
    confirmClassName: 'btn-success',
  },
  cancel: {
    intent: 'cancel-assignment',
    title: 'Cancel the assignment?',
    confirmLabel: 'Cancel assignment',
    busyLabel: 'Cancelling',
    confirmClassName: 'btn-error',
    cancelLabel: 'Keep it',
  },
} as const;

/**
 * The owner's view of who does the work: open for bidding, or assigned (with `Mark as
 * Completed` and `Cancel assignment`, which asks for a reason the bidder is told), or waiting
 * for the worker to confirm the completion. The answers post intents `complete` and
 * `cancel-assignment` to the screen's action.
 */
export function TaskAssignmentPanel({ task }: { task: TaskDetail }) {
  const [asking, setAsking] = useState<Asking | null>(null);
  const completed = task.status === 'Completed';
  const waiting = isAwaitingConfirmation(task) && task.completionRequestedAt;
  /** A confirm dialog's question, open while asked, closed when answered or dismissed. */
  const dialogFor = (kind: Asking) => ({
    ...QUESTIONS[kind],
    open: asking === kind,
    onDone: () => setAsking(null),
    onClose: () => setAsking(null),
  });

  return (
    <section
      aria-label="Assignment"
      className="mb-8 flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 items-start gap-3">
        <UserRoundCheck className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <span>{task.assignedTo ? `Assigned to ${task.assignedTo}` : 'Open for bidding'}</span>
            <StatusBadge status={task.status} palette="owner" />
          </p>
          <p className="mt-1 text-sm text-base-content/75">
            {completed
              ? 'This task is completed.'
              : waiting
                ? `Waiting for ${task.assignedTo ?? 'the freelancer'} to confirm (confirms itself on ${formatDate(completionConfirmsAt(waiting).toISOString())}).`
                : task.assignedTo
                  ? `Bidding is closed. Mark the task completed when the work is done; ${task.assignedTo} then confirms it.`
                  : 'Accept a bid to assign this task; the other bids are then declined.'}
          </p>
        </div>
      </div>
      {may('cancel-assignment', 'owner', task) ? (
        <div className="flex shrink-0 flex-wrap gap-2">
          {may('complete', 'owner', task) ? (
            <button type="button" className="btn btn-success" onClick={() => setAsking('complete')}>
              <CircleCheck className="size-4" aria-hidden="true" />
              Mark as Completed
            </button>
          ) : null}
          <button type="button" className="btn btn-outline" onClick={() => setAsking('cancel')}>
            <Undo2 className="size-4" aria-hidden="true" />
            Cancel assignment
          </button>
        </div>
      ) : null}
      <ConfirmActionDialog {...dialogFor('complete')}>
        <p>
          {task.title} — done by {task.assignedTo ?? 'nobody'}, who is asked to confirm it.
        </p>
      </ConfirmActionDialog>
      <ConfirmActionDialog {...dialogFor('cancel')}>
        <p>{task.assignedTo} will be told why, and the task reopens for bidding.</p>
        <ReasonField placeholder="Why are you taking the work back?" />
      </ConfirmActionDialog>
    </section>
  );
}
