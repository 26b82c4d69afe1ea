import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { signUp, type TestUser } from '../../../../tests/factories/users.ts';
import type { Config } from '../config.ts';
import { eventFrame, type EventStream } from './sse.ts';

/** A frame of about 4 KB: what a busy stream sends in a few seconds, in one write. */
const FRAME = eventFrame('notification', { padding: 'x'.repeat(4000) });
/** Far more than loopback's socket buffers hold (a few MB with the client not reading). */
const MAX_FRAMES = 8000;

let t: TestApp;
let base: string;
const users: TestUser[] = [];
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  for (let i = 0; i < 4; i++) users.push(await signUp(t.app));
});
afterAll(() => t.close());

/** Streams opened from now on use these timings. */
function timings(streams: Partial<Config['streams']>) {
  t.app.config.streams = { ...t.app.config.streams, ...streams };
  return { app: t.app, base };
}

/**
 * A client of its notification stream over a plain socket: once the head is in it either
 * goes on reading (counting bytes and heartbeats) or never reads again (`stall`).
 */
async function client(base: string, user: TestUser, stall: boolean) {
  const { port } = new URL(base);
  const socket = connect({ port: Number(port), host: '127.0.0.1' });
  socket.write(
    `GET /api/notifications/events HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncookie: ${user.cookie}\r\n\r\n`,
  );
  const seen = { bytes: 0, heartbeats: 0, closed: false };
  socket.on('close', () => (seen.closed = true));
  await new Promise<void>((resolve) =>
    socket.on('data', (chunk: Buffer) => {
      seen.bytes += chunk.length;
      seen.heartbeats += chunk.toString().split(': keep-alive').length - 1;
      if (!chunk.includes(': connected')) return;
      if (stall) socket.pause();
      resolve();
    }),
  );
  return { socket, seen };
}

const streamOf = (streams: Set<EventStream>, user: TestUser) =>
  [...streams].find((s) => s.userId === user.id)!;

/** Writes FRAME to `stream` until the server drops it (or MAX_FRAMES); returns how many. */
async function flood(streams: Set<EventStream>, stream: EventStream, frames = MAX_FRAMES) {
  let sent = 0;
  while (streams.has(stream) && sent < frames) {
    stream.write(FRAME);
    sent++;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return sent;
}

async function until(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return check();
}

describe('event streams whose clients stop reading', () => {
  it('drops a stream once it holds more than its unsent limit, and keeps one that reads', async () => {
    const { app, base } = timings({ maxUnsentBytes: 16 * 1024, heartbeatMs: 60_000 });
    const [user, reader] = users as [TestUser, TestUser];
    const { streams } = app.lifecycle;
    const dead = await client(base, user, true);
    const stream = streamOf(streams, user);
    const sent = await flood(streams, stream);
    expect(streams.has(stream), `still held after ${sent} frames`).toBe(false);
    // Its socket is gone too: the client sees the connection end once it reads again.
    dead.socket.resume();
    expect(await until(() => dead.seen.closed, 2000)).toBe(true);

    // A client that reads gets as many frames and stays.
    const live = await client(base, reader, false);
    const kept = streamOf(streams, reader);
    expect(await flood(streams, kept, sent)).toBe(sent);
    expect(streams.has(kept)).toBe(true);
    expect(await until(() => live.seen.bytes > sent * FRAME.length, 5000)).toBe(true);
    live.socket.destroy();
  });

  it('drops a stream that has not drained by the next heartbeat; a reading one gets heartbeats', async () => {
    const { app, base } = timings({ maxUnsentBytes: 2 ** 30, heartbeatMs: 100 });
    const [, , user, reader] = users as [TestUser, TestUser, TestUser, TestUser];
    const { streams } = app.lifecycle;
    const dead = await client(base, user, true);
    const stream = streamOf(streams, user);
    // Fills the socket's buffers, then more that waits in the server's memory.
    await flood(streams, stream, 4000);
    expect(await until(() => !streams.has(stream), 2000)).toBe(true);
    dead.socket.destroy();

    const live = await client(base, reader, false);
    const kept = streamOf(streams, reader);
    await new Promise((r) => setTimeout(r, 1000));
    expect(streams.has(kept)).toBe(true);
    expect(live.seen.heartbeats).toBeGreaterThanOrEqual(5);
    live.socket.destroy();
  });
});
