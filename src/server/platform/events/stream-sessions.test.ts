import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { openStream, until } from '../../../../tests/setup/sse-client.ts';
import { apiCall, cookieFrom, signUp } from '../../../../tests/factories/users.ts';
import { session } from '../db/schema.ts';

/*
 * A stream checks its session at each heartbeat, not only when it opens: it ends once the
 * session has expired or is gone, even when no word of the change reached this instance.
 */
describe('event streams end with their session', () => {
  const HEARTBEAT_MS = 100;
  const t = useTestApp({}, { listen: true, streams: { heartbeatMs: HEARTBEAT_MS } });
  const url = () => `${t.url}/api/notifications/events`;

  /** A second session of a new user (signed in again), and the first one. */
  async function twoSessions() {
    const someone = await signUp(t.app);
    const signIn = await apiCall(t.app, 'POST', '/api/auth/sign-in/email', undefined, {
      email: someone.email,
      password: someone.password,
    });
    const laptop = cookieFrom(signIn.headers['set-cookie']);
    const sessions = await t.app.database.db
      .select({ id: session.id })
      .from(session)
      .where(eq(session.userId, someone.id))
      .orderBy(session.createdAt);
    return { someone, laptop, laptopSession: sessions.at(-1)!.id };
  }

  it('ends a stream at the heartbeat after its session expired; the other session’s stays', async () => {
    const { someone, laptop, laptopSession } = await twoSessions();
    const [mine, onLaptop] = [
      await openStream(url(), someone.cookie),
      await openStream(url(), laptop),
    ];
    // The session's natural end comes (nothing announces it).
    await t.app.database.db
      .update(session)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(session.id, laptopSession));
    expect(await until(() => onLaptop.state.ended, 10 * HEARTBEAT_MS)).toBe(true);
    expect(mine.state.ended).toBe(false);
    mine.close();
  });

  it('ends a stream at the heartbeat once its session is gone, though no event said so', async () => {
    const { someone, laptop, laptopSession } = await twoSessions();
    const [mine, onLaptop] = [
      await openStream(url(), someone.cookie),
      await openStream(url(), laptop),
    ];
    // Revoked where the event bus did not carry the word (a row deleted by hand).
    await t.app.database.db.delete(session).where(eq(session.id, laptopSession));
    expect(await until(() => onLaptop.state.ended, 10 * HEARTBEAT_MS)).toBe(true);
    expect(mine.state.ended).toBe(false);
    mine.close();
  });
});
