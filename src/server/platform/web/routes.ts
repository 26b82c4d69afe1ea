import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { noSuchEndpoint } from '../http/errors.ts';
import { askedCanonically, matchPage, SITE_PAGES, type PageAnswer } from './pages.ts';
import { sendPage } from './send-page.ts';
import { loadScreenRenderer, type RenderedScreen } from './render.ts';
import { createShell } from './shell.ts';
import { sitemapRoutes } from './sitemap-routes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A file of the built client: never rate-limited (platform/http/rate-limits.ts). */
    clientFile?: boolean;
  }
}

/**
 * Serves the built React app: hashed files under /assets are cached for a year, everything
 * else is revalidated. Any other GET that is not under /api and not a file name gets
 * index.html so the client router can take it, with the head of its page written in by the
 * server (its title, description, address and link preview; web/pages.ts) and, for a
 * reader without JavaScript, the page's gist in `<noscript>`. `npm run build` writes `.br`
 * and `.gz` copies beside each text file (scripts/compress-assets.ts); they are sent as they
 * are to browsers that accept them (`vary: accept-encoding`), and are not addressable by
 * their own names. A page is compressed as it is sent, like the JSON answers.
 */
export async function webRoutes(app: FastifyInstance) {
  const root = app.config.staticDir;
  const assets = resolve(root, 'assets') + sep;
  const index = join(root, 'index.html');
  const hasClient = existsSync(index);
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
      // The server's side of the app (ssr/) is code for this process, not a file to serve.
      globIgnore: ['**/*.br', '**/*.gz', 'ssr/**'],
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          resolve(path).startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  await app.register(sitemapRoutes);

  const shell = hasClient ? createShell(readFileSync(index, 'utf8'), app.config.baseUrl) : null;
  const pages = [...SITE_PAGES, ...app.features.flatMap((feature) => feature.pages ?? [])];
  const renderScreen =
    hasClient && app.config.serverRendering ? await loadScreenRenderer(app) : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const at = request.url.indexOf('?');
    const path = at < 0 ? request.url : request.url.slice(0, at);
    const search = at < 0 ? '' : request.url.slice(at + 1);
    // A path whose last segment has an extension asks for a file (a stale chunk, favicon.ico):
    // it gets a 404, not the page, so a browser or crawler never parses HTML as something else.
    const wantsFile = /\.[^/]*$/.test(path);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api') &&
      !wantsFile;
    if (wantsPage && shell) {
      const found = matchPage(pages, path);
      let answer: PageAnswer | undefined;
      let screen: RenderedScreen | undefined;
      let html: string;
      try {
        // A public page asked for at its canonical address gets its screen written beside
        // its head; otherwise the browser renders the screen, as before (a screen that failed
        // is logged, not shown).
        answer = await found?.page.render({
          app,
          request,
          params: found.params,
          query: new URLSearchParams(search),
        });
        screen =
          renderScreen && askedCanonically(answer, search)
            ? await renderScreen(request.url).catch((err: unknown) => {
                request.log.error({ err, path }, 'the screen of a page could not be rendered');
                return undefined;
              })
            : undefined;
        html = shell.render(answer, found !== undefined, screen);
      } catch (err) {
        // The app still loads and says what went wrong; the page is not marked as missing.
        request.log.error({ err, path }, 'the head of a page could not be made');
        html = shell.template;
      }
      return sendPage(request, reply, html, answer?.status ?? 200);
    }
    const { statusCode, message, code } = noSuchEndpoint(request.method, path);
    return reply.status(statusCode).send({ message, code });
  });
}
