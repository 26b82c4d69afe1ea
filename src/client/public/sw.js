/*
 * TaskBid's service worker: it shows the task alerts the server sends by web push, and opens
 * their link when one is clicked. Nothing else: it caches nothing and answers no request.
 * Registered only when someone presses "Turn on alerts on this device" (Settings › Task alerts).
 */

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
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/favicon.svg',
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
