import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  haproxyConfig,
  MAX_CONNECTIONS_PER_INSTANCE,
  startHaproxy,
  type Haproxy,
} from '../../../../scripts/cluster/haproxy.ts';
import { freePort } from '../../../../tests/setup/net.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { signUp, type TestUser } from '../../../../tests/factories/users.ts';

/**
 * The project's HAProxy configuration, with its idle timeouts cut from 60 s to 1 s and its
 * cap on requests at once per instance cut to 1.
 */
const IDLE_MS = 1000;

let t: TestApp;
let proxy: Haproxy;
let user: TestUser;
let heartbeatMs: number;
beforeAll(async () => {
  t = await createTestApp();
  heartbeatMs = t.app.config.streams.heartbeatMs;
  const port = Number(new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port);
  user = await signUp(t.app);
  proxy = await startHaproxy(
    mkdtempSync(join(tmpdir(), 'taskbid-heartbeat-')),
    await freePort(),
    [{ name: 'app', port }],
    (config) =>
      config
        .replace(/timeout (client|server) 60s/g, `timeout $1 ${IDLE_MS}ms`)
        .replace(`maxconn ${MAX_CONNECTIONS_PER_INSTANCE}`, 'maxconn 1'),
  );
  const deadline = Date.now() + 20_000;
  while ((await proxy.states()).app !== 'UP' && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
});
afterAll(async () => {
  await proxy?.stop();
  await t.close();
});

/** Opens the notification stream through the proxy; resolves when it ends (or after `ms`). */
async function openFor(ms: number) {
  const response = await fetch(`${proxy.url}/api/notifications/events`, {
    headers: { cookie: user.cookie },
  });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const seen = { text: '', ended: false };
  const reading = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        seen.text += value;
      }
    } catch {
      // cut by the proxy
    }
    seen.ended = true;
  })();
  await Promise.race([reading, new Promise((r) => setTimeout(r, ms))]);
  const result = { ...seen };
  await reader.cancel().catch(() => {});
  return result;
}

describe('event streams behind a proxy with an idle timeout', () => {
  it('are closed by the proxy when nothing is sent within its timeout', async () => {
    t.app.config.streams = { ...t.app.config.streams, heartbeatMs: 60_000 };
    const seen = await openFor(4 * IDLE_MS);
    expect(seen.ended).toBe(true);
  });

  it('stay open through it with heartbeats inside that timeout', async () => {
    t.app.config.streams = { ...t.app.config.streams, heartbeatMs: IDLE_MS / 4 };
    const seen = await openFor(4 * IDLE_MS);
    expect(seen.ended).toBe(false);
    expect(seen.text.split(': keep-alive').length - 1).toBeGreaterThanOrEqual(4);
  });

  it('never count against the cap on requests at once per instance', async () => {
    t.app.config.streams = { ...t.app.config.streams, heartbeatMs: IDLE_MS / 4 };
    const stream = await fetch(`${proxy.url}/api/notifications/events`, {
      headers: { cookie: user.cookie },
    });
    expect(stream.status).toBe(200);
    // The cap is 1 here: counted, the open stream would hold the request in the queue.
    const answer = await fetch(`${proxy.url}/api/health`, { signal: AbortSignal.timeout(1500) });
    expect(answer.status).toBe(200);
    await stream.body?.cancel();
  });

  it('is configured here with an idle timeout well above the heartbeat', () => {
    const config = haproxyConfig(1, [], 'sock');
    expect(config).toMatch(/timeout server 60s/);
    expect(config).toMatch(/timeout client 60s/);
    expect(heartbeatMs).toBeLessThanOrEqual(60_000 / 4);
  });
});
