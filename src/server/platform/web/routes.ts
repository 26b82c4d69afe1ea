import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { noSuchEndpoint } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A file of the built client: never rate-limited (platform/http/rate-limits.ts). */
    clientFile?: boolean;
  }
}

/**
 * Serves the built React app: hashed files under /assets are cached for a year, everything
 * else is revalidated, and any other GET that is not under /api and not a file name gets
 * index.html so the client router can take it. `npm run build` writes `.br` and `.gz` copies beside each text
 * file (scripts/compress-assets.ts); they are sent as they are to browsers that accept them
 * (`vary: accept-encoding`), and are not addressable by their own names.
 */
export async function webRoutes(app: FastifyInstance) {
  const root = app.config.staticDir;
  const assets = resolve(root, 'assets') + sep;
  const hasClient = existsSync(join(root, 'index.html'));
  // The built files are the same for everyone (the static plugin takes no route config), and
  // never limited: a page load fetches a dozen of them, and a refused script blanks the page.
  app.addHook('onRoute', (route) => {
    route.config = { auth: 'public', clientFile: true, ...route.config };
  });
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          resolve(path).startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A path whose last segment has an extension asks for a file (a stale chunk, robots.txt):
    // it gets a 404, not the page, so a browser or crawler never parses HTML as something else.
    const wantsFile = /\.[^/]*$/.test(path);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api') &&
      !wantsFile;
    if (wantsPage && hasClient) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    }
    const { statusCode, message, code } = noSuchEndpoint(request.method, path);
    return reply.status(statusCode).send({ message, code });
  });
}
