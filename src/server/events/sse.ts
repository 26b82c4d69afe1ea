import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventBus } from './bus.ts';

/** Tells browsers how soon to reconnect after the stream ends (a restart, say). */
const RETRY_MS = 1000;
/** A stream closed to make room for a newer one asks its browser to wait this long. */
const EVICTED_RETRY_MS = 60_000;
const HEARTBEAT = ': keep-alive\n\n';

/** Open streams at once; opening one more closes the oldest. */
export const STREAM_LIMITS = {
  /** For one signed-in user (every tab holds one or two). */
  perUser: 10,
  /** From one address (several people behind one network share it). */
  perAddress: 40,
} as const;

export interface EventStream {
  /** Who holds it, for the limits above. */
  readonly userId: string;
  readonly address: string;
  /** Writes one frame made by `eventFrame` (made once, however many streams get it). */
  write(frame: string): void;
  close(): void;
  /** Closes it to make room, asking the browser to wait a while before coming back. */
  evict(): void;
}

/** One event as it goes on the wire. */
export function eventFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Turns a request into a Server-Sent Events stream and subscribes it (`subscribe` returns
 * how to unsubscribe). The stream closes when the client goes, when `close` is called, when
 * the server starts draining for shutdown (one opened while it drains ends at once), or when
 * the same user or address opens more than `STREAM_LIMITS` allow (oldest first). `HEAD` gets
 * the head only, with nothing subscribed.
 *
 * A heartbeat (a comment) every `config.streams.heartbeatMs` keeps proxies from closing a
 * quiet stream, and makes TCP find a client that vanished. A client that stops reading is
 * dropped (its socket destroyed, nothing more buffered for it) once it holds more than
 * `maxUnsentBytes` unsent, or when what it was sent has not drained by the next heartbeat.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  subscribe: (stream: EventStream) => () => void,
): void {
  const raw = reply.raw;
  const draining = request.server.lifecycle.draining;
  reply.hijack();
  // The headers hooks set so far (security, caching) go out with the stream's own head.
  raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'private, no-store, no-transform',
    // A head (a probe) or a draining server ends the connection with the answer.
    connection: draining || request.method === 'HEAD' ? 'close' : 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  if (request.method === 'HEAD') {
    raw.end();
    return;
  }
  // Draining for shutdown: end at once, so the browser reconnects (to another instance). A
  // 503 instead would make EventSource give up for good.
  if (draining) {
    raw.end(`retry: ${RETRY_MS}\n\n`);
    return;
  }

  const { heartbeatMs, maxUnsentBytes } = request.server.config.streams;
  const streams = request.server.lifecycle.streams;
  const address = request.ip;
  makeRoom(streams, (s) => s.userId === userId, STREAM_LIMITS.perUser);
  makeRoom(streams, (s) => s.address === address, STREAM_LIMITS.perAddress);

  raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
  let open = true;
  let unsubscribe = () => {};
  /** Set at a heartbeat while a write waits for the socket to drain; cleared when it does. */
  let stalled = false;
  raw.on('drain', () => (stalled = false));
  const drop = (reason: string) => {
    request.log.info({ unsent: raw.writableLength, reason }, 'event stream dropped');
    stream.close();
    raw.destroy();
  };
  const heartbeat = setInterval(() => {
    if (stalled) return drop('not drained since the last heartbeat');
    stream.write(HEARTBEAT);
    stalled = raw.writableNeedDrain;
  }, heartbeatMs);
  const stream: EventStream = {
    userId,
    address,
    write(frame) {
      if (!open) return;
      raw.write(frame);
      if (raw.writableLength > maxUnsentBytes) drop('too much unsent');
    },
    close() {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      streams.delete(stream);
      unsubscribe();
      raw.end();
    },
    evict() {
      stream.write(`retry: ${EVICTED_RETRY_MS}\n\n`);
      stream.close();
    },
  };
  streams.add(stream);
  unsubscribe = subscribe(stream);
  request.raw.once('close', () => stream.close());
}

/** Closes the oldest matching streams until one more fits under `max` (a Set keeps order). */
function makeRoom(streams: Set<EventStream>, mine: (s: EventStream) => boolean, max: number) {
  const held = [...streams].filter(mine);
  for (const old of held.slice(0, Math.max(0, held.length - max + 1))) old.evict();
}

/**
 * Ends a user's open streams when their sessions change on any instance (signed out
 * somewhere, other sessions revoked, password changed, account deleted). Each browser comes
 * back a second later with its own cookie: a session still valid gets a new stream, one that
 * ended is refused 401 and EventSource stops. Without this a stream opened before would go on
 * carrying the user's events after their session ended.
 */
export function endStreamsWhenSessionsChange(streams: Set<EventStream>, bus: EventBus) {
  return bus.subscribe((event) => {
    if (event.type !== 'sessions.changed') return;
    for (const stream of streams) if (stream.userId === event.userId) stream.close();
  });
}
