import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';

interface NotYourTaskProps {
  /** What the screen would have done, e.g. "see the bids on". */
  what: string;
  taskId: string;
  title: string;
}

/** The screen a signed-in user sees on an owner-only page of someone else's task. */
export function NotYourTask({ what, taskId, title }: NotYourTaskProps) {
  return (
    <div className="page-container py-16">
      <title>Not your task · TaskBid</title>
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-box border border-base-300 bg-base-100 p-8 text-center">
        <ShieldAlert className="size-12 text-warning" aria-hidden="true" />
        <h1 className="text-2xl font-bold">This is not your task</h1>
        <p className="text-base-content/75">
          Only the person who posted <span className="font-semibold">{title}</span> can {what} it.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Link to={`/browse-tasks/${taskId}`} className="btn btn-primary">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to task
          </Link>
          <Link to="/my-tasks" className="btn btn-ghost">
            My Posted Tasks
          </Link>
        </div>
      </div>
    </div>
  );
}
