import { MessagesSquare } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import type { ThreadSummary } from '../../../../shared/threads/schema.ts';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { formatDateTime, formatShortMoment } from '../../../lib/format.ts';
import { ProfileLink } from '../../../components/ui/profile-link.tsx';

interface ThreadListProps {
  threads: ThreadSummary[];
  /** The signed-in person: their own last message reads "You: …". */
  me: string;
}

function ThreadItem({ thread, me }: { thread: ThreadSummary; me: string }) {
  const unread = thread.unreadCount > 0;
  const last = thread.lastMessage;
  return (
    <li
      className={`relative flex gap-3 px-4 py-4 hover:bg-base-200 has-[a[aria-current=page]]:bg-base-200 has-[a[aria-current=page]]:shadow-[inset_3px_0_0_var(--color-primary)] sm:px-5 ${unread ? 'bg-primary/5' : ''}`}
    >
      <UserAvatar name={thread.other.name} photoURL={null} className="mt-0.5 size-10" />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-3">
          <ProfileLink
            id={thread.other.id}
            className="relative z-10 link link-hover truncate font-semibold"
          >
            {thread.other.name}
          </ProfileLink>
          <time
            dateTime={thread.lastActivityAt}
            title={formatDateTime(thread.lastActivityAt)}
            className="shrink-0 text-xs text-base-content/70"
          >
            {formatShortMoment(thread.lastActivityAt)}
          </time>
        </div>
        {/* The whole row opens the conversation: the link's box covers it. */}
        <NavLink
          to={`/messages/${thread.id}`}
          dir="auto"
          className="block truncate py-0.5 text-sm font-medium text-primary after:absolute after:inset-0 after:content-['']"
        >
          {thread.task.title}
        </NavLink>
        <div className="mt-1 flex items-start justify-between gap-3">
          <p
            className={`line-clamp-2 text-sm sm:line-clamp-1 ${unread ? 'font-semibold' : 'text-base-content/75'}`}
          >
            {last ? (
              <>
                {last.senderId === me ? <span className="text-base-content/70">You: </span> : null}
                <span dir="auto">{last.firstLine}</span>
              </>
            ) : (
              <span className="italic">No messages yet</span>
            )}
          </p>
          {unread ? (
            <span className="badge badge-primary badge-sm shrink-0 font-semibold">
              {thread.unreadCount} unread
            </span>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** My conversations, newest activity first; an empty state that says how one starts. */
export function ThreadList({ threads, me }: ThreadListProps) {
  if (threads.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-6 py-16 text-center">
        <MessagesSquare className="size-12 text-base-content/40" aria-hidden="true" />
        <h2 className="text-xl font-semibold">No conversations yet</h2>
        <p className="max-w-md text-base-content/75">
          Write to a bidder with “Message” on a bid for your task, or to a poster with “Message the
          poster” on a task you bid on.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/my-tasks" className="btn btn-primary">
            My Posted Tasks
          </Link>
          <Link to="/my-bids" className="btn btn-outline">
            My Bids
          </Link>
        </div>
      </div>
    );
  }
  return (
    <ul
      aria-label="Conversations"
      className="divide-y divide-base-300 overflow-hidden rounded-box border border-base-300 bg-base-100"
    >
      {threads.map((thread) => (
        <ThreadItem key={thread.id} thread={thread} me={me} />
      ))}
    </ul>
  );
}
