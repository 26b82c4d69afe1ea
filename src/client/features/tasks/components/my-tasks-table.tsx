import type { Task } from '../../../../shared/tasks/schema.ts';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { taskPrice } from '../../../../shared/money.ts';
import { MyTaskSummary } from './my-task-summary.tsx';
import { TaskRowActions } from './task-row-actions.tsx';

interface MyTasksTableProps {
  tasks: Task[];
  onDelete: (task: Task) => void;
  className?: string;
}

/**
 * My tasks as a table: compact at md (Task, Status, Actions), full at lg (Task, Category,
 * Price, Status, Actions).
 */
export function MyTasksTable({ tasks, onDelete, className = '' }: MyTasksTableProps) {
  return (
    <div className={`overflow-x-auto rounded-box border border-base-300 bg-base-100 ${className}`}>
      <table className="table">
        <thead>
          <tr className="text-base-content/75">
            <th scope="col">Task</th>
            <th scope="col" className="hidden lg:table-cell">
              Category
            </th>
            <th scope="col" className="hidden lg:table-cell">
              Price
            </th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {tasks.map((task) => (
            <tr key={task._id}>
              <td className="max-w-md">
                <MyTaskSummary task={task} layout="row" />
              </td>
              <td className="hidden whitespace-nowrap lg:table-cell">
                {task.category || 'General'}
              </td>
              <td className="hidden whitespace-nowrap lg:table-cell">
                {formatMoney(taskPrice(task), '—')}
              </td>
              <td>
                <StatusBadge status={task.status || 'Not Started'} palette="owner" />
              </td>
              <td>
                <TaskRowActions task={task} onDelete={onDelete} compact />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
