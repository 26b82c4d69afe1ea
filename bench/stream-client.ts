import { request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface StreamClient {
  /** The answer's status: 200 for a stream opened; any other refused it (and it has ended). */
  readonly statusCode: number;
  /** The server ended it (evicted, dropped, shut down), or the connection failed. */
  readonly ended: () => boolean;
  /** Keep-alive comments received so far. */
  readonly heartbeats: () => number;
  close(): void;
}

/** Who opens a stream and what hears its events. */
export interface StreamOptions {
  cookie: string;
  from: string;
  onEvent: (event: string, data: string, at: number) => void;
}

/**
 * Opens one Server-Sent Events stream from the loopback address `from` (each a distinct
 * client to the server's per-address limit), calling `onEvent` with each event's name and
 * data and the moment its bytes arrived (`performance.now()`). Resolves once the head is in,
 * a refused stream too (its status not 200); rejects only when the connection failed.
 */
export function openStreamClient(url: string, options: StreamOptions): Promise<StreamClient> {
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
      const client = {
        statusCode: res.statusCode ?? 0,
        ended: () => ended,
        heartbeats: () => heartbeats,
        close: () => req.destroy(),
      };
      if (client.statusCode !== 200) {
        ended = true;
        res.resume();
        resolve(client);
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
      resolve(client);
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
