/* global self */
/**
 * Web push for the console (api/README "Push notifications"). Registered by the user modal's 'Notificações push'
 * switch at /sw.js (scope: the whole console). It only shows pushes and opens their page: no fetch handler, no
 * caching, so the console never runs stale code from here. A push reads JSON { title, body, icon, url, tag }.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

const windows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const url = new URL(data.url || '/', self.location.origin).href;
  event.waitUntil(
    windows().then((open) => {
      // The page is already in front of the user: the console's own (desktop) notification and sound do the job.
      if (open.some((client) => client.focused && client.url === url)) return undefined;
      return self.registration.showNotification(data.title || 'Atende', {
        body: data.body || '',
        icon: data.icon || undefined,
        tag: data.tag || undefined,
        renotify: Boolean(data.tag),
        data: { url },
      });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || new URL('/', self.location.origin).href;
  event.waitUntil(
    windows().then(async (open) => {
      const client = open.find((c) => new URL(c.url).origin === self.location.origin);
      if (!client) return self.clients.openWindow(url);
      const focused = await client.focus();
      if (focused.url === url) return focused;
      // navigate() works on windows this worker controls; another (opened before it) gets a new window.
      return focused.navigate(url).catch(() => self.clients.openWindow(url));
    }),
  );
});
