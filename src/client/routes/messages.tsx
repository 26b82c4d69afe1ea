import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { ThreadSummary } from '../../shared/threads.ts';
import { sessionUser } from '../lib/auth/session-context.ts';
import { useCursorPages } from '../lib/use-cursor-pages.ts';
import { useUserEvents } from '../lib/user-events.tsx';
import { fetchThreads } from '../features/threads/api/threads-api.ts';
import { ThreadList } from '../features/threads/components/thread-list.tsx';
import { Spinner } from '../components/ui/spinner.tsx';

const PAGE_SIZE = 20;
const INBOX_EVENTS = ['message'] as const;

/** One page of my threads: the first, or the one after `?cursor=` ("Load more"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get('cursor');
  const page = await fetchThreads(cursor, PAGE_SIZE, request.signal);
  return { page, me: sessionUser(context).id };
}

/** The pages in order, each thread once (where it is newest: a thread moves up when it gets a message). */
function merge(pages: ThreadSummary[][]): ThreadSummary[] {
  const seen = new Set<string>();
  return pages.flat().filter((thread) => !seen.has(thread.id) && seen.add(thread.id));
}

/**
 * /messages (protected): my conversations, newest activity first, a page at a time ("Load
 * more" appends the next by cursor). Live: a new message reloads the first page.
 */
export function Component() {
  const { page, me } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  useUserEvents(INBOX_EVENTS, () => void revalidator.revalidate());
  const more = useCursorPages<ThreadSummary>(
    (cursor) => `/messages?cursor=${encodeURIComponent(cursor)}`,
  );
  const threads = merge([page.items, ...more.pages]);
  const next = more.next === undefined ? page.nextCursor : more.next;

  return (
    <div className="page-container max-w-3xl py-8 sm:py-12">
      <title>Messages · TaskBid</title>
      <header className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Messages</h1>
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
  );
}
