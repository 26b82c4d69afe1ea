import { useEffect, useRef } from 'react';
import { useFetcher, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { Message } from '../../shared/threads/schema.ts';
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
import { blockIntents } from '../features/blocks/api/blocks-api.ts';
import { BlockButton } from '../features/blocks/components/block-button.tsx';

const PAGE_SIZE = 50;
/** Its messages, their reading, and a block made or lifted between anyone and me. */
const THREAD_EVENTS = ['message', 'thread-read', 'contact'] as const;

/** The thread and its newest messages, or with `?before=` the page before that cursor. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = params.threadId ?? '';
  const before = new URL(request.url).searchParams.get('before');
  const [thread, page, me] = await Promise.all([
    fetchThread(id, request.signal),
    fetchMessages(id, before, PAGE_SIZE, request.signal),
    sessionUser(context),
  ]);
  return { thread, page, me: me.id };
}

/**
 * Intents `send` (with `body`), `read` (with `upTo`, the newest message shown), and `block`
 * and `unblock` of the other person (with `userId`).
 */
export const action = intentAction({
  ...blockIntents,
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
 * /messages/:threadId (protected, its two people only; inside the /messages layout, beside
 * the list on wide screens): the conversation with the newest in
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
    if (event.name === 'resync' || event.name === 'contact' || about === thread.id)
      void revalidator.revalidate();
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
  // (A block: Chromium's scrollIntoView answers a promise, which is no effect cleanup.)
  useEffect(() => {
    footRef.current?.scrollIntoView({ block: 'nearest' });
  }, [thread.id]);

  const pending = sender.formData?.get('body');
  return (
    <div className="min-w-0">
      <title>{`${thread.other.name} · Messages · TaskBid`}</title>
      <section
        aria-labelledby="thread-title"
        className="flex h-[calc(100dvh-6rem)] min-h-[26rem] flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 sm:h-[calc(100dvh-8rem)]"
      >
        <ThreadHeader thread={thread}>
          {thread.closedReason === 'account-deleted' ? null : (
            <BlockButton
              userId={thread.other.id}
              name={thread.other.name}
              blocked={thread.contact === 'blocked'}
              className="shrink-0"
            />
          )}
        </ThreadHeader>
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
