import { useEffect, useRef } from 'react';
import { useFetcher, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { Message } from '../../shared/threads.ts';
import { intentAction } from '../lib/action-result.ts';
import { sessionUser } from '../lib/auth/session-context.ts';
import { useCursorPages } from '../lib/use-cursor-pages.ts';
import { useUserEvents } from '../lib/user-events.tsx';
import {
  fetchMessages,
  fetchThread,
  markThreadRead,
  sendMessage,
} from '../features/threads/api/threads-api.ts';
import { MessageComposer } from '../features/threads/components/message-composer.tsx';
import { MessageLog } from '../features/threads/components/message-log.tsx';
import { ThreadClosed, ThreadHeader } from '../features/threads/components/thread-header.tsx';

const PAGE_SIZE = 50;
const THREAD_EVENTS = ['message', 'thread-read'] as const;

/** The thread and its newest messages, or with `?before=` the page before that cursor. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = params.threadId ?? '';
  const before = new URL(request.url).searchParams.get('before');
  const [thread, page] = await Promise.all([
    fetchThread(id, request.signal),
    fetchMessages(id, before, PAGE_SIZE, request.signal),
  ]);
  return { thread, page, me: sessionUser(context).id };
}

/** Intents `send` (with `body`) and `read` (with `upTo`, the newest message shown). */
export const action = intentAction({
  send: async ({ text, args }) => ({
    sent: await sendMessage(args.params.threadId ?? '', text('body')),
  }),
  read: async ({ text, args }) => {
    await markThreadRead(args.params.threadId ?? '', text('upTo'));
    return { read: true };
  },
});

export { shouldRevalidate } from '../lib/action-result.ts';

/** Messages in order, each once (a reload of a page brings the same ones again). */
function merge(pages: Message[][]): Message[] {
  const byId = new Map<string, Message>();
  for (const message of pages.flat()) byId.set(message.id, message);
  return [...byId.values()].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
}

/**
 * /messages/:threadId (protected, its two people only): the conversation with the newest in
 * view, older messages on scroll, the composer (or why it is closed). Messages from the other
 * person are marked read as they are shown. Live: their messages and their reading of mine
 * reload the page's data.
 */
export function Component() {
  const data = useLoaderData<typeof loader>();
  // Another thread is another screen: nothing of this one's state carries over.
  return <ThreadScreen key={data.thread.id} {...data} />;
}

function ThreadScreen({ thread, page, me }: Awaited<ReturnType<typeof loader>>) {
  const revalidator = useRevalidator();
  const sender = useFetcher<unknown>();
  const reader = useFetcher<unknown>();

  useUserEvents(THREAD_EVENTS, (event) => {
    const about = (event.data as { threadId?: unknown } | undefined)?.threadId;
    if (event.name === 'resync' || about === thread.id) void revalidator.revalidate();
  });

  const older = useCursorPages<Message>(
    (cursor) => `/messages/${encodeURIComponent(thread.id)}?before=${encodeURIComponent(cursor)}`,
  );
  const messages = merge([...older.pages, page.items]);
  const before = older.next === undefined ? page.nextCursor : older.next;

  // Shown is read: the newest message, when something addressed to me is unread.
  const newest = messages.at(-1)?.id ?? null;
  const markedUpTo = useRef<string | null>(null);
  const { submit } = reader;
  useEffect(() => {
    if (thread.unreadCount === 0 || newest === null || markedUpTo.current === newest) return;
    markedUpTo.current = newest;
    void submit({ intent: 'read', upTo: newest }, { method: 'post' });
  }, [thread.unreadCount, newest, submit]);

  // The composer (or why there is none) in view when the thread opens, under a banner too.
  const footRef = useRef<HTMLDivElement>(null);
  useEffect(() => footRef.current?.scrollIntoView({ block: 'nearest' }), [thread.id]);

  const pending = sender.formData?.get('body');
  return (
    <div className="page-container max-w-3xl py-4 sm:py-8">
      <title>{`${thread.other.name} · Messages · TaskBid`}</title>
      <section
        aria-labelledby="thread-title"
        className="flex h-[calc(100dvh-6rem)] min-h-[26rem] flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 sm:h-[calc(100dvh-8rem)]"
      >
        <ThreadHeader thread={thread} />
        <MessageLog
          messages={messages}
          me={me}
          otherName={thread.other.name}
          otherLastRead={thread.otherLastReadMessageId}
          sending={typeof pending === 'string' ? pending.trim() || null : null}
          hasOlder={before !== null}
          loadingOlder={older.loading}
          loadOlder={() => {
            if (before !== null) older.load(before);
          }}
        />
        <div ref={footRef}>
          {thread.writable ? (
            <MessageComposer fetcher={sender} />
          ) : (
            <ThreadClosed thread={thread} />
          )}
        </div>
      </section>
    </div>
  );
}
