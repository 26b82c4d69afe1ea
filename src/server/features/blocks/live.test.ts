import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { useUsers } from '../../../../tests/factories/scenes.ts';
import {
  expectEventWithinASecond,
  openSse,
  type SseStream,
} from '../../../../tests/setup/sse-client.ts';
import { callerFor } from '../../../../tests/factories/users.ts';

describe('blocks, live on the per-user stream', () => {
  const t = useTestApp({}, { listen: true });
  const call = callerFor(t);
  const [blocker, blocked, stranger] = useUsers(t, 3);
  const stream = (cookie: string) => openSse(`${t.url}/api/notifications/events`, cookie);

  it('a block and its lifting reach both people’s screens, naming nobody; nobody else hears', async () => {
    const [mine, theirs, outsider] = [
      await stream(blocker.cookie),
      await stream(blocked.cookie),
      await stream(stranger.cookie),
    ];
    const sent = Date.now();
    expect((await call('POST', '/api/blocks', blocker, { userId: blocked.id })).statusCode).toBe(
      201,
    );
    for (const s of [mine, theirs]) await expectEventWithinASecond(s, 'contact', {}, sent);
    // Blocking again changes nothing and announces nothing; lifting it announces again.
    await call('POST', '/api/blocks', blocker, { userId: blocked.id });
    expect((await call('DELETE', `/api/blocks/${blocked.id}`, blocker)).statusCode).toBe(200);
    const contacts = (s: SseStream) => s.events.filter((e) => e.event === 'contact');
    const until = Date.now() + 1000;
    while (Date.now() < until && (contacts(mine).length < 2 || contacts(theirs).length < 2))
      await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 200));
    for (const s of [mine, theirs]) expect(contacts(s).map((e) => e.data)).toEqual([{}, {}]);
    expect(outsider.events).toEqual([]);
    for (const s of [mine, theirs, outsider]) s.close();
  });
});
