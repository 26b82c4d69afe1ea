import { useState } from 'react';
import { DELETE_SUCCESS_DIALOG_MS } from '../../../../shared/constants.ts';
import type { Task } from '../../../../shared/tasks/schema.ts';
import { AppDialog } from '../../../components/ui/app-dialog.tsx';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { taskPrice } from '../../../../shared/money.ts';

type Outcome = { kind: 'deleted'; title: string } | { kind: 'failed'; message: string };

interface DeleteTaskDialogsProps {
  /** The task to ask about; null when nothing is being deleted. */
  task: Task | null;
  /** The question was dismissed or the result dialog closed. */
  onDone: () => void;
}

/**
 * Delete a task: the question (`Delete this task?` with title, price and deadline) posts
 * intent `delete` to the screen's action, then `Deleted!` (closing itself after 2 s) or
 * `Error!` with the server's message.
 */
export function DeleteTaskDialogs({ task, onDone }: DeleteTaskDialogsProps) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const finish = () => {
    setOutcome(null);
    onDone();
  };

  return (
    <>
      <ConfirmActionDialog
        open={task !== null && outcome === null}
        title="Delete this task?"
        confirmLabel="Yes, delete it!"
        busyLabel="Deleting"
        confirmClassName="btn-error"
        cancelLabel="No, keep it"
        intent="delete"
        values={{ taskId: task?._id ?? '' }}
        onDone={() => setOutcome({ kind: 'deleted', title: task?.title ?? '' })}
        onFailure={(error) =>
          setOutcome({
            kind: 'failed',
            // A failure the server did not explain (it could not be reached) reads the same.
            message: error.code === 'NETWORK_ERROR' ? 'Failed to delete task' : error.message,
          })
        }
        onClose={() => {
          // Closed by "No, keep it" or Escape: nothing more happens.
          if (outcome === null) onDone();
        }}
      >
        {task ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left text-sm">
            <dt className="text-base-content/70">Title</dt>
            <dd dir="auto" className="font-medium">
              {task.title}
            </dd>
            <dt className="text-base-content/70">Price</dt>
            <dd className="font-medium">{formatMoney(taskPrice(task), '—')}</dd>
            <dt className="text-base-content/70">Deadline</dt>
            <dd className="font-medium">{formatDate(task.deadline)}</dd>
          </dl>
        ) : null}
      </ConfirmActionDialog>
      <AppDialog
        open={outcome?.kind === 'deleted'}
        tone="success"
        title="Deleted!"
        autoCloseMs={DELETE_SUCCESS_DIALOG_MS}
        onClose={finish}
      >
        {outcome?.kind === 'deleted' ? <p>{outcome.title} has been removed.</p> : null}
      </AppDialog>
      <AppDialog open={outcome?.kind === 'failed'} tone="error" title="Error!" onClose={finish}>
        {outcome?.kind === 'failed' ? <p>{outcome.message}</p> : null}
      </AppDialog>
    </>
  );
}
