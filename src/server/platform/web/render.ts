import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { createAnswerCache } from '../http/answer-cache.ts';
import { ANONYMOUS_MAX_AGE_S } from '../http/private-answers.ts';

/** What the built server entry (src/client/entry-server.tsx) renders for a page. */
export interface RenderedScreen {
  status: number;
  /** The screen's HTML for inside the app's root element (its `<title>` already taken out). */
  html: string;
  /** The JSON data block the browser hydrates with. */
  data: string;
}

interface ServerEntry {
  createPageRenderer(
    api: typeof fetch,
  ): (url: string) => Promise<{ status: number; html: string; data: unknown } | undefined>;
  routerDataHtml(data: unknown): string;
}

/** Plenty for the pages people open; the cache's byte bound usually comes first. */
const MAX_SCREENS = 1000;

/** React writes a rendered `<title>` first; the server's head already has the page's title. */
const LEADING_TITLE = /^<title>[\s\S]*?<\/title>/;

/**
 * The app's screens rendered on the server, when the build has its server entry
 * (`<static dir>/ssr/entry-server.js`, written by `vite build`); undefined without it (the
 * pages are then the empty shell the browser fills). The loaders' API requests are answered
 * in-process (`app.inject`), as a signed-out visitor: every visitor gets the same page.
 */
export async function loadScreenRenderer(app: FastifyInstance) {
  const file = join(app.config.staticDir, 'ssr', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  const entry = (await import(pathToFileURL(file).href)) as ServerEntry;
  const api: typeof fetch = async (input, init) => {
    if (init?.method && init.method !== 'GET') throw new Error('Pages are rendered read-only');
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json' },
    });
    return new Response(answer.statusCode === 204 ? null : answer.payload, {
      status: answer.statusCode,
      headers: Object.entries(answer.headers).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, String(value)] as [string, string]],
      ),
    });
  };
  const render = entry.createPageRenderer(api);
  const origin = 'http://taskbid.invalid';
  // A screen is the same for every visitor: kept by address, as long as an anonymous API
  // answer, and dropped at any change the server hears of (a task, a bid, a resync…), so
  // concurrent visitors of a busy page share one rendering.
  const screens = createAnswerCache({
    maxBytes: app.config.listCacheBytes,
    maxEntries: MAX_SCREENS,
    maxAgeMs: ANONYMOUS_MAX_AGE_S * 1000,
  });
  const stop = app.events.subscribe(() => screens.clear());
  app.addHook('onClose', async () => {
    stop();
  });
  const renderNow = async (pathAndQuery: string): Promise<RenderedScreen | null> => {
    const screen = await render(`${origin}${pathAndQuery}`);
    if (!screen) return null;
    return {
      status: screen.status,
      html: screen.html.replace(LEADING_TITLE, ''),
      data: entry.routerDataHtml(screen.data),
    };
  };
  return async (pathAndQuery: string): Promise<RenderedScreen | undefined> => {
    const kept = await screens.get(pathAndQuery, async () => ({
      body: JSON.stringify(await renderNow(pathAndQuery)),
    }));
    return (JSON.parse(kept.body) as RenderedScreen | null) ?? undefined;
  };
}
