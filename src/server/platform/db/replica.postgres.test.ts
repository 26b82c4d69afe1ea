import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPrimary,
  createReplica,
  psql,
  type PostgresNode,
} from '../../../../scripts/cluster/postgres.ts';
import { buildTask } from '../../../../tests/factories/tasks.ts';
import { apiCall, cookieFrom, signUp } from '../../../../tests/factories/users.ts';
import { freePort } from '../../../../tests/setup/net.ts';
import { TEST_BASE_URL } from '../../../../tests/setup/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../config.ts';

/**
 * Runs on PostgreSQL only: a primary and a streaming replica of their own (initdb and
 * pg_basebackup in a temporary folder), with the app reading lag-tolerant lists from the
 * replica. Pausing the replica's replay makes "which server answered" visible.
 */
describe('read replica', () => {
  let dir: string;
  let primary: PostgresNode;
  let replica: PostgresNode;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'taskbid-replica-test-'));
    primary = createPrimary(dir, await freePort());
    psql(primary, 'postgres', 'create database taskbid');
    replica = createReplica(dir, primary, await freePort());
    app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        BASE_URL: TEST_BASE_URL,
        BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'taskbid-test-')),
        STATIC_DIR: mkdtempSync(join(tmpdir(), 'taskbid-static-')),
        SEED_ON_FIRST_START: 'false',
        RATE_LIMITS: 'off',
        DATABASE_URL: primary.url('taskbid'),
        DATABASE_READ_URL: replica.url('taskbid'),
      }),
    );
    await waitForReplica('in use');
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    for (const node of [replica, primary]) {
      try {
        node?.stop('immediate');
      } catch {
        // already stopped
      }
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const replicaState = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    return res.json<{ replica?: string }>().replica;
  };
  async function waitForReplica(state: string, withinMs = 10_000): Promise<number> {
    const started = Date.now();
    while ((await replicaState()) !== state) {
      if (Date.now() - started > withinMs)
        throw new Error(`replica not ${state} in ${withinMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return Date.now() - started;
  }
  const titles = async (cookie?: string) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/tasks?sort=newest&limit=50',
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ title: string }[]>().map((t) => t.title);
  };

  it('serves browsing from the replica, and the writer sees their own write at once', async () => {
    const owner = await signUp(app);
    psql(replica, 'taskbid', 'select pg_wal_replay_pause()');
    try {
      const task = buildTask({ title: `Replica check ${randomBytes(3).toString('hex')}` });
      const created = await apiCall(app, 'POST', '/api/tasks', owner, task);
      expect(created.statusCode).toBe(201);
      const wrote = cookieFrom(created.headers['set-cookie']);
      expect(wrote).toMatch(/taskbid_wrote=/);

      // Everyone else reads the paused replica: the task is not there yet.
      expect(await titles()).not.toContain(task.title);
      // The writer's cookie says the replica is behind their write: the primary answers.
      expect(await titles(`${owner.cookie}; ${wrote}`)).toContain(task.title);
    } finally {
      psql(replica, 'taskbid', 'select pg_wal_replay_resume()');
    }
  });

  it('moves reads to the primary within 2 s when the replica stops, and back when it returns', async () => {
    const owner = await signUp(app);
    const task = buildTask({ title: `Failover check ${randomBytes(3).toString('hex')}` });
    expect((await apiCall(app, 'POST', '/api/tasks', owner, task)).statusCode).toBe(201);

    replica.stop('fast');
    const bypassedAfter = await waitForReplica('bypassed', 2000);
    expect(bypassedAfter).toBeLessThanOrEqual(2000);
    expect(await titles()).toContain(task.title);

    replica.start();
    await waitForReplica('in use', 10_000);
    expect(await titles()).toContain(task.title);
  });
});
