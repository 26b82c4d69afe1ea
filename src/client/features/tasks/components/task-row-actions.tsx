import { Eye, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { may } from '../../../../shared/lifecycle.ts';
import type { Task } from '../../../../shared/tasks/schema.ts';
import { ReviewLink } from '../../../components/ui/review-link.tsx';

interface TaskRowActionsProps {
  task: Task;
  onDelete: (task: Task) => void;
  /** Icon-only buttons (the compact table); the name stays readable for screen readers. */
  compact?: boolean;
  className?: string;
}

/**
 * Edit (until the task is completed: its deal is closed by then), Delete (until the task is
 * assigned), Leave a review (once completed, until written or the window closes: the
 * server's `reviewDue`) and View Bids for one of my tasks.
 */
export function TaskRowActions({
  task,
  onDelete,
  compact = false,
  className = '',
}: TaskRowActionsProps) {
  // The compact table shows icons only until lg; the names stay for screen readers.
  const label = compact ? 'sr-only lg:not-sr-only' : '';
  const size = compact ? 'btn-sm max-lg:btn-square' : 'btn-sm';
  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`}>
      {task.status !== 'Completed' ? (
        <Link
          to={`/update-task/${task._id}`}
          className={`btn btn-outline ${size}`}
          title={compact ? 'Edit' : undefined}
        >
          <Pencil className="size-4" aria-hidden="true" />
          <span className={label}>Edit</span>
          <span className="sr-only"> {task.title}</span>
        </Link>
      ) : null}
      {may('delete', 'owner', task) ? (
        <button
          type="button"
          className={`btn btn-outline btn-error ${size}`}
          title={compact ? 'Delete' : undefined}
          onClick={() => onDelete(task)}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          <span className={label}>Delete</span>
          <span className="sr-only"> {task.title}</span>
        </button>
      ) : null}
      {task.reviewDue ? <ReviewLink taskId={task._id} taskTitle={task.title} /> : null}
      <Link to={`/view-bids/${task._id}`} className="btn btn-primary btn-sm">
        <Eye className="size-4" aria-hidden="true" />
        <span>View Bids</span>
        <span className="sr-only"> for {task.title}</span>
      </Link>
    </div>
  );
}
