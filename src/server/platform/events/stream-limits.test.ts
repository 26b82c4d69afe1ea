import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rawRequest } from '../../../../tests/setup/raw-http.ts';
import { openStream, until } from '../../../../tests/setup/sse-client.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import { apiCall, cookieFrom, signUp, type TestUser } from '../../../../tests/factories/users.ts';
import { buildTask } from '../../../../tests/factories/tasks.ts';
import { STREAM_LIMITS } from './sse.ts';

describe('event streams', () => {
  const t = useTestApp({}, { listen: true });
  const [user] = useUsers(t, 1);

  const heldBy = (userId: string) =>
    [...t.app.lifecycle.streams].filter((s) => s.userId === userId).length;

  it('answers HEAD on a stream route with the head only, subscribing nothing', async () => {
    const taskId = (await apiCall(t.app, 'POST', '/api/tasks', user, buildTask())).json()
      .insertedId;
    for (const url of ['/api/notifications/events', `/api/tasks/${taskId}/events`]) {
      const res = await fetch(`${t.url}${url}`, {
        method: 'HEAD',
        headers: { cookie: user.cookie },
        signal: AbortSignal.timeout(2000),
      });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/text\/event-stream/);
      expect(t.app.lifecycle.streams.size, url).toBe(0);
      // A probe over a plain socket: the connection ends with the head (it hung, kept alive).
      const probe = await rawRequest(Number(new URL(t.url).port), {
        method: 'HEAD',
        target: url,
        headers: { cookie: user.cookie },
      });
      expect(probe.status, url).toBe(200);
      expect(probe.headers.connection, url).toBe('close');
    }
  });

  it('answers 404 for the stream of a task that does not exist, opening nothing', async () => {
    const res = await fetch(`${t.url}/api/tasks/${randomUUID()}/events`, {
      headers: { cookie: user.cookie },
      signal: AbortSignal.timeout(2000),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: expect.any(String) });
    expect(t.app.lifecycle.streams.size).toBe(0);
  });

  it(`keeps at most ${STREAM_LIMITS.perUser} streams per user, closing the oldest first`, async () => {
    const someone = await signUp(t.app);
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let i = 0; i < STREAM_LIMITS.perUser + 2; i++) {
      streams.push(await openStream(`${t.url}/api/notifications/events`, someone.cookie));
    }
    expect(await until(() => streams[0]!.state.ended && streams[1]!.state.ended)).toBe(true);
    // The closed ones were told to wait before coming back; the newer ones stay open.
    expect(streams[0]!.state.text).toMatch(/retry: 60000/);
    expect(streams.slice(2).every((s) => !s.state.ended)).toBe(true);
    expect(heldBy(someone.id)).toBe(STREAM_LIMITS.perUser);
    for (const s of streams) s.close();
    expect(await until(() => heldBy(someone.id) === 0)).toBe(true);
  });

  it(`keeps at most ${STREAM_LIMITS.perAddress} streams per address, across users`, async () => {
    const perUser = STREAM_LIMITS.perUser - 1;
    const users: TestUser[] = [];
    for (let i = 0; i < Math.ceil((STREAM_LIMITS.perAddress + 1) / perUser); i++)
      users.push(await signUp(t.app));
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let i = 0; i <= STREAM_LIMITS.perAddress; i++) {
      const owner = users[Math.floor(i / perUser)]!;
      streams.push(await openStream(`${t.url}/api/notifications/events`, owner.cookie));
    }
    expect(await until(() => streams[0]!.state.ended)).toBe(true);
    expect(streams.slice(1).every((s) => !s.state.ended)).toBe(true);
    expect(t.app.lifecycle.streams.size).toBe(STREAM_LIMITS.perAddress);
    for (const s of streams) s.close();
  });

  it('ends a user’s streams when their sessions change; a session that ended cannot open one again', async () => {
    const someone = await signUp(t.app);
    const other = await signUp(t.app);
    const signIn = await apiCall(t.app, 'POST', '/api/auth/sign-in/email', undefined, {
      email: someone.email,
      password: someone.password,
    });
    const laptop = cookieFrom(signIn.headers['set-cookie']);
    const url = `${t.url}/api/notifications/events`;
    const [mine, onLaptop, theirs] = [
      await openStream(url, someone.cookie),
      await openStream(url, laptop),
      await openStream(url, other.cookie),
    ];

    const out = await apiCall(t.app, 'POST', '/api/auth/sign-out', { cookie: laptop }, {});
    expect(out.statusCode).toBe(200);
    expect(await until(() => mine.state.ended && onLaptop.state.ended, 1000)).toBe(true);
    expect(theirs.state.ended).toBe(false);
    // Each browser comes back with its own cookie: the signed-out one is refused.
    const again = await fetch(url, {
      headers: { cookie: laptop },
      signal: AbortSignal.timeout(2000),
    });
    expect(again.status).toBe(401);
    const still = await openStream(url, someone.cookie);
    expect(still.state.ended).toBe(false);
    for (const s of [still, theirs]) s.close();
  });
});
