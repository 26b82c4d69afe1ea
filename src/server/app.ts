import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import './types.ts';
import { createAuth } from './auth/auth.ts';
import { registerRouteAuth } from './auth/route-auth.ts';
import { createSessionCache, followSessionChanges } from './auth/session-cache.ts';
import { authRoutes } from './auth/routes.ts';
import type { Config } from './config.ts';
import { loggerOptions } from './logger.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createEventBus } from './events/bus.ts';
import { endStreamsWhenSessionsChange, type EventStream } from './events/sse.ts';
import { healthRoutes } from './health/routes.ts';
import { createMailTransport } from './mail/transport.ts';
import { startMailWorker, type MailWorker } from './mail/worker.ts';
import { marketplaceRoutes } from './marketplace/plugin.ts';
import { registerOpenApi } from './openapi/register.ts';
import { plainRequestTarget } from './http/canonical-path.ts';
import { registerConditionalGets } from './http/conditional-get.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerOverload } from './http/overload.ts';
import { registerPrivateAnswers } from './http/private-answers.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { registerReadYourWrites } from './http/read-your-writes.ts';
import { registerSecurity } from './http/security.ts';
import { registerTextChecks } from './http/text-input.ts';
import { webRoutes } from './web/routes.ts';

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
  options: { logStream?: Writable } = {},
): Promise<FastifyInstance> {
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
  app.decorate('lifecycle', { draining: false, streams: new Set<EventStream>() });
  endStreamsWhenSessionsChange(app.lifecycle.streams, events);
  // Each instance sends queued mail once it is ready (see mail/worker.ts).
  let mailWorker: MailWorker | undefined;
  app.decorate('mail', { drain: async () => mailWorker?.drain() });
  app.addHook('onReady', async () => {
    mailWorker = startMailWorker({
      db: database.db,
      events,
      transport: createMailTransport(config.mail, app.log),
      config: config.mail,
      render: { baseUrl: config.baseUrl, secret: config.authSecret },
      log: app.log.child({ component: 'mail' }),
    });
  });
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
    await mailWorker?.stop();
    for (const stream of app.lifecycle.streams) stream.close();
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
  await app.register(marketplaceRoutes);
  await app.register(webRoutes);
  return app;
}
