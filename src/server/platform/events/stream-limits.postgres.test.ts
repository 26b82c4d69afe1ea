import { describe, expect, it } from 'vitest';
import { useTwoInstances } from '../../../../tests/setup/test-app.ts';
import { openStream, until, type RawStream } from '../../../../tests/setup/sse-client.ts';
import { apiCall, cookieFrom, signUp } from '../../../../tests/factories/users.ts';
import { STREAM_LIMITS } from './sse.ts';

/** Two server instances on one PostgreSQL database (the `postgres` Vitest project only). */
describe('event stream limits across server instances', () => {
  const [a, b] = useTwoInstances({}, { listen: true });

  it(`keeps at most ${STREAM_LIMITS.perUser} streams per user over both instances, closing the oldest first`, async () => {
    const someone = await signUp(a.app);
    // The same person signed in on B too (each instance has its own session secret).
    const signIn = await apiCall(b.app, 'POST', '/api/auth/sign-in/email', undefined, {
      email: someone.email,
      password: someone.password,
    });
    const onB = cookieFrom(signIn.headers['set-cookie']);
    const held = () =>
      [...a.app.lifecycle.streams, ...b.app.lifecycle.streams].filter(
        (s) => s.userId === someone.id,
      ).length;

    const first: RawStream[] = [];
    for (let i = 0; i < STREAM_LIMITS.perUser; i++)
      first.push(await openStream(`${a.url}/api/notifications/events`, someone.cookie));
    const second: RawStream[] = [];
    for (let i = 0; i < STREAM_LIMITS.perUser; i++)
      second.push(await openStream(`${b.url}/api/notifications/events`, onB));

    // The ten opened on A first are closed (told to wait a minute); the ten on B stay.
    expect(await until(() => first.every((s) => s.state.ended), 5000)).toBe(true);
    expect(first[0]!.state.text).toMatch(/retry: 60000/);
    expect(second.every((s) => !s.state.ended)).toBe(true);
    expect(await until(() => held() === STREAM_LIMITS.perUser)).toBe(true);

    // One more on A: the oldest on B goes.
    const last = await openStream(`${a.url}/api/notifications/events`, someone.cookie);
    expect(await until(() => second[0]!.state.ended, 5000)).toBe(true);
    expect(second.slice(1).every((s) => !s.state.ended)).toBe(true);
    expect(last.state.ended).toBe(false);
    for (const s of [...second, last]) s.close();
    expect(await until(() => held() === 0)).toBe(true);
  });
});
