import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

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

/** React writes a rendered `<title>` first; the server's head already has the page's title. */
const LEADING_TITLE = /^<title>[\s\S]*?<\/title>/;

/**
 * The app's screens rendered on the server, when the build has its server entry
 * (`<static dir>/ssr/entry-server.js`, written by `vite build`); undefined without it (the
 * pages are then the empty shell the browser fills). The loaders' API requests are answered
 * in-process (`app.inject`), as a signed-out visitor: every visitor gets the same page (the
 * finished page is kept by address: web/routes.ts).
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
  return async (pathAndQuery: string): Promise<RenderedScreen | undefined> => {
    const screen = await render(`${origin}${pathAndQuery}`);
    if (!screen) return undefined;
    return {
      status: screen.status,
      html: screen.html.replace(LEADING_TITLE, ''),
      data: entry.routerDataHtml(screen.data),
    };
  };
}
