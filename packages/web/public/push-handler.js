/* Pluk: web push in the service worker (imported by /service-worker.js through workbox.importScripts).
 * A push carries JSON { title, body, link, notificationId } (see the contract's pushPayloadSchema).
 * Tapping the notification focuses an open Pluk window on its link, or opens one. */
'use strict';

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Pluk';
  const link =
    typeof data.link === 'string' && data.link.startsWith('/') && !data.link.startsWith('//')
      ? data.link
      : '/notifications';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      lang: 'nl-BE',
      tag: typeof data.notificationId === 'number' ? `pluk-notification-${data.notificationId}` : undefined,
      data: { link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data && event.notification.data.link) || '/notifications';
  const target = new URL(link, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const same = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (same) {
        return same
          .focus()
          .then((focused) => (focused && 'navigate' in focused ? focused.navigate(target) : focused));
      }
      return self.clients.openWindow(target);
    }),
  );
});
