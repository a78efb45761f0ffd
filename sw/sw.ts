/// <reference lib="webworker" />
// Grilio's service worker: precaches the app shell, serves index.html for every in-app
// navigation offline, and keeps the images of downloaded chapters. API data is never cached
// here: the app keeps it in IndexedDB (src/offline/), which the service worker does not touch.
import { precacheAndRoute, cleanupOutdatedCaches, createHandlerBoundToURL } from 'workbox-precaching';
import { registerRoute, NavigationRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { COURSE_IMAGES_CACHE, OUTBOX_SYNC_TAG, SW_MESSAGES } from '../src/shared/pwa.ts';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/app\//, /^\/media\//],
  }),
);

registerRoute(
  ({ url, request }) => request.destination === 'image' && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: COURSE_IMAGES_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 2000 })],
  }),
);

self.addEventListener('message', (event) => {
  if (event.data?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
});

// Background Sync: wake an open page to flush the outbox (it holds the session token).
// With no page open the outbox is flushed at the next start, so nothing is lost either way.
self.addEventListener('sync', (event: Event) => {
  const e = event as Event & { tag: string; waitUntil(p: Promise<unknown>): void };
  if (e.tag !== OUTBOX_SYNC_TAG) return;
  e.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: SW_MESSAGES.flushOutbox });
    }),
  );
});
