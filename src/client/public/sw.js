/*
 * TaskBid's service worker, registered on every page after it has loaded
 * (src/client/lib/service-worker.ts). It does three things:
 * - pages: network first; when the network cannot be reached at all, the offline page.
 * - the offline page's own files: kept in one versioned cache at install, answered from the
 *   network first too, the cache when offline. Nothing else is ever stored: no API answer
 *   (/api is never even seen, below), no page, no script of the app.
 * - task alerts by web push: shows them, and opens their link when one is clicked.
 */

/**
 * The cache of this version: its name follows the content of the files in it (checked by
 * tests/process/offline-cache.test.ts), so a changed offline page installs a new worker and
 * the old cache is deleted when it activates.
 */
const CACHE = 'taskbid-offline-b25a7d42';
const OFFLINE_PAGE = '/offline.html';
const PRECACHE = [OFFLINE_PAGE, '/offline.css', '/offline.js', '/theme-init.js', '/favicon.svg'];

/** Where the browser can route requests past the worker: the API and the hashed assets. */
function routePastTheWorker(event) {
  if (typeof event.addRoutes !== 'function') return Promise.resolve();
  try {
    return event
      .addRoutes(
        ['/api/*', '/assets/*'].map((pathname) => ({
          condition: { urlPattern: new URLPattern({ pathname }) },
          source: 'network',
        })),
      )
      .catch(() => undefined);
  } catch {
    // An older form of the API: the fetch handler below leaves those requests alone anyway.
    return Promise.resolve();
  }
}

self.addEventListener('install', (event) => {
  const routed = routePastTheWorker(event);
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => routed)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
      // The page's request is sent while the worker starts, not after.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

/** A page: from the network (the preloaded answer when there is one), else the offline page. */
async function page(event) {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded ?? (await fetch(event.request));
  } catch {
    return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

/** One of the offline page's files: from the network, else from the cache. */
async function offlineFile(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(request, { ignoreSearch: true })) ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(page(event));
  else if (PRECACHE.includes(url.pathname)) event.respondWith(offlineFile(request));
  // Anything else goes to the network as if there were no worker.
});

/** What an alert says when its payload cannot be read. */
const FALLBACK = { title: 'TaskBid', body: 'New tasks match your saved searches.', link: '/' };

/** The payload `{ title, body, link }`, with a link of this site only. */
function readMessage(data) {
  let message = {};
  try {
    message = data ? data.json() : {};
  } catch {
    message = {};
  }
  const text = (value, fallback) => (typeof value === 'string' && value ? value : fallback);
  const link = text(message.link, FALLBACK.link);
  return {
    title: text(message.title, FALLBACK.title),
    body: text(message.body, FALLBACK.body),
    link: link.startsWith('/') && !link.startsWith('//') ? link : FALLBACK.link,
  };
}

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  event.waitUntil(
    // One notification per saved search (its browse link): a newer alert replaces the
    // older one, and still rings, rather than stacking on the lock screen.
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      tag: message.link,
      renotify: true,
      data: { link: message.link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.link ?? FALLBACK.link, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target);
      return open ? open.focus() : self.clients.openWindow(target);
    }),
  );
});
