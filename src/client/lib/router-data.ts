import type { HydrationState } from 'react-router';

/** The loader data a server-rendered page was written with: the browser hydrates with it. */
export type RouterData = HydrationState;

/**
 * The element that carries it: a JSON data block (`type="application/json"`), which the
 * browser never runs, so the CSP needs no nonce and the page's bytes (and its ETag) stay the
 * same for every visitor.
 */
export const ROUTER_DATA_ID = 'router-data';

/** The data block's HTML: JSON with `<` escaped, so no value can close the element. */
export function routerDataHtml(data: RouterData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${ROUTER_DATA_ID}">${json}</script>`;
}

/** The page's data block, when the server rendered the page. */
export function readRouterData(): RouterData | undefined {
  const element = document.getElementById(ROUTER_DATA_ID);
  if (!element?.textContent) return undefined;
  return JSON.parse(element.textContent) as RouterData;
}
