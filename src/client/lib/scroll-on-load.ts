/**
 * A page loaded anew (a typed address, a link from elsewhere, a redirect, a reload) opens at
 * the top; one reached with Back or Forward returns to where it was left.
 *
 * React Router's `<ScrollRestoration>` keeps each place under its history entry's key, and
 * the entry a document opens on has no key of its own ("default" for every one of them), so
 * a new page found the place the last page was left at. Before the router starts, a page
 * loaded anew gets a key of its own, and the browser's own restoration (which a reload
 * would use) is off; an entry reached with Back or Forward keeps its key and so its place.
 * A server-written page left before the app took it over (a link followed at once) never had
 * its place recorded by the router: the browser's own restoration is back on as it is left,
 * so Back returns to where it was (the router turns it back on as it leaves, too).
 */
export function openNewLoadsAtTop(): void {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (entry?.type === 'back_forward') return;
  window.history.scrollRestoration = 'manual';
  const state: unknown = window.history.state;
  const kept = typeof state === 'object' && state !== null ? state : {};
  window.history.replaceState({ ...kept, key: Math.random().toString(36).slice(2, 10) }, '');
  window.addEventListener('pagehide', () => (window.history.scrollRestoration = 'auto'));
}
