import { Calendar, DollarSign, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import type { Task } from '../../../../shared/tasks/schema.ts';
import { RatingBadge } from '../../../components/ui/rating-badge.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { TaskImage } from '../../../components/ui/task-image.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { taskPrice } from '../../../../shared/money.ts';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';

/** A task in the browse list. */
export function BrowseTaskCard({ task }: { task: Task }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 transition-shadow hover:shadow-md">
      <TaskImage src={task.imageUrl} className="aspect-[2/1]" category={task.category} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 dir="auto" className="text-lg leading-snug font-semibold">
              {task.title}
            </h2>
            <p className="mt-0.5 truncate text-sm text-base-content/70">
              by <ProfileLink id={task.userId}>{task.userName}</ProfileLink>
            </p>
          </div>
          <RatingBadge rating={task.userRating} />
        </div>
        <dl className="grid grid-cols-1 gap-1.5 text-sm">
          <div className="flex items-center gap-2">
            <DollarSign className="size-4 text-base-content/60" aria-hidden="true" />
            <dt className="text-base-content/70">Budget:</dt>
            <dd className="font-semibold">{formatMoney(taskPrice(task), 'Open')}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Calendar className="size-4 text-base-content/60" aria-hidden="true" />
            <dt className="text-base-content/70">Deadline:</dt>
            <dd>{formatDate(task.deadline)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <MapPin className="size-4 text-base-content/60" aria-hidden="true" />
            <dt className="text-base-content/70">Location:</dt>
            <dd dir="auto" className="min-w-0 truncate">
              {task.location || 'Remote'}
            </dd>
          </div>
        </dl>
        <p dir="auto" className="line-clamp-2 text-sm text-base-content/75">
          {task.description}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
          <span className="badge badge-outline badge-sm">{task.category || 'General'}</span>
          <StatusBadge status={task.status || 'Open'} palette="browse" />
          {task.priority === 'Urgent' ? <StatusBadge status="Urgent" palette="browse" /> : null}
        </div>
        <Link to={`/browse-tasks/${task._id}`} className="btn btn-primary btn-outline btn-sm mt-1">
          View Details
          <span className="sr-only">: {task.title}</span>
        </Link>
      </div>
    </article>
  );
}
