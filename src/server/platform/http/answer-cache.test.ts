import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';

/** A clock the test moves by hand. */
function clock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** A fill that counts its runs and answers `body-<run>` once `release()` is called. */
function slowFill() {
  let runs = 0;
  const waiting: (() => void)[] = [];
  return {
    fill: async () => {
      const run = ++runs;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return { body: `"body-${run}"`, total: { count: run, exact: true } };
    },
    release: () => waiting.splice(0).forEach((resolve) => resolve()),
    get runs() {
      return runs;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('answer cache', () => {
  const options = { maxBytes: 1_000_000, maxEntries: 100, maxAgeMs: 5_000 };

  it('runs one fill for concurrent misses of a key, then serves it without filling', async () => {
    const cache = createAnswerCache(options);
    const slow = slowFill();
    const answers = Array.from({ length: 20 }, () => cache.get('k', slow.fill));
    await settle();
    slow.release();
    const bodies = (await Promise.all(answers)).map((a) => a.body);
    expect(slow.runs).toBe(1);
    expect(new Set(bodies)).toEqual(new Set(['"body-1"']));
    expect((await cache.get('k', slow.fill)).body).toBe('"body-1"');
    expect(slow.runs).toBe(1);
  });

  it('gives each answer the entity tag conditional GETs give it', async () => {
    const { entityTag } = await import('./conditional-get.ts');
    const cache = createAnswerCache(options);
    const answer = await cache.get('k', async () => ({
      body: '[1]',
      total: { count: 7, exact: false },
    }));
    expect(answer.etag).toBe(entityTag('[1]', '7'));
  });

  it('serves an answer for less than its maximum age, counted from the start of its fill', async () => {
    const time = clock();
    const cache = createAnswerCache({ ...options, now: time.now });
    let runs = 0;
    const fill = async () => {
      runs++;
      time.advance(1_000); // the query takes a second
      return { body: `${runs}` };
    };
    expect((await cache.get('k', fill)).body).toBe('1');
    time.advance(3_999);
    expect((await cache.get('k', fill)).body).toBe('1');
    time.advance(1);
    expect((await cache.get('k', fill)).body).toBe('2');
    expect(runs).toBe(2);
  });

  it('clear() drops every answer, and a fill running across it is given out but not kept', async () => {
    const cache = createAnswerCache(options);
    const slow = slowFill();
    const before = cache.get('k', slow.fill);
    await settle();
    cache.clear();
    // A request after the change does not join the fill that started before it.
    const after = cache.get('k', slow.fill);
    await settle();
    slow.release();
    expect((await before).body).toBe('"body-1"');
    expect((await after).body).toBe('"body-2"');
    expect((await cache.get('k', slow.fill)).body).toBe('"body-2"');
    expect(slow.runs).toBe(2);
    cache.clear();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('keeps at most maxEntries and maxBytes, the least recently used going first', async () => {
    const cache = createAnswerCache({ ...options, maxEntries: 3, maxBytes: 30 });
    const fill = (body: string) => async () => ({ body });
    for (const key of ['a', 'b', 'c']) await cache.get(key, fill(`${key}-1`));
    await cache.get('a', fill('a-2')); // a hit: now the most recently used
    await cache.get('d', fill('d-1')); // four entries: b, the least recently used, goes
    expect(cache.size).toEqual({ entries: 3, bytes: 9 });
    expect((await cache.get('b', fill('b-2'))).body).toBe('b-2');
    expect((await cache.get('a', fill('a-3'))).body).toBe('a-1');

    await cache.get('big', fill('x'.repeat(25))); // 25 + 9 bytes: the oldest go until ≤ 30
    expect(cache.size.bytes).toBeLessThanOrEqual(30);
    expect((await cache.get('big', fill('y'))).body).toBe('x'.repeat(25));
    await cache.get('huge', fill('z'.repeat(31))); // larger than the whole cache: not kept
    expect((await cache.get('huge', fill('w'))).body).toBe('w');
  });

  it('with no bytes to use keeps nothing and runs every fill (no single flight either)', async () => {
    const cache = createAnswerCache({ ...options, maxBytes: 0 });
    const slow = slowFill();
    const answers = [cache.get('k', slow.fill), cache.get('k', slow.fill)];
    await settle();
    slow.release();
    await Promise.all(answers);
    expect(slow.runs).toBe(2);
    expect(cache.size.entries).toBe(0);
  });

  it('a failed fill is not kept: the next request runs it again', async () => {
    const cache = createAnswerCache(options);
    await expect(
      cache.get('k', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect((await cache.get('k', async () => ({ body: 'ok' }))).body).toBe('ok');
  });

  describe('renewed in the background from renewAfterMs', () => {
    const renewing = { ...options, renewAfterMs: 4_000 };

    /** A cache on a hand-moved clock with key `k` kept (from a slow fill's first run). */
    async function keptOnce() {
      const time = clock();
      const cache = createAnswerCache({ ...renewing, now: time.now });
      const slow = slowFill();
      const first = cache.get('k', slow.fill);
      await settle();
      slow.release();
      expect((await first).body).toBe('"body-1"');
      return { time, cache, slow };
    }

    it('an answer past renewAfterMs is still served while its successor is made, once', async () => {
      const { time, cache, slow } = await keptOnce();
      time.advance(3_999);
      expect(cache.peek('k', slow.fill)?.body).toBe('"body-1"');
      expect(slow.runs).toBe(1); // not yet due
      time.advance(1);
      // Due: every request still gets the kept answer at once; one renewal runs.
      expect(cache.peek('k', slow.fill)?.body).toBe('"body-1"');
      expect((await cache.get('k', slow.fill)).body).toBe('"body-1"');
      expect(slow.runs).toBe(2);
      slow.release();
      await settle();
      expect(cache.peek('k', slow.fill)?.body).toBe('"body-2"');
      // Its age counts from the start of the renewal: served for another 5 s.
      time.advance(4_999);
      expect(cache.peek('k')?.body).toBe('"body-2"');
      expect(slow.runs).toBe(2);
    });

    it('a renewal that fails, or says the answer is not to be kept, leaves the kept one to run out', async () => {
      const time = clock();
      const cache = createAnswerCache({ ...renewing, now: time.now });
      await cache.get('k', async () => ({ body: 'kept' }));
      time.advance(4_000);
      expect(cache.peek('k', async () => Promise.reject(new Error('down')))?.body).toBe('kept');
      await settle();
      expect(cache.peek('k', async () => undefined)?.body).toBe('kept');
      await settle();
      expect(cache.peek('k')?.body).toBe('kept');
      time.advance(1_000);
      expect(cache.peek('k')).toBeUndefined();
      expect((await cache.get('k', async () => ({ body: 'new' }))).body).toBe('new');
    });

    it('a renewal running across clear() is not kept, and a peek without a refill renews nothing', async () => {
      const { time, cache, slow } = await keptOnce();
      time.advance(4_500);
      expect(cache.peek('k')?.body).toBe('"body-1"');
      expect(slow.runs).toBe(1);
      cache.peek('k', slow.fill);
      await settle();
      cache.clear();
      slow.release();
      await settle();
      expect(cache.size.entries).toBe(0);
      expect(slow.runs).toBe(2);
    });
  });
});
