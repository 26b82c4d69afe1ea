import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/test-app.ts';
import { gracefulShutdown } from './shutdown.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('graceful shutdown', () => {
  it('a request that arrives while the server closes gets its 503 and the process lives on', async () => {
    const t = await createTestApp();
    const { app } = t;
    gracefulShutdown(app, { deadlineMs: 10_000, drainMs: 0 });
    app.get('/api/test/slow', { config: { auth: 'public' } }, async () => {
      await pause(400);
      return { done: true };
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', onCrash);
    try {
      // Two requests on one connection: Node hands the second to the app only once the first
      // is answered, by which time the server is closing and Fastify answers it 503 itself.
      const socket = connect(Number(new URL(url).port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      const ended = new Promise((resolve) => socket.on('close', resolve));
      socket.write('GET /api/test/slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await pause(100);
      app.lifecycle.draining = true;
      const closed = app.close();
      await pause(50);
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await ended;
      await closed;

      const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
      expect(statuses).toEqual(['200', '503']);
      expect(crashes).toEqual([]);
    } finally {
      process.off('uncaughtException', onCrash);
      await t.close();
    }
  });
});
