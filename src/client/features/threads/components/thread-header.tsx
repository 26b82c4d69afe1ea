import type { ReactNode } from 'react';
import { ArrowLeft, BriefcaseBusiness, Lock } from 'lucide-react';
import { Link } from 'react-router';
import type { Thread } from '../../../../shared/threads/schema.ts';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';
import { THREAD_WRITABLE_DAYS_AFTER_COMPLETION } from '../../../../shared/threads/rules.ts';
import { BLOCK_MESSAGES } from '../../../../shared/blocks/rules.ts';

const CLOSED: Record<NonNullable<Thread['closedReason']>, string> = {
  'task-deleted':
    'The task was deleted, so this conversation is closed: you can read it but not reply.',
  expired: `This conversation closed ${THREAD_WRITABLE_DAYS_AFTER_COMPLETION} days after the task was completed: you can read it but not reply.`,
  'account-deleted':
    'The other person deleted their account, so this conversation is closed: you can read it but not reply.',
  blocked: BLOCK_MESSAGES.youBlocked,
  unavailable: BLOCK_MESSAGES.cannotContact,
};

/**
 * Who the conversation is with, the task it is about (its title as a link, budget and
 * status), and on phones a way back to all of them (on wide screens the list is beside it).
 * `children`: the screen's actions about the person, at the end of the first row.
 */
export function ThreadHeader({ thread, children }: { thread: Thread; children?: ReactNode }) {
  return (
    <header className="border-b border-base-300">
      <div className="flex items-center gap-3 px-3 py-3 sm:px-5">
        <Link
          to="/messages"
          className="btn btn-ghost btn-sm btn-square lg:hidden"
          aria-label="All messages"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <UserAvatar name={thread.other.name} photoURL={null} className="size-10" />
        <h1
          id="thread-title"
          dir="auto"
          className="min-w-0 flex-1 text-lg font-semibold sm:text-xl"
        >
          {/* A block that truncates: the link ends where the name visibly ends. */}
          <ProfileLink id={thread.other.id} className="link link-hover block truncate">
            {thread.other.name}
          </ProfileLink>
        </h1>
        {children ? <div className="flex shrink-0 items-center">{children}</div> : null}
      </div>
      <ThreadTask task={thread.task} />
    </header>
  );
}

/** The task the conversation is about: a link to it, its budget and status (gone: its title). */
function ThreadTask({ task }: { task: Thread['task'] }) {
  return (
    <section
      aria-label="About the task"
      className="flex items-center gap-3 bg-base-200/60 px-3 py-2 text-sm sm:px-5"
    >
      <BriefcaseBusiness className="size-4 shrink-0 text-base-content/70" aria-hidden="true" />
      {task.id ? (
        <Link
          to={`/browse-tasks/${task.id}`}
          dir="auto"
          className="link link-hover min-w-0 flex-1 truncate font-medium"
        >
          {task.title}
        </Link>
      ) : (
        <span className="min-w-0 flex-1 truncate">
          <span dir="auto" className="font-medium">
            {task.title}
          </span>{' '}
          <span className="text-base-content/70">(deleted)</span>
        </span>
      )}
      {task.id ? (
        <>
          <span className="shrink-0 font-semibold">
            <span className="sr-only">Budget </span>
            {formatMoney(task.budget, 'Open budget')}
          </span>
          {task.status ? <StatusBadge status={task.status} palette="owner" /> : null}
        </>
      ) : null}
    </section>
  );
}

/** In place of the composer when nobody can write any more, and why. */
export function ThreadClosed({ thread }: { thread: Thread }) {
  const why = thread.closedReason
    ? CLOSED[thread.closedReason]
    : 'This conversation is closed: you can read it but not reply.';
  return (
    <div className="flex items-start gap-2 border-t border-base-300 bg-base-200 p-4 text-sm">
      <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{why}</p>
    </div>
  );
}
