import { Star } from 'lucide-react';
import { Link } from 'react-router';

/** "Leave a review" for completed work: the task's page, at its reviews. */
export function ReviewLink({ taskId, taskTitle }: { taskId: string; taskTitle: string }) {
  return (
    <Link to={`/browse-tasks/${taskId}#task-reviews`} className="btn btn-outline btn-sm">
      <Star className="size-4" aria-hidden="true" />
      <span>Leave a review</span>
      <span className="sr-only"> for {taskTitle}</span>
    </Link>
  );
}
