import { ClipboardList, Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { Task } from '../../../../shared/tasks/schema.ts';
import { MyTaskCard } from './my-task-card.tsx';
import { MyTasksTable } from './my-tasks-table.tsx';

interface MyTasksListProps {
  tasks: Task[];
  onDelete: (task: Task) => void;
}

/** My tasks: cards below md, a table from md; the empty state when there are none. */
export function MyTasksList({ tasks, onDelete }: MyTasksListProps) {
  if (tasks.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-box border border-dashed border-base-300 px-6 py-16 text-center">
        <ClipboardList className="size-12 text-base-content/40" aria-hidden="true" />
        <h2 className="text-xl font-semibold">No tasks posted yet</h2>
        <p className="max-w-sm text-base-content/75">
          Post your first task and start receiving bids from skilled professionals.
        </p>
        <Link to="/add-task" className="btn btn-primary">
          <Plus className="size-4" aria-hidden="true" />
          Create Your First Task
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="grid gap-4 md:hidden" aria-label="My tasks">
        {tasks.map((task) => (
          <li key={task._id}>
            <MyTaskCard task={task} onDelete={onDelete} />
          </li>
        ))}
      </ul>
      <MyTasksTable tasks={tasks} onDelete={onDelete} className="hidden md:block" />
    </>
  );
}
