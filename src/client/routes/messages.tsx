import { MessagesSquare } from 'lucide-react';
import {
  Outlet,
  useLoaderData,
  useParams,
  useRevalidator,
  type LoaderFunctionArgs,
} from 'react-router';
import type { ThreadSummary } from '../../shared/threads/schema.ts';
import { sessionUser } from '../lib/auth/session-context.ts';
import { useCursorPages } from '../lib/use-cursor-pages.ts';
import { useUserEvents } from '../lib/user-events.tsx';
import { fetchThreads } from '../features/threads/api/threads-api.ts';
import { ThreadList } from '../features/threads/components/thread-list.tsx';
import { Spinner } from '../components/ui/spinner.tsx';

const PAGE_SIZE = 20;
const INBOX_EVENTS = ['message', 'contact'] as const;

/** One page of my threads: the first, or the one after `?cursor=` ("Load more"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get('cursor');
  const [page, me] = await Promise.all([
    fetchThreads(cursor, PAGE_SIZE, request.signal),
    sessionUser(context),
  ]);
  return { page, me: me.id };
}

/** The pages in order, each thread once (where it is newest: a thread moves up when it gets a message). */
function merge(pages: ThreadSummary[][]): ThreadSummary[] {
  const seen = new Set<string>();
  return pages.flat().filter((thread) => !seen.has(thread.id) && seen.add(thread.id));
}

/**
 * /messages (protected): my conversations, newest activity first, a page at a time ("Load
 * more" appends the next by cursor), and the layout of /messages/:threadId. On wide screens
 * (lg) the list stays beside the open conversation; on phones it is list → conversation, the
 * list hidden while one is open. Live: a new message reloads the first page.
 */
export function Component() {
  const { page, me } = useLoaderData<typeof loader>();
  const open = useParams().threadId !== undefined;
  const revalidator = useRevalidator();
  useUserEvents(INBOX_EVENTS, () => void revalidator.revalidate());
  const more = useCursorPages<ThreadSummary>(
    (cursor) => `/messages?cursor=${encodeURIComponent(cursor)}`,
  );
  const threads = merge([page.items, ...more.pages]);
  const next = more.next === undefined ? page.nextCursor : more.next;
  // One h1 a screen: an open conversation's is the other person's name.
  const Heading = open ? 'h2' : 'h1';
  // Two columns on wide screens once there is something to put beside the list.
  const twoColumns = open || threads.length > 0;

  return (
    <div
      className={`page-container py-4 sm:py-8 ${twoColumns ? 'lg:grid lg:grid-cols-[22rem_minmax(0,1fr)] lg:gap-6' : ''}`}
    >
      {open ? null : <title>Messages · TaskBid</title>}
      <div
        className={
          open
            ? 'hidden lg:block lg:h-[calc(100dvh-8rem)] lg:min-h-[26rem] lg:overflow-y-auto'
            : `mx-auto max-w-3xl ${twoColumns ? 'lg:mx-0 lg:h-[calc(100dvh-8rem)] lg:min-h-[26rem] lg:max-w-none lg:overflow-y-auto' : ''}`
        }
      >
        <header className={open ? 'mb-4' : 'mb-6 sm:mb-8 lg:mb-4'}>
          <Heading className="text-2xl font-bold tracking-tight sm:text-3xl">Messages</Heading>
          <p className="mt-1 text-base-content/75">
            Your conversations with posters and bidders, newest first.
          </p>
        </header>
        <ThreadList threads={threads} me={me} />
        {next ? (
          <div className="mt-6 flex justify-center">
            <button
              type="button"
              className={`btn btn-outline ${more.loading ? 'pointer-events-none opacity-80' : ''}`}
              aria-disabled={more.loading || undefined}
              onClick={() => more.load(next)}
            >
              {more.loading ? <Spinner size="sm" label="Loading more conversations" /> : null}
              Load more
            </button>
          </div>
        ) : null}
      </div>
      {open ? (
        <Outlet />
      ) : threads.length > 0 ? (
        <div className="hidden h-[calc(100dvh-8rem)] min-h-[26rem] flex-col items-center justify-center gap-3 rounded-box border border-dashed border-base-300 text-center text-base-content/75 lg:flex">
          <MessagesSquare className="size-10 text-base-content/40" aria-hidden="true" />
          <p>Choose a conversation to read it here.</p>
        </div>
      ) : null}
    </div>
  );
}
