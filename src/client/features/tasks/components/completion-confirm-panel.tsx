import { CircleCheck, MessageSquareWarning } from 'lucide-react';
import { useState } from 'react';
import { completionConfirmsAt, isAwaitingConfirmation } from '../../../../shared/lifecycle.ts';
import type { TaskDetail } from '../../../../shared/tasks/schema.ts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-action-dialog.tsx';
import { formatDate } from '../../../lib/format.ts';
import { ReasonField } from './reason-field.tsx';

type Asking = 'confirm' | 'dispute';

/**
 * The worker's answer once the owner marked the task completed: `Confirm completion` (the
 * task is Completed, reviews open) or `Something's wrong` (with a reason the owner is told;
 * the task stays In Progress). Without an answer it confirms itself on the date shown. The
 * answers post intents `confirm-completion` and `dispute-completion` to the screen's action.
 * Shows nothing to anyone else, or while nothing waits.
 */
export function CompletionConfirmPanel({ task, me }: { task: TaskDetail; me?: string }) {
  const [asking, setAsking] = useState<Asking | null>(null);
  const requested = task.completionRequestedAt;
  if (!me || task.assigneeId !== me || !requested || !isAwaitingConfirmation(task)) return null;
  const on = formatDate(completionConfirmsAt(requested).toISOString());
  const close = () => setAsking(null);

  return (
    <section
      aria-label="Completion"
      className="flex flex-col gap-4 rounded-box border border-warning/50 bg-base-100 p-5"
    >
      <div>
        <h2 className="text-lg font-semibold">Is the work done?</h2>
        <p className="mt-1 text-base-content/75">
          {task.userName} marked this task completed. Confirm it, or tell them what is wrong.
          Without your answer it confirms itself on {on}.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-success" onClick={() => setAsking('confirm')}>
          <CircleCheck className="size-4" aria-hidden="true" />
          Confirm completion
        </button>
        <button type="button" className="btn btn-outline" onClick={() => setAsking('dispute')}>
          <MessageSquareWarning className="size-4" aria-hidden="true" />
          Something’s wrong
        </button>
      </div>
      <ConfirmActionDialog
        open={asking === 'confirm'}
        intent="confirm-completion"
        title="Confirm the task is completed?"
        tone="success"
        confirmLabel="Yes, it is completed"
        busyLabel="Saving"
        confirmClassName="btn-success"
        onDone={close}
        onClose={close}
      >
        <p>
          {task.title} becomes Completed, and you and {task.userName} can review each other.
        </p>
      </ConfirmActionDialog>
      <ConfirmActionDialog
        open={asking === 'dispute'}
        intent="dispute-completion"
        title="What is wrong?"
        confirmLabel={`Tell ${task.userName}`}
        busyLabel="Sending"
        onDone={close}
        onClose={close}
      >
        <p>The task stays In Progress and no reviews are written until it is settled.</p>
        <ReasonField placeholder="What is still missing?" />
      </ConfirmActionDialog>
    </section>
  );
}
