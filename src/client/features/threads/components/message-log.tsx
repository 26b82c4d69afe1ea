import { ModerationNotice } from '../../../components/ui/moderation-notice.tsx';
import { CheckCheck } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import type { Message } from '../../../../shared/threads/schema.ts';
import { PlainText } from '../../../components/ui/plain-text.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/** How close to the top (px) scrolling loads the older messages. */
const LOAD_OLDER_AT = 80;

interface MessageLogProps {
  messages: Message[];
  me: string;
  otherName: string;
  /** The newest message the other person has read: "Seen" under my last one up to it. */
  otherLastRead: string | null;
  /** A message on its way: shown greyed until it comes back from the server. */
  sending: string | null;
  /** Whether older messages are there to load; `loadOlder` asks for them. */
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}

/** The id of my last message the other person has read (not in view: null). */
function seenMessageId(messages: Message[], me: string, lastRead: string | null): string | null {
  const upTo = lastRead === null ? -1 : messages.findIndex((m) => m.id === lastRead);
  for (let i = upTo; i >= 0; i -= 1) if (messages[i]?.senderId === me) return messages[i]!.id;
  return null;
}

/**
 * The conversation, oldest → newest, in a box that scrolls on its own and opens at the
 * newest. A new message at the end brings the newest into view; scrolling near the top (or
 * "Load older messages") loads the ones before, keeping the reader's place.
 */
export function MessageLog({
  messages,
  me,
  otherName,
  otherLastRead,
  sending,
  hasOlder,
  loadingOlder,
  loadOlder,
}: MessageLogProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const place = useRef({ first: '', last: '', height: 0, top: 0 });
  const first = messages[0]?.id ?? '';
  const last = `${messages.at(-1)?.id ?? ''}${sending ? '+' : ''}`;

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const before = place.current;
    if (last !== before.last) box.scrollTop = box.scrollHeight;
    else if (first !== before.first) box.scrollTop = before.top + box.scrollHeight - before.height;
    place.current = { first, last, height: box.scrollHeight, top: box.scrollTop };
  }, [first, last]);

  const seen = seenMessageId(messages, me, otherLastRead);
  return (
    <div
      ref={boxRef}
      role="log"
      aria-label={`Conversation with ${otherName}`}
      // A box that scrolls on its own must take the focus, or the keyboard cannot scroll it.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain [overflow-anchor:none] px-3 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary sm:px-5"
      onScroll={(event) => {
        const box = event.currentTarget;
        place.current = { ...place.current, height: box.scrollHeight, top: box.scrollTop };
        if (box.scrollTop < LOAD_OLDER_AT && hasOlder && !loadingOlder) loadOlder();
      }}
    >
      {hasOlder ? (
        <div className="mb-4 flex justify-center">
          <button
            type="button"
            className={`btn btn-ghost btn-sm ${loadingOlder ? 'pointer-events-none opacity-80' : ''}`}
            aria-disabled={loadingOlder || undefined}
            onClick={() => {
              if (!loadingOlder) loadOlder();
            }}
          >
            {loadingOlder ? <Spinner size="sm" label="Loading older messages" /> : null}
            Load older messages
          </button>
        </div>
      ) : null}
      {messages.length === 0 && !sending ? (
        <p className="py-10 text-center text-base-content/70">
          No messages yet. Say hello to {otherName}.
        </p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Messages">
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              mine={message.senderId === me}
              who={message.senderId === me ? 'You' : otherName}
              body={message.body}
              at={message.createdAt}
              seen={message.id === seen}
              notice={message.moderationNotice}
            />
          ))}
          {sending ? <MessageItem mine who="You" body={sending} at={null} seen={false} /> : null}
        </ol>
      )}
    </div>
  );
}

interface MessageItemProps {
  mine: boolean;
  who: string;
  body: string;
  /** null: still on its way. */
  at: string | null;
  seen: boolean;
  /** Moderation keeps it from the other side (the sender's own messages only). */
  notice?: string | undefined;
}

function MessageItem({ mine, who, body, at, seen, notice }: MessageItemProps) {
  return (
    <li className={`flex flex-col gap-1 ${mine ? 'items-end' : 'items-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2 sm:max-w-[70%] ${
          mine
            ? 'rounded-br-sm bg-primary text-primary-content'
            : 'rounded-bl-sm bg-base-200 text-base-content'
        } ${at === null ? 'opacity-70' : ''}`}
      >
        <span className="sr-only">{who}: </span>
        <PlainText text={body} />
      </div>
      <ModerationNotice notice={notice} className="px-1" />
      <p className="px-1 text-xs text-base-content/70">
        {at === null ? 'Sending…' : <time dateTime={at}>{formatDateTime(at)}</time>}
      </p>
      {seen ? (
        <p className="flex items-center gap-1 px-1 text-xs font-medium text-base-content/80">
          <CheckCheck className="size-3.5" aria-hidden="true" />
          Seen
        </p>
      ) : null}
    </li>
  );
}
