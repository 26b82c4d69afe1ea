import { ModerationNotice } from '../../../components/ui/moderation-notice.tsx';
import { Calendar, Clock, MapPin, Tag, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TaskDetail } from '../../../../shared/tasks/schema.ts';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { TaskImage } from '../../../components/ui/task-image.tsx';
import { formatDate } from '../../../lib/format.ts';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';

/**
 * The task itself: picture, title, category, deadline, description and who it is assigned to;
 * `children` (its photos) follow the description.
 */
export function TaskDetailSummary({ task, children }: { task: TaskDetail; children?: ReactNode }) {
  const facts = [
    { Icon: Tag, label: 'Category', value: task.category || 'General' },
    { Icon: Calendar, label: 'Deadline', value: formatDate(task.deadline) },
    { Icon: MapPin, label: 'Location', value: task.location || 'Remote' },
    {
      Icon: Clock,
      label: 'Estimated Time',
      value: task.estimatedTime === null ? 'Not specified' : `${task.estimatedTime} hours`,
    },
    { Icon: UserRound, label: 'Assigned To', value: task.assignedTo || 'Open for bidding' },
  ];
  return (
    <article className="overflow-hidden rounded-box border border-base-300 bg-base-100">
      <TaskImage
        src={task.imageUrl}
        className={task.imageUrl ? 'aspect-[21/9]' : 'aspect-[5/1]'}
        category={task.category}
      />
      <div className="p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-outline badge-sm">{task.category || 'General'}</span>
          <StatusBadge status={task.status} palette="owner" />
          <span className="badge badge-ghost badge-sm">{task.priority} priority</span>
        </div>
        <h1 dir="auto" className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">
          {task.title}
        </h1>
        <ModerationNotice notice={task.moderationNotice} className="mt-2" />
        <p className="mt-1 text-sm text-base-content/70">
          Posted by{' '}
          <ProfileLink id={task.userId} className="link">
            {task.userName}
          </ProfileLink>
        </p>
        <h2 className="mt-6 text-lg font-semibold">Description</h2>
        <p dir="auto" className="mt-2 whitespace-pre-line text-base-content/85">
          {task.description}
        </p>
        {children}
        <dl className="mt-6 grid gap-4 sm:grid-cols-2">
          {facts.map(({ Icon, label, value }) => (
            <div
              key={label}
              className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 rounded-field bg-base-200 p-3"
            >
              <Icon className="row-span-2 mt-0.5 size-5 text-primary" aria-hidden="true" />
              <dt className="text-sm text-base-content/70">{label}</dt>
              <dd dir="auto" className="font-medium">
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </article>
  );
}
