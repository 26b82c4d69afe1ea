import { CalendarDays, MapPin, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { taskPrice } from '../../../../shared/money.ts';
import type { Task } from '../../../../shared/tasks/schema.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { RatingBadge } from '../../../components/ui/rating-badge.tsx';
import { TaskImage } from '../../../components/ui/task-image.tsx';

export function FeaturedTaskCard({ task }: { task: Task }) {
  const amount = formatMoney(taskPrice(task), 'Open budget');
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 transition-shadow hover:shadow-md">
      <TaskImage src={task.imageUrl} category={task.category} />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center justify-between gap-2">
          <span className="badge badge-soft badge-primary">{task.category || 'General'}</span>
          <RatingBadge rating={task.userRating} />
        </div>
        <h3 dir="auto" className="mt-3 line-clamp-2 text-lg leading-snug font-semibold">
          {task.title}
        </h3>
        <p dir="auto" className="mt-1 line-clamp-2 text-sm text-base-content/75">
          {task.description}
        </p>
        <dl className="mt-4 mb-5 grid grid-cols-1 gap-1.5 text-sm">
          <div className="flex items-center gap-2">
            <Wallet className="size-4 text-primary" aria-hidden="true" />
            <dt className="text-base-content/70">Budget</dt>
            <dd className="ml-auto font-semibold">{amount}</dd>
          </div>
          <div className="flex items-center gap-2">
            <CalendarDays className="size-4 text-primary" aria-hidden="true" />
            <dt className="text-base-content/70">Deadline</dt>
            <dd className="ml-auto">{formatDate(task.deadline, '')}</dd>
          </div>
          <div className="flex items-center gap-2">
            <MapPin className="size-4 text-primary" aria-hidden="true" />
            <dt className="text-base-content/70">Location</dt>
            <dd dir="auto" className="ml-auto truncate">
              {task.location || 'Remote'}
            </dd>
          </div>
        </dl>
        <Link
          to={`/browse-tasks/${encodeURIComponent(task._id)}`}
          className="btn btn-outline btn-primary btn-sm mt-auto"
          aria-label={`View Details: ${task.title}`}
        >
          View Details
        </Link>
      </div>
    </article>
  );
}
