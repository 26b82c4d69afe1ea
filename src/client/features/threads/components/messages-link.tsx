import { MessageSquare } from 'lucide-react';
import { useEffect } from 'react';
import { NavLink, useFetcher } from 'react-router';
import { CountBadge, unreadLabel, useLastCount } from '../../../components/ui/count-badge.tsx';
import { useUserEvents } from '../../../lib/user-events.tsx';
import { MESSAGES_RESOURCE, type MessagesResourceData } from '../api/threads-api.ts';

const MESSAGE_EVENTS = ['message'] as const;

/**
 * The header's Messages link (signed in only) with the number of unread messages, kept live
 * by the person's event stream; its name says the count ("Messages, 2 unread"). The count
 * reloads after every action too (reading a thread lowers it).
 */
export function MessagesLink() {
  const fetcher = useFetcher<MessagesResourceData>();
  const { load } = fetcher;
  useEffect(() => {
    void load(MESSAGES_RESOURCE);
  }, [load]);
  useUserEvents(MESSAGE_EVENTS, () => void load(MESSAGES_RESOURCE));
  const count = useLastCount(fetcher.data?.unread);

  return (
    <NavLink
      to="/messages"
      aria-label={unreadLabel('Messages', count)}
      title="Messages"
      className={({ isActive }) =>
        `btn btn-ghost btn-circle btn-sm relative sm:btn-md ${isActive ? 'text-primary' : ''}`
      }
    >
      <MessageSquare className="size-5" aria-hidden="true" />
      <CountBadge count={count} />
    </NavLink>
  );
}
