import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built React app: hashed files under /assets are cached for a year, everything
 * else is revalidated, and any other GET that is not under /api gets index.html so the
 * client router can take it.
 */
export async function webRoutes(app: FastifyInstance) {
  const root = app.config.staticDir;
  const hasClient = existsSync(join(root, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes(`${join(root, 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api');
    if (wantsPage && hasClient) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    }
    return reply
      .status(404)
      .send({ message: `No such endpoint: ${request.method} ${path}`, code: 'NOT_FOUND' });
  });
}
