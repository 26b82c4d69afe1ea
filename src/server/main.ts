import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { seedOnFirstStart } from './demo/first-start.ts';
import { gracefulShutdown } from './platform/shutdown.ts';
import { LISTEN_BACKLOG } from './platform/http/overload.ts';

/** Whatever is still running then, the process exits this long after the signal. */
const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Starts the server. `extend` runs on the built app before it listens (the browser tests add
 * their own route there: tests/e2e/support/server.ts).
 */
export async function main(extend?: (app: FastifyInstance) => void | Promise<void>) {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  await extend?.(app);
  await seedOnFirstStart(app);
  const drainAndClose = gracefulShutdown(app, {
    deadlineMs: SHUTDOWN_DEADLINE_MS,
    drainMs: config.shutdownDrainMs,
  });
  await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  app.log.info({ database: app.database.kind, url }, 'TaskBid is running');
  process.stdout.write(`\nTaskBid is running at ${url} (database: ${app.database.kind})\n\n`);

  let closing = false;
  // SIGTERM (an orchestrator, a rolling release) drains: not ready, still serving, until the
  // balancer has moved traffic away. SIGINT (Ctrl-C in a terminal) has no balancer to wait for.
  const shutdown = (signal: 'SIGTERM' | 'SIGINT') => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    force.unref();
    drainAndClose({ drain: signal === 'SIGTERM' }).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

if (import.meta.main) await main();
