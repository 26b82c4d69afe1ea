import type { Task } from '../../../../shared/tasks/schema.ts';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { taskPrice } from '../../../../shared/money.ts';
import { MyTaskSummary } from './my-task-summary.tsx';
import { TaskRowActions } from './task-row-actions.tsx';

/** One of my tasks as a card (below the md breakpoint). */
export function MyTaskCard({ task, onDelete }: { task: Task; onDelete: (task: Task) => void }) {
  return (
    <article className="rounded-box border border-base-300 bg-base-100 p-4">
      <MyTaskSummary task={task} layout="card" />
      <dl className="mt-4 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-base-content/70">Category</dt>
          <dd className="font-medium">{task.category || 'General'}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">Price</dt>
          <dd className="font-medium">{formatMoney(taskPrice(task), '—')}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">Status</dt>
          <dd>
            <StatusBadge status={task.status || 'Not Started'} palette="owner" />
          </dd>
        </div>
      </dl>
      <TaskRowActions
        task={task}
        onDelete={onDelete}
        className="mt-4 border-t border-base-300 pt-4"
      />
    </article>
  );
}
