import { request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface StreamClient {
  /** The server ended it (evicted, dropped, shut down), or the connection failed. */
  readonly ended: () => boolean;
  /** Keep-alive comments received so far. */
  readonly heartbeats: () => number;
  close(): void;
}

/**
 * Opens one Server-Sent Events stream from the loopback address `from` (each a distinct
 * client to the server's per-address limit), calling `onEvent` with each event's name and
 * data and the moment its bytes arrived (`performance.now()`). Resolves once the head is in.
 */
export function openStreamClient(
  url: string,
  options: {
    cookie: string;
    from: string;
    onEvent: (event: string, data: string, at: number) => void;
  },
): Promise<StreamClient> {
  return new Promise((resolve, reject) => {
    let ended = false;
    let heartbeats = 0;
    let pending = '';
    const req = request(url, {
      agent: false,
      localAddress: options.from,
      headers: { cookie: options.cookie, accept: 'text/event-stream' },
    });
    req.once('error', (error) => {
      ended = true;
      reject(error);
    });
    req.once('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${url}: HTTP ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = performance.now();
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          if (block.startsWith(': keep-alive')) heartbeats++;
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (event) options.onEvent(event, /^data: (.*)$/m.exec(block)?.[1] ?? '', at);
        }
      });
      res.once('close', () => (ended = true));
      resolve({
        ended: () => ended,
        heartbeats: () => heartbeats,
        close: () => req.destroy(),
      });
    });
    req.end();
  });
}

/** The `p`th percentile (nearest rank) of `values`; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}
