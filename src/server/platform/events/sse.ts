import { randomUUID } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../auth/require-user.ts';
import type { Db } from '../db/client.ts';
import { session } from '../db/schema.ts';
import type { EventBus } from './bus.ts';

/** Tells browsers how soon to reconnect after the stream ends (a restart, say). */
const RETRY_MS = 1000;
/** A stream closed to make room for a newer one asks its browser to wait this long. */
const EVICTED_RETRY_MS = 60_000;
const HEARTBEAT = ': keep-alive\n\n';

/** Open streams at once, over every instance; opening one more closes the oldest. */
export const STREAM_LIMITS = {
  /** For one signed-in user (every tab holds one or two). */
  perUser: 10,
  /** From one address (several people behind one network share it). */
  perAddress: 40,
} as const;

export interface EventStream {
  readonly id: string;
  /** Who holds it, for the limits above. */
  readonly userId: string;
  readonly address: string;
  /** The session it was opened with: it ends when that session does. */
  readonly sessionId: string;
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
 * the server starts draining for shutdown (one opened while it drains ends at once), when
 * the same user or address opens more than `STREAM_LIMITS` allow on all instances together
 * (oldest first, stream-limits.ts), or when its session has ended (checked at each heartbeat:
 * `endStreamsWhoseSessionEnded`). `HEAD` gets the head only, with nothing subscribed.
 *
 * A heartbeat (a comment) every `config.streams.heartbeatMs` keeps proxies from closing a
 * quiet stream, and makes TCP find a client that vanished. A client that stops reading is
 * dropped (its socket destroyed, nothing more buffered for it) once it holds more than
 * `maxUnsentBytes` unsent, or when what it was sent has not drained by the next heartbeat.
 */
export async function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  user: Pick<CurrentUser, 'id' | 'sessionId'>,
  subscribe: (stream: EventStream) => () => void,
): Promise<void> {
  const raw = reply.raw;
  const draining = request.server.lifecycle.draining;
  reply.hijack();
  // The headers hooks set so far (security, caching) go out with the stream's own head.
  const writeHead = () =>
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
    writeHead();
    raw.end();
    return;
  }
  // Draining for shutdown: end at once, so the browser reconnects (to another instance). A
  // 503 instead would make EventSource give up for good.
  if (draining) {
    writeHead();
    raw.end(`retry: ${RETRY_MS}\n\n`);
    return;
  }

  const { heartbeatMs, maxUnsentBytes } = request.server.config.streams;
  const { streams, streamLimits } = request.server.lifecycle;
  const held = { id: randomUUID(), userId: user.id, address: request.ip };
  // Counted on every instance before the browser learns it is open, so the limits close
  // streams in the order they were opened.
  await streamLimits.opened(held);
  if (request.raw.socket.destroyed) {
    streamLimits.closed(held);
    return;
  }
  writeHead();
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
    ...held,
    sessionId: user.sessionId,
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
      streamLimits.closed(stream);
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

/**
 * At each heartbeat, ends the streams whose session has expired or is gone (one query for all
 * of this instance's streams). `endStreamsWhenSessionsChange` ends them at once when word of
 * a change arrives; this holds when the word is lost, and when a session simply runs out.
 */
export function endStreamsWhoseSessionEnded(
  streams: Set<EventStream>,
  db: Pick<Db, 'select'>,
  heartbeatMs: number,
  log: FastifyBaseLogger,
): () => void {
  let checking = false;
  const check = async () => {
    const ids = [...new Set([...streams].map((s) => s.sessionId))];
    if (ids.length === 0) return;
    const live = await db
      .select({ id: session.id })
      .from(session)
      .where(and(inArray(session.id, ids), gt(session.expiresAt, sql`now()`)));
    const checked = new Set(ids);
    const valid = new Set(live.map((s) => s.id));
    for (const stream of streams)
      if (checked.has(stream.sessionId) && !valid.has(stream.sessionId)) stream.close();
  };
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    check()
      .catch((err: unknown) => log.warn({ err }, 'stream sessions not checked'))
      .finally(() => (checking = false));
  }, heartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
}
