/// <reference lib="webworker" />
// Grilio's service worker: precaches the app shell, serves index.html for the app's navigations
// (the server's page first for a page to read), and keeps the images of downloaded chapters. API data is never cached
// here: the app keeps it in IndexedDB (src/offline/), which the service worker does not touch.
import { precacheAndRoute, cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache } from 'workbox-precaching';
import { clientsClaim } from 'workbox-core';
import { registerRoute, NavigationRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { COURSE_IMAGES_CACHE, OUTBOX_SYNC_TAG, SW_MESSAGES } from '../src/shared/pwa.ts';
import { routePattern, STATIC_ROUTES } from '../src/shared/routes.ts';

declare const self: ServiceWorkerGlobalScope;

// The precache list (injected at build time) holds index.html, every JS/CSS chunk, the icons and
// the web manifest, so the whole shell starts offline after the first visit.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// No skipWaiting here: a new version installs, then WAITS until the user presses 'Actualizează'
// in the update modal (message SKIP_WAITING below), so a running test is never swapped under the
// user. clientsClaim only matters on the very first install: it lets that first page load its
// lazy route chunks from the precache right away (an update still waits for SKIP_WAITING).
clientsClaim();

// Pages to read (RouteDef.islands: landing, courses, a chapter…) come from the server while it
// answers: its HTML is complete, and on a visitor's device it needs no React (src/islands/, issue
// 24 §1), where the shell would render the whole app on the client. The shell stands in when the
// server is away, answers 5xx, or is slower than READ_PAGE_TIMEOUT_MS, and for the installed app's
// start (start_url '/?source=pwa'), which opens from the device at once.
const READ_PAGES = STATIC_ROUTES.filter((route) => route.islands).map((route) => routePattern(route.path));
const READ_PAGE_TIMEOUT_MS = 3000;

async function readPage(request: Request): Promise<Response> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), READ_PAGE_TIMEOUT_MS);
  try {
    const res = await fetch(request, { signal: abort.signal });
    if (res.status < 500) return res;
  } catch {
    // Offline or too slow: the shell below.
  } finally {
    clearTimeout(timer);
  }
  return (await matchPrecache('/index.html')) ?? Response.error();
}

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && !url.searchParams.has('source') && READ_PAGES.some((re) => re.test(url.pathname)),
  ({ request }) => readPage(request),
);

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // API, realtime websocket, course media, and the server's own documents are never the app shell.
    denylist: [/^\/api\//, /^\/app\//, /^\/media\//, /^\/sw\.js/, /^\/manifest\.webmanifest/],
  }),
);

registerRoute(
  ({ url, request }) => request.destination === 'image' && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: COURSE_IMAGES_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 2000 })],
  }),
);

// 'Actualizează' (workbox-window messageSkipWaiting sends { type: 'SKIP_WAITING' }): activate
// now; the page reloads on 'controlling'.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === SW_MESSAGES.skipWaiting) event.waitUntil(self.skipWaiting());
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

// Web Push (issue 7 §4): the server's message ({ title, body, link, id }, src/shared/notification-payloads.ts
// PushMessage) is shown even when no page is open; the link is checked to stay inside the app.
type PushMessage = { title?: unknown; body?: unknown; link?: unknown; id?: unknown };
const inAppLink = (link: unknown) => (typeof link === 'string' && /^\/(?!\/)/.test(link) ? link : '/notificari');

self.addEventListener('push', (event: PushEvent) => {
  let data: PushMessage;
  try {
    data = (event.data?.json() ?? {}) as PushMessage;
  } catch {
    data = { body: event.data?.text() };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Grilio';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: typeof data.id === 'number' ? `notification-${data.id}` : undefined,
      data: { link: inAppLink(data.link) },
      lang: 'ro',
    }),
  );
});

// A click focuses an open window of the app (navigating it to the link) or opens one.
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const link = inAppLink((event.notification.data as { link?: unknown } | null)?.link);
  const url = new URL(link, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (clients) => {
      const open = clients.find((c) => new URL(c.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        await focused.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    }),
  );
});
