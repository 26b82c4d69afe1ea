/**
 * The installable app's part of every page, small on purpose (it is in the first script):
 * registers the service worker (public/sw.js: the offline page and push alerts) once the page
 * has loaded, and keeps the browser's offer to install TaskBid (`beforeinstallprompt`, which
 * can come on any page) for the Install button of /install (features/install).
 */

/** The one service worker, at the site's root so that it sees every page. */
export const SERVICE_WORKER_URL = '/sw.js';

let kept: Event | null = null;

/** The browser's offer, if it made one and it is still unused. */
export const keptInstallOffer = () => kept;

/** An offer is answered once: the Install button forgets it when used. */
export const forgetInstallOffer = () => {
  kept = null;
};

/** Called once at start: after the load event, so the first paint never waits for it. */
export function startAppInstall(): void {
  // The browser's own offer (its install icon or bar) still shows: the event is only kept.
  addEventListener('beforeinstallprompt', (event) => (kept = event));
  addEventListener('appinstalled', forgetInstallOffer);
  if (!('serviceWorker' in navigator)) return;
  // A browser that refuses (private windows of some) is only without the offline page.
  const register = () => navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => {});
  if (document.readyState === 'complete') void register();
  else addEventListener('load', register, { once: true });
}
