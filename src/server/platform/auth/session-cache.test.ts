import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEvent, EventBus } from '../events/bus.ts';
import type { CurrentUser } from './require-user.ts';
import {
  createSessionCache,
  followSessionChanges,
  SESSION_CACHE_TTL_MS,
  type SessionFound,
} from './session-cache.ts';

/** A bus that delivers what is published, and `resync` on demand, within this process. */
function localBus() {
  const handlers = new Set<(event: AppEvent) => void>();
  const deliver = (event: AppEvent) => handlers.forEach((h) => h(event));
  const bus: EventBus = {
    publish: async (_db, event) => deliver(event),
    subscribe: (handler) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    close: async () => {},
  };
  return { bus, deliver };
}

const person = (name: string): CurrentUser => ({
  id: `u-${name.toLowerCase()}`,
  email: `${name.toLowerCase()}@example.com`,
  name,
  image: null,
  role: 'user',
  viewedBy: null,
  sessionId: `s-${name.toLowerCase()}`,
});
const ann = person('Ann');
const bob = person('Bob');
const inADay = () => new Date(Date.now() + 86_400_000);
const noDb = { execute: async () => ({}) } as never;

/** A lookup that counts its calls and answers `found`. */
const lookUp = (found: SessionFound | null) => vi.fn(async () => found);

describe('session cache', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a cookie it read from memory until the TTL, then reads it again', async () => {
    vi.useFakeTimers();
    const cache = createSessionCache(localBus().bus);
    const read = lookUp({ user: ann, expiresAt: inADay() });
    expect(await cache.read('c=ann', read)).toEqual(ann);
    expect(await cache.read('c=ann', read)).toEqual(ann);
    expect(read).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SESSION_CACHE_TTL_MS + 1);
    await cache.read('c=ann', read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('never keeps a session past its own expiry, nor a signed-out answer', async () => {
    vi.useFakeTimers();
    const cache = createSessionCache(localBus().bus);
    const soon = lookUp({ user: ann, expiresAt: new Date(Date.now() + 1000) });
    await cache.read('c=ann', soon);
    vi.advanceTimersByTime(1001);
    await cache.read('c=ann', soon);
    expect(soon).toHaveBeenCalledTimes(2);
    const none = lookUp(null);
    expect(await cache.read('c=old', none)).toBeNull();
    expect(await cache.read('c=old', none)).toBeNull();
    expect(none).toHaveBeenCalledTimes(2);
  });

  it('forgets one user’s sessions when any instance says they changed, and all on resync', async () => {
    const { bus, deliver } = localBus();
    const cache = createSessionCache(bus);
    followSessionChanges(cache, bus);
    const annRead = lookUp({ user: ann, expiresAt: inADay() });
    const bobRead = lookUp({ user: bob, expiresAt: inADay() });
    await cache.read('c=ann', annRead);
    await cache.read('c=bob', bobRead);

    deliver({ type: 'sessions.changed', userId: ann.id });
    await cache.read('c=ann', annRead);
    await cache.read('c=bob', bobRead);
    expect([annRead.mock.calls.length, bobRead.mock.calls.length]).toEqual([2, 1]);

    deliver({ type: 'resync' });
    await cache.read('c=ann', annRead);
    await cache.read('c=bob', bobRead);
    expect([annRead.mock.calls.length, bobRead.mock.calls.length]).toEqual([3, 2]);
  });

  it('does not keep what a lookup found when a session changed while it ran', async () => {
    const { bus } = localBus();
    const cache = createSessionCache(bus);
    let release: (found: SessionFound) => void = () => {};
    const slow = vi.fn(() => new Promise<SessionFound>((resolve) => (release = resolve)));
    const pending = cache.read('c=ann', slow);
    await cache.changed(noDb, ann.id);
    release({ user: ann, expiresAt: inADay() });
    expect(await pending).toEqual(ann);
    const again = lookUp(null);
    expect(await cache.read('c=ann', again)).toBeNull();
    expect(again).toHaveBeenCalledTimes(1);
  });
});
