import type { FastifyReply, FastifyRequest } from 'fastify';

const HEARTBEAT_MS = 15_000;
/** Tells browsers how soon to reconnect after the stream ends (a restart, say). */
const RETRY_MS = 1000;

export interface EventStream {
  send(event: string, data: unknown): void;
  close(): void;
}

/**
 * Turns a request into a Server-Sent Events stream. The stream closes when the client goes,
 * when `close` is called, or when the server starts draining for shutdown.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  onClose: () => void,
): EventStream {
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);

  let open = true;
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  const streams = request.server.lifecycle.streams;
  const stream: EventStream = {
    send(event, data) {
      if (open) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      streams.delete(stream);
      onClose();
      raw.end();
    },
  };
  streams.add(stream);
  request.raw.once('close', () => stream.close());
  return stream;
}
