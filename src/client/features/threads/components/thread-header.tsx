import { ArrowLeft, Lock } from 'lucide-react';
import { Link } from 'react-router';
import type { Thread } from '../../../../shared/threads.ts';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';

const CLOSED: Record<NonNullable<Thread['closedReason']>, string> = {
  'task-deleted':
    'The task was deleted, so this conversation is closed: you can read it but not reply.',
  expired:
    'This conversation closed 30 days after the task was completed: you can read it but not reply.',
};

/** Who the conversation is with, about which task, and a way back to all of them. */
export function ThreadHeader({ thread }: { thread: Thread }) {
  return (
    <header className="flex items-center gap-3 border-b border-base-300 px-3 py-3 sm:px-5">
      <Link to="/messages" className="btn btn-ghost btn-sm btn-square" aria-label="All messages">
        <ArrowLeft className="size-5" aria-hidden="true" />
      </Link>
      <UserAvatar name={thread.other.name} photoURL={null} className="size-10" />
      <div className="min-w-0">
        <h1 id="thread-title" className="truncate text-lg font-semibold sm:text-xl">
          <ProfileLink id={thread.other.id}>{thread.other.name}</ProfileLink>
        </h1>
        <p className="truncate text-sm text-base-content/75">
          About{' '}
          {thread.task.id ? (
            <Link to={`/browse-tasks/${thread.task.id}`} className="link link-hover font-medium">
              {thread.task.title}
            </Link>
          ) : (
            <span className="font-medium">{thread.task.title}</span>
          )}
        </p>
      </div>
    </header>
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
