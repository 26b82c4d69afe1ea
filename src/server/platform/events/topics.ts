import type { EventStream } from './sse.ts';

export interface StreamTopics {
  /** `stream` gets what is sent to `key` until the returned function is called. */
  follow(key: string, stream: EventStream): () => void;
  /** Writes `frame` to every stream following `key` (held by one of `onlyFor` when given). */
  send(key: string, frame: string, onlyFor?: readonly string[]): void;
  /** Writes `frame` to every stream following anything. */
  sendAll(frame: string): void;
}

/**
 * The open streams of one route by what they follow (a task, a user). An event reaches the
 * streams of its key only, as one frame made once, rather than being offered to every open
 * stream of the instance and serialised again for each.
 */
export function streamTopics(): StreamTopics {
  const byKey = new Map<string, Set<EventStream>>();
  return {
    follow(key, stream) {
      const followers = byKey.get(key) ?? new Set();
      byKey.set(key, followers.add(stream));
      return () => {
        followers.delete(stream);
        if (followers.size === 0 && byKey.get(key) === followers) byKey.delete(key);
      };
    },
    send(key, frame, onlyFor) {
      for (const stream of byKey.get(key) ?? [])
        if (!onlyFor || onlyFor.includes(stream.userId)) stream.write(frame);
    },
    sendAll(frame) {
      for (const followers of byKey.values()) for (const stream of followers) stream.write(frame);
    },
  };
}
