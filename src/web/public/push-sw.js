/*
 * DocuCard's push service worker (registered by the visitor chat when a visitor allows
 * notifications): shows an exhibitor's campaign as a notification and, when it is tapped,
 * counts the click and opens that exhibitor's chat.
 */
/* global self */

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  const sameOrigin =
    typeof data.url === 'string' &&
    new URL(data.url, self.location.origin).origin === self.location.origin;
  event.waitUntil(
    self.registration.showNotification(String(data.title || ''), {
      body: String(data.body || ''),
      icon: '/favicon.svg',
      tag: `docucard-${data.deliveryId ?? ''}`,
      data: { url: sameOrigin ? data.url : '/', deliveryId: Number(data.deliveryId) || null },
    }),
  );
});

function report(deliveryId, reaction) {
  if (!deliveryId) return Promise.resolve();
  return fetch(`/api/push/deliveries/${deliveryId}/${reaction}`, {
    method: 'POST',
    credentials: 'include',
  }).catch(() => undefined);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url, deliveryId } = event.notification.data || {};
  event.waitUntil(
    (async () => {
      await report(deliveryId, 'click');
      const target = new URL(url || '/', self.location.origin).href;
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url.split('?')[0] === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    })(),
  );
});

self.addEventListener('notificationclose', (event) => {
  const { deliveryId } = event.notification.data || {};
  event.waitUntil(report(deliveryId, 'dismiss'));
});
