// The browser entry. A public page the server rendered (src/entry-server.tsx, data embedded as
// JSON) is hydrated with the same data, then the rest of the app starts (src/start-client.ts);
// any other screen (the signed-in app, the service worker's offline shell) starts the app first
// and renders on the client. Only what the first paint needs is imported here (issue 12 §2).
import './shell/zod-jitless.ts';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './styles/index.css';
import { AppRoutes, NavigationBridge, NOT_FOUND_PAGE } from './router/router.tsx';
import { preloadPage } from './router/pages.tsx';
import { matchRoute } from './shared/routes.ts';
import { loadAppRoutes } from './router/route-loader.ts';
import { STORAGE } from './shared/storage-keys.ts';
import { getItem } from './state/storage.ts';
import { medinsiderStart } from './state/medinsider.ts';
import { app } from './state/app.ts';
import { catchInstallPrompt } from './ssr/early-install.ts';
import { readEmbeddedPayload, SsrDataProvider, type SsrPayload } from './ssr/data.tsx';

/** Calls `done` once the first render is committed (its effects run after the commit). */
function Committed({ done }: { done: () => void }) {
  useEffect(done, [done]);
  return null;
}

function tree(payload: SsrPayload | null, committed: () => void = () => {}) {
  return (
    <StrictMode>
      <Committed done={committed} />
      <BrowserRouter>
        <NavigationBridge />
        <SsrDataProvider value={payload}>
          <AppRoutes />
        </SsrDataProvider>
      </BrowserRouter>
    </StrictMode>
  );
}

async function main(): Promise<void> {
  catchInstallPrompt();
  const container = document.getElementById('root')!;
  // The app has its own cookie banner (client extras): the server's copy for a visitor goes.
  for (const island of document.querySelectorAll('body > [data-island]')) island.remove();
  const payload = readEmbeddedPayload();
  // The app opened at its start with a stored Medinsider simulation goes there (SPEC §2,
  // src/state/medinsider.ts) before anything reads the address: the router starts on the new one.
  const resume = medinsiderStart(getItem(STORAGE.simulationMedinsiderUuid), window.location.pathname, window.location.search).redirect;
  if (resume) window.history.replaceState(null, '', resume);
  // Public pages are in the first-load route table; any other path needs the rest of it first.
  const path = window.location.pathname;
  const route = matchRoute(path) ?? (await loadAppRoutes(), matchRoute(path));
  // Sent elsewhere at start: the server's HTML is of another page, so render on the client.
  const hydrate = payload !== null && container.firstElementChild !== null && !resume;
  if (hydrate) {
    app.product = payload.product;
    // The page's module before hydrating: nothing suspends, so the server's HTML is kept as it is.
    await preloadPage(route?.page ?? NOT_FOUND_PAGE, payload.module);
    // As a transition, hydration is rendered in slices that yield to the browser (a few ms each)
    // instead of one long task: the page stays responsive while it comes alive (issue 12, TBT).
    // The client starts once hydration is committed: its first state changes (theme, settings,
    // session) made while a slice is pending would force the whole page to render again, at once.
    // In any case after 5 s: the session and the outbox never wait on a render.
    let hydrated!: () => void;
    const committed = new Promise<void>((resolve) => {
      hydrated = resolve;
      setTimeout(resolve, 5000);
    });
    startTransition(() => {
      hydrateRoot(container, tree(payload, hydrated));
    });
    const [{ startClient }] = await Promise.all([import('./start-client.ts'), loadAppRoutes(), committed]);
    await startClient();
    return;
  }
  const [{ startClient }] = await Promise.all([import('./start-client.ts'), route ? preloadPage(route.page) : undefined]);
  void startClient();
  createRoot(container).render(tree(null));
}

void main();
