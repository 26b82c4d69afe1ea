/**
 * The server's side of the app (built by `vite build` into `ssr/entry-server.js` beside the
 * client; src/server/platform/web/render.ts loads it). A public page is rendered with the
 * same route definitions the browser uses (router.tsx): React Router's static handler runs
 * the matched routes' loaders, whose API requests the server answers itself, and React
 * writes the screen as HTML. main.tsx hydrates it with the same loader data.
 */
import { prerender } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { setApiTransport } from './lib/api-client.ts';
import { AuthProvider } from './lib/auth/auth-provider.tsx';
import { routes } from './router.tsx';
import type { RouterData } from './lib/router-data.ts';

export { routerDataHtml } from './lib/router-data.ts';

export interface RenderedPage {
  status: number;
  /** The screen's HTML, for inside `<div id="root">`. */
  html: string;
  /** The loader data the browser hydrates with (main.tsx). */
  data: RouterData;
}

const handler = createStaticHandler(routes);

/**
 * A loader may hand a screen its data as promises (shown with `<Await>`): the page is
 * written with them settled, and the browser gets their values. A failed one leaves the
 * page to the browser, which shows the screen's own error.
 */
async function settled(loaderData: StaticHandlerContext['loaderData']) {
  const entries = await Promise.all(
    Object.entries(loaderData).map(async ([id, data]: [string, unknown]) => {
      if (typeof data !== 'object' || data === null || Array.isArray(data)) return [id, data];
      const values = await Promise.all(
        Object.entries(data).map(async ([key, value]: [string, unknown]) => [key, await value]),
      );
      return [id, Object.fromEntries(values)];
    }),
  );
  return Object.fromEntries(entries) as StaticHandlerContext['loaderData'];
}

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/** The browser alone renders screens behind sign-in (a middleware) and those that say so. */
function serverRendered(url: string): boolean {
  const matches = matchRoutes(routes, new URL(url)) ?? [];
  return !matches.some(({ route }) => {
    const handle = route.handle as { clientRendered?: boolean } | undefined;
    return route.middleware !== undefined || handle?.clientRendered === true;
  });
}

/**
 * `api` answers the loaders' requests (`/api/…`, as a signed-out visitor: a public page is
 * the same for everyone). Resolves to undefined when the page is left to the browser: a
 * redirect, a loader that failed, or a screen rendered by the browser alone.
 */
export function createPageRenderer(api: typeof fetch) {
  setApiTransport(api);
  return async function renderPage(url: string): Promise<RenderedPage | undefined> {
    if (!serverRendered(url)) return undefined;
    const context = await handler.query(new Request(url));
    if (context instanceof Response || context.errors) return undefined;
    let loaderData: StaticHandlerContext['loaderData'];
    try {
      loaderData = await settled(context.loaderData);
    } catch {
      return undefined;
    }
    const ready = { ...context, loaderData };
    const router = createStaticRouter(handler.dataRoutes, ready);
    const { prelude } = await prerender(
      <AuthProvider startUnknown>
        <StaticRouterProvider router={router} context={ready} hydrate={false} />
      </AuthProvider>,
      // Every boundary written in place: React otherwise moves a large one to the end of the
      // page with an inline script to put it back, which the CSP (rightly) refuses to run.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return {
      status: context.statusCode,
      html: await text(prelude),
      data: { loaderData, actionData: null, errors: null },
    };
  };
}
