import { resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createAnswerCache } from '../http/answer-cache.ts';
import { noSuchEndpoint } from '../http/errors.ts';
import { ANONYMOUS_MAX_AGE_S } from '../http/private-answers.ts';
import { builtFirstPaint } from './first-paint.ts';
import { askedCanonically, matchPage, SITE_PAGES, type PageAnswer } from './pages.ts';
import { finishedPage, sendPage, type FinishedPage } from './send-page.ts';
import { loadScreenRenderer } from './render.ts';
import { createShell } from './shell.ts';
import { sitemapRoutes } from './sitemap-routes.ts';

/** Plenty for the pages people open; the cache's byte bound usually comes first. */
const MAX_KEPT_PAGES = 1000;

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
 * their own names. A page is compressed as it is sent, like the JSON answers; a page with a
 * server-rendered screen is kept whole, compressed copies included (decision 0538).
 */
export async function webRoutes(app: FastifyInstance) {
  const root = app.config.staticDir;
  const assets = resolve(root, 'assets') + sep;
  const firstPaint = builtFirstPaint(root);
  // The built files are the same for everyone (the static plugin takes no route config), and
  // never limited: a page load fetches a dozen of them, and a refused script blanks the page.
  app.addHook('onRoute', (route) => {
    route.config = { auth: 'public', clientFile: true, ...route.config };
  });
  if (firstPaint) {
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

  const shell = firstPaint
    ? createShell(firstPaint.html, app.config.baseUrl, firstPaint.renderedHtml)
    : null;
  const pages = [...SITE_PAGES, ...app.features.flatMap((feature) => feature.pages ?? [])];
  const renderScreen =
    firstPaint && app.config.serverRendering ? await loadScreenRenderer(app) : undefined;
  // A page with its screen rendered is the same for every visitor: kept whole by address (its
  // bytes, tag and compressed copies), as long as an anonymous API answer, and dropped at any
  // change the server hears of (a task, a bid, a resync…), so concurrent visitors of a busy
  // page share one rendering and a kept page costs no work but sending it (0529, 0538).
  // A page asked for all the time is made again in the last fifth of its life, beside the kept
  // one: its visitors never wait for a rendering (decision 0539).
  const kept = createAnswerCache({
    maxBytes: renderScreen ? app.config.listCacheBytes : 0,
    maxEntries: MAX_KEPT_PAGES,
    maxAgeMs: ANONYMOUS_MAX_AGE_S * 1000,
    renewAfterMs: ANONYMOUS_MAX_AGE_S * 800,
  });
  const stop = app.events.subscribe(() => kept.clear());
  app.addHook('onClose', async () => {
    stop();
  });

  /** The page's head and gist, from the page that declares its path (if any). */
  async function answerFor(request: FastifyRequest, path: string, search: string) {
    const found = matchPage(pages, path);
    const answer: PageAnswer | undefined = await found?.page.render({
      app,
      request,
      params: found.params,
      query: new URLSearchParams(search),
    });
    return { answer, declared: found !== undefined };
  }

  /** The page with its screen beside its head (a screen that failed is logged, not shown). */
  async function withScreen(
    request: FastifyRequest,
    path: string,
    answer: PageAnswer,
    into: NonNullable<typeof shell>,
  ) {
    const screen = await renderScreen?.(request.url).catch((err: unknown) => {
      request.log.error({ err, path }, 'the screen of a page could not be rendered');
      return undefined;
    });
    return { body: into.render(answer, true, screen), status: answer.status ?? 200 };
  }

  /** A kept page made again as its first request made it, unless it is no longer kept. */
  async function renewal(
    request: FastifyRequest,
    path: string,
    search: string,
    into: NonNullable<typeof shell>,
  ) {
    const { answer } = await answerFor(request, path, search);
    return answer && askedCanonically(answer, search)
      ? withScreen(request, path, answer, into)
      : undefined;
  }

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
      // Someone who just wrote reads past kept pages, as past kept lists (read-your-writes).
      const keeps = !request.wroteRecently();
      const ready = keeps
        ? kept.peek(request.url, () => renewal(request, path, search, shell))
        : undefined;
      if (ready) return sendPage(request, reply, ready);
      let page: FinishedPage;
      try {
        // A public page asked for at its canonical address gets its screen written beside
        // its head, and is kept; otherwise the browser renders the screen, as before.
        const { answer, declared } = await answerFor(request, path, search);
        if (renderScreen && answer && askedCanonically(answer, search)) {
          const rendered = () => withScreen(request, path, answer, shell);
          page = keeps
            ? await kept.get(request.url, rendered)
            : await rendered().then((done) => finishedPage(done.body, done.status));
        } else {
          page = finishedPage(shell.render(answer, declared), answer?.status ?? 200);
        }
      } catch (err) {
        // The app still loads and says what went wrong; the page is not marked as missing.
        request.log.error({ err, path }, 'the head of a page could not be made');
        page = finishedPage(shell.template);
      }
      return sendPage(request, reply, page);
    }
    const { statusCode, message, code } = noSuchEndpoint(request.method, path);
    return reply.status(statusCode).send({ message, code });
  });
}
