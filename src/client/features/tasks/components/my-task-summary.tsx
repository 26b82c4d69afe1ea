import { ModerationNotice } from '../../../components/ui/moderation-notice.tsx';
import { CalendarDays, Gavel } from 'lucide-react';
import { Link } from 'react-router';
import type { Task } from '../../../../shared/tasks/schema.ts';
import { formatDate } from '../../../lib/format.ts';
import { TaskInitial } from './task-initial.tsx';

/** "No bids yet", "1 bid", "3 bids". */
export function bidCountText(count: number): string {
  return count === 0 ? 'No bids yet' : count === 1 ? '1 bid' : `${count} bids`;
}

/**
 * One of my tasks at a glance: its initial, title (a link to the task's page), the start of
 * its description, its deadline and how many offers it has. A card names it with a heading
 * and shows two lines of description; a table row shows one.
 */
export function MyTaskSummary({ task, layout }: { task: Task; layout: 'card' | 'row' }) {
  const card = layout === 'card';
  const Title = card ? 'h2' : 'div';
  return (
    <div className={`flex gap-3 ${card ? 'items-start' : 'items-center'}`}>
      <TaskInitial title={task.title} />
      <div className={`min-w-0 ${card ? 'flex-1' : ''}`}>
        <Title className="font-semibold">
          <Link to={`/browse-tasks/${task._id}`} dir="auto" className="link link-hover">
            {task.title}
          </Link>
        </Title>
        <ModerationNotice notice={task.moderationNotice} />
        <p
          dir="auto"
          className={`text-sm text-base-content/75 ${card ? 'mt-1 line-clamp-2' : 'line-clamp-1 break-all'}`}
        >
          {task.description}
        </p>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-base-content/75">
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="size-3.5" aria-hidden="true" />
            Deadline {formatDate(task.deadline)}
          </span>
          {task.bidCount !== undefined ? (
            <span className="inline-flex items-center gap-1">
              <Gavel className="size-3.5" aria-hidden="true" />
              {bidCountText(task.bidCount)}
            </span>
          ) : null}
        </p>
      </div>
    </div>
  );
}
