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

/** An open stream whose end (the server closing it) is observable, as raw text. */
export async function openStream(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { cookie }, signal: controller.signal });
  expect(response.status).toBe(200);
  const state = { ended: false, text: '' };
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        state.text += value;
      }
      state.ended = true;
    } catch {
      // aborted by the test
    }
  })();
  return { state, close: () => controller.abort() };
}

export type RawStream = Awaited<ReturnType<typeof openStream>>;

/** Waits (at most `ms`) until `check` holds; resolves whether it does. */
export async function until(check: () => boolean, ms = 2000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return check();
}
