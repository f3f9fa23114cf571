/*
 * LeadLoop's service worker (docs/decisions/0020-installable-app-and-push.md). Deliberately small, and plain
 * JavaScript served as-is from public/:
 * - offline shell: page navigations go to the network; when the network fails, the cached offline page answers
 *   (it says plainly that the app is offline). Nothing else is cached: data is never shown stale.
 * - Web Push: shows the notification the server sent (title, and a body only when the device chose a preview)
 *   and opens (or focuses) the app at the notification's link when tapped.
 */
const SHELL_CACHE = 'leadloop-shell-v1';
const SHELL_FILES = ['/offline.html', '/offline.css', '/offline.js', '/favicon.svg', '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('/offline.html')));
    return;
  }
  if (SHELL_FILES.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname)));
  }
});

/** Only a same-origin path is followed from a notification. */
function safePath(value) {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/notifications';
}

self.addEventListener('push', (event) => {
  let payload = { title: 'New activity in LeadLoop', url: '/notifications' };
  try {
    if (event.data) payload = Object.assign(payload, event.data.json());
  } catch {
    // A payload that is not JSON still tells the person something happened.
  }
  const options = { icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', data: { url: safePath(payload.url) } };
  if (typeof payload.body === 'string' && payload.body) options.body = payload.body;
  event.waitUntil(self.registration.showNotification(String(payload.title), options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(safePath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          return client.navigate(target).then((navigated) => (navigated || client).focus());
        }
      }
      return self.clients.openWindow(target);
    }),
  );
});
