import { useState } from 'react';
import { DELETE_SUCCESS_DIALOG_MS } from '../../../../shared/constants.ts';
import type { Task } from '../../../../shared/tasks.ts';
import { AppDialog } from '../../../components/ui/app-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { deleteTask } from '../api/tasks-api.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { taskPrice } from '../../../../shared/money.ts';

type Step =
  | { kind: 'confirm'; task: Task; busy: boolean }
  | { kind: 'deleted'; task: Task }
  | { kind: 'failed'; message: string };

interface DeleteTaskDialogsProps {
  /** The task to ask about; null when nothing is being deleted. */
  task: Task | null;
  /** The question was answered or the result dialog closed. */
  onDone: () => void;
  /** The server deleted the task. */
  onDeleted: (task: Task) => void;
}

/**
 * Delete a task: the question (`Delete this task?` with title, price and deadline), then
 * `Deleted!` (closing itself after 2 s) or `Error!` with the server's message.
 */
export function DeleteTaskDialogs({ task, onDone, onDeleted }: DeleteTaskDialogsProps) {
  const [step, setStep] = useState<Step | null>(null);
  const [askedFor, setAskedFor] = useState<Task | null>(null);
  // A new task to ask about starts the question (state adjusted during render, no effect).
  if (task !== askedFor) {
    setAskedFor(task);
    if (task) setStep({ kind: 'confirm', task, busy: false });
  }

  const confirm = async (target: Task) => {
    setStep({ kind: 'confirm', task: target, busy: true });
    try {
      await deleteTask(target._id);
      setStep({ kind: 'deleted', task: target });
      onDeleted(target);
    } catch (error) {
      const message = error instanceof ApiError && error.status !== 0 ? error.message : '';
      setStep({ kind: 'failed', message: message || 'Failed to delete task' });
    }
  };

  const finish = () => {
    setStep(null);
    onDone();
  };

  const asking = step?.kind === 'confirm' ? step : null;
  return (
    <>
      <AppDialog
        open={asking !== null}
        role="alertdialog"
        tone="warning"
        title="Delete this task?"
        onClose={() => {
          // Closed by "No, keep it" or Escape: nothing more happens.
          setStep((current) => (current?.kind === 'confirm' ? null : current));
          if (step?.kind === 'confirm') onDone();
        }}
        actions={
          asking ? (
            <>
              <button
                type="button"
                className="btn btn-error"
                disabled={asking.busy}
                onClick={() => void confirm(asking.task)}
              >
                {asking.busy ? <Spinner size="sm" label="Deleting" /> : null}
                Yes, delete it!
              </button>
              <form method="dialog">
                <button type="submit" className="btn btn-ghost" disabled={asking.busy}>
                  No, keep it
                </button>
              </form>
            </>
          ) : null
        }
      >
        {asking ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left text-sm">
            <dt className="text-base-content/70">Title</dt>
            <dd className="font-medium break-words">{asking.task.title}</dd>
            <dt className="text-base-content/70">Price</dt>
            <dd className="font-medium">{formatMoney(taskPrice(asking.task), '—')}</dd>
            <dt className="text-base-content/70">Deadline</dt>
            <dd className="font-medium">{formatDate(asking.task.deadline)}</dd>
          </dl>
        ) : null}
      </AppDialog>
      <AppDialog
        open={step?.kind === 'deleted'}
        tone="success"
        title="Deleted!"
        autoCloseMs={DELETE_SUCCESS_DIALOG_MS}
        onClose={finish}
      >
        {step?.kind === 'deleted' ? (
          <p className="break-words">{step.task.title} has been removed.</p>
        ) : null}
      </AppDialog>
      <AppDialog open={step?.kind === 'failed'} tone="error" title="Error!" onClose={finish}>
        {step?.kind === 'failed' ? <p>{step.message}</p> : null}
      </AppDialog>
    </>
  );
}
