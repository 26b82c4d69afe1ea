/**
 * The whole multi-instance setup on loopback: a PostgreSQL primary and a streaming replica
 * of their own (in a temporary folder), N TaskBid instances started at the same moment (the
 * migrations run once under an advisory lock), and HAProxy in front. Used by `npm run cluster`
 * and `npm run bench:cluster`.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../tests/setup/net.ts';
import { ensureClientBuilt } from '../build-client.ts';
import { startHaproxy, type Haproxy } from './haproxy.ts';
import { createInstance, ROOT, type Instance } from './instances.ts';
import { createPrimary, createReplica, psql, type PostgresNode } from './postgres.ts';

export interface Cluster {
  dir: string;
  primary: PostgresNode;
  replica: PostgresNode;
  instances: Instance[];
  haproxy: Haproxy;
  /** What every instance runs with (for a restarted or an extra instance). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  instances?: number;
  /** Fill the database with the demo users, tasks and bids. */
  seed?: boolean;
  /** Extra environment for every instance (e.g. RATE_LIMITS=off for load tests). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

const DATABASE = 'taskbid';

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'taskbid-cluster-'));
  const stoppers: (() => Promise<void> | void)[] = [
    () => rmSync(dir, { recursive: true, force: true }),
  ];
  const stop = async () => {
    for (const step of stoppers.reverse().splice(0)) {
      try {
        await step();
      } catch (error) {
        log(`while stopping: ${(error as Error).message}`);
      }
    }
  };
  try {
    log('PostgreSQL primary…');
    const primary = createPrimary(dir, await freePort());
    stoppers.push(() => primary.stop());
    psql(primary, 'postgres', `create database ${DATABASE}`);
    log('PostgreSQL replica (pg_basebackup, hot standby)…');
    const replica = createReplica(dir, primary, await freePort());
    stoppers.push(() => replica.stop());

    ensureClientBuilt();
    const balancerPort = await freePort();
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      BASE_URL: `http://127.0.0.1:${balancerPort}`,
      BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
      DATABASE_URL: primary.url(DATABASE),
      DATABASE_READ_URL: replica.url(DATABASE),
      // HAProxy connects from loopback and sends X-Forwarded-For: rate limits and logs see
      // the client's address. Rate-limit counters are shared through the primary (no Redis).
      TRUST_PROXY: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'warn',
      // Web push needs VAPID keys in production; the cluster exercises no push.
      PUSH: 'off',
      ...options.env,
    };
    const count = options.instances ?? 3;
    const instances: Instance[] = [];
    for (let i = 1; i <= count; i++) {
      instances.push(createInstance(`app${i}`, await freePort(), env, dir));
    }
    stoppers.push(async () => {
      await Promise.all(instances.map((instance) => instance.stop('SIGTERM')));
    });
    log(`${count} TaskBid instances, started together…`);
    await Promise.all(instances.map((instance) => instance.start()));

    if (options.seed) {
      log('Demo data…');
      const seeded = spawnSync(process.execPath, ['tools/seed/seed-cli.ts'], {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: 'ignore',
      });
      if (seeded.status !== 0) throw new Error('seeding the demo data failed');
    }

    log('HAProxy…');
    const haproxy = await startHaproxy(
      dir,
      balancerPort,
      instances.map((instance) => ({ name: instance.name, port: instance.port })),
    );
    stoppers.push(() => haproxy.stop());
    return { dir, primary, replica, instances, haproxy, env, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
