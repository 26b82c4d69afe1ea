import { expect } from 'vitest';

/** Reads a Server-Sent Events stream the way a browser's EventSource would, for tests. */
export async function openSse(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`SSE ${url} answered ${response.status}`);
  const events: { event: string; data: unknown; at: number }[] = [];
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ? JSON.parse(data) : null, at: Date.now() });
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    response,
    events,
    /** Resolves with the first event named `name` (waiting at most `ms`), or null. */
    async next(name: string, ms = 1000) {
      const until = Date.now() + ms;
      for (;;) {
        const found = events.find((e) => e.event === name);
        if (found) return found;
        if (Date.now() > until) return null;
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => controller.abort(),
  };
}

export type SseStream = Awaited<ReturnType<typeof openSse>>;

/** Asserts that the stream's first `name` event carries `data` and came within a second of `since`. */
export async function expectEventWithinASecond(
  stream: SseStream,
  name: string,
  data: unknown,
  since: number,
) {
  const got = await stream.next(name);
  expect(got?.data, name).toEqual(data);
  expect((got?.at ?? Infinity) - since, `${name}: milliseconds after`).toBeLessThan(1000);
}
