import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import './platform/types.ts';
import { createAuth } from './platform/auth/auth.ts';
import { registerRouteAuth } from './platform/auth/route-auth.ts';
import { createSessionCache, followSessionChanges } from './platform/auth/session-cache.ts';
import { authRoutes } from './platform/auth/routes.ts';
import type { Config } from './platform/config.ts';
import { loggerOptions } from './platform/logger.ts';
import { openDatabase, type Database } from './platform/db/client.ts';
import { createEventBus } from './platform/events/bus.ts';
import {
  endStreamsWhenSessionsChange,
  endStreamsWhoseSessionEnded,
  type EventStream,
} from './platform/events/sse.ts';
import { createStreamLimits } from './platform/events/stream-limits.ts';
import { healthRoutes } from './platform/health/routes.ts';
import { registerMailWorker } from './platform/mail/worker.ts';
import { FEATURES } from './features/index.ts';
import type { Feature } from './platform/feature.ts';
import { runJobs } from './platform/jobs.ts';
import { createStreamHub } from './platform/events/stream-hub.ts';
import { personStreamRoutes } from './platform/events/stream-routes.ts';
import { registerOpenApi } from './platform/openapi/register.ts';
import { plainRequestTarget } from './platform/http/canonical-path.ts';
import { registerConditionalGets } from './platform/http/conditional-get.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { registerOverload } from './platform/http/overload.ts';
import { registerPrivateAnswers } from './platform/http/private-answers.ts';
import { registerRateLimits } from './platform/http/rate-limits.ts';
import { registerReadYourWrites } from './platform/http/read-your-writes.ts';
import { registerSecurity } from './platform/http/security.ts';
import { registerTextChecks } from './platform/http/text-input.ts';
import { webRoutes } from './platform/web/routes.ts';

export const BODY_LIMIT = 64 * 1024;

/**
 * Fastify's own hop count trusts nothing (it cannot check the peer), so a hop count is a
 * function here: the nearest `hops` addresses (the socket's first) are proxies. Only safe when
 * the instances are reachable through the balancer alone; addresses are safer (decision 1613).
 */
function trustProxy(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** A request id we accept from outside: up to 128 letters, digits and `-_.:`. */
export function wellFormedRequestId(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && /^[\w.:-]{1,128}$/.test(value) ? value : undefined;
}

/**
 * Builds the whole server without listening: main.ts listens on it, tests call `inject`.
 * Plugins go in a fixed order: infrastructure, app services, routes, then the web app.
 */
export async function buildApp(
  config: Config,
  options: { logStream?: Writable; features?: readonly Feature[] } = {},
): Promise<FastifyInstance> {
  const features = options.features ?? FEATURES;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    bodyLimit: BODY_LIMIT,
    // A proxy's request id is kept when it is well formed; anything else gets a fresh one.
    requestIdHeader: false,
    genReqId: (request) => wellFormedRequestId(request.headers['x-request-id']) ?? randomUUID(),
    return503OnClosing: true,
    // Off unless TRUST_PROXY names the proxies in front: X-Forwarded-For is then the client.
    trustProxy: trustProxy(config.trustProxy),
    // One spelling of every path, before routing: absolute-form becomes origin-form.
    rewriteUrl: plainRequestTarget,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First of the request hooks: a request turned away costs no session lookup.
  registerOverload(app);

  const database: Database = await openDatabase(config.databaseUrl, {
    readUrl: config.databaseReadUrl ?? undefined,
    onReplicaChange: (state, reason) =>
      state === 'in use'
        ? app.log.info({ replica: state, reason }, 'read replica in use')
        : app.log.warn(
            { replica: state, reason },
            'read replica bypassed: reads go to the primary',
          ),
  });
  app.decorate('config', config);
  app.decorate('database', database);
  const events = await createEventBus(database, (err) =>
    app.log.error({ err }, 'event delivery failed'),
  );
  app.decorate('events', events);
  const sessions = createSessionCache(events);
  followSessionChanges(sessions, events);
  app.decorate('sessions', sessions);
  app.decorate('auth', createAuth(config, database.db, app.log, sessions));
  const openStreams = new Set<EventStream>();
  const streamLimits = createStreamLimits({
    database,
    bus: events,
    streams: openStreams,
    heartbeatMs: config.streams.heartbeatMs,
    log: app.log,
  });
  app.decorate('lifecycle', { draining: false, streams: openStreams, streamLimits });
  endStreamsWhenSessionsChange(openStreams, events);
  const stopSessionChecks = endStreamsWhoseSessionEnded(
    openStreams,
    database.db,
    config.streams.heartbeatMs,
    app.log,
  );
  registerMailWorker(app);
  app.decorate('features', features);
  const streams = createStreamHub(
    events,
    features.flatMap((feature) => feature.live ?? []),
  );
  app.decorate('streams', streams);
  runJobs(
    app,
    features.flatMap((feature) => feature.jobs ?? []),
  );
  // Requests still running hold on to the database: it closes only once they are done (a
  // shutdown past its deadline ends the process rather than the pool under a request).
  let running = 0;
  let done: (() => void) | undefined;
  app.addHook('onRequest', async (_request, reply) => {
    running++;
    reply.raw.once('close', () => {
      if (--running === 0) done?.();
    });
  });
  app.addHook('onClose', async () => {
    streams.stop();
    stopSessionChecks();
    for (const stream of app.lifecycle.streams) stream.close();
    await streamLimits.stop();
    if (running > 0) await new Promise<void>((resolve) => (done = resolve));
    await events.close();
    await database.close();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerSecurity(app);
  registerPrivateAnswers(app);
  // After the private answers' hook: it reads the final Cache-Control.
  registerConditionalGets(app);
  registerTextChecks(app);
  registerReadYourWrites(app);
  if (config.rateLimits) await registerRateLimits(app);
  // Every route declares `config: { auth }`; the session is checked before any parsing.
  registerRouteAuth(app);

  // JSON over 1 KB: brotli (quality 4) or gzip; request bodies are never decompressed.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
  // Before the routes: the API document collects each one as it is registered.
  await registerOpenApi(app);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(personStreamRoutes);
  for (const feature of features) if (feature.routes) await app.register(feature.routes);
  await app.register(webRoutes);
  return app;
}
