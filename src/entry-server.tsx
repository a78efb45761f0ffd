// The server renderer of the public pages (issue 12 §1): the same route tree as the browser, under
// a <StaticRouter>, rendered with React's server renderer to complete HTML. Built by
// `vite build --ssr src/entry-server.tsx` into <dist>/server/ and loaded by server/plugins/web.ts
// (Node's type stripping cannot load .tsx, and the bundle resolves the CSS and page modules).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoutes, NOT_FOUND_PAGE } from './router/router.tsx';
import { pageSource, preloadPage } from './router/pages.tsx';
import { matchRoute, registerAppRoutes } from './shared/routes.ts';
import { APP_ROUTES } from './shared/routes-app.ts';
import { app } from './state/app.ts';
import { SsrDataProvider, type SsrPayload } from './ssr/data.tsx';
import { CookieBanner } from './shell/CookieBanner.tsx';
import { Island } from './islands/Island.tsx';

// The whole route table: the server renders public pages and, for any other path, the 404 page.
registerAppRoutes(APP_ROUTES);

export type { SsrPayload } from './ssr/data.tsx';
export { dataKeys, serializePayload, SSR_DATA_ID } from './ssr/data.tsx';

/** The build manifest key of the page module a path renders (for modulepreload and CSS links). */
export function pageModuleFor(pathname: string): string {
  return pageSource(matchRoute(pathname)?.page ?? NOT_FOUND_PAGE);
}

/** Complete HTML of the app root for a URL, rendered with the given data; rejects on a render error. */
export async function render(url: string, payload: SsrPayload): Promise<string> {
  const pathname = new URL(url, 'http://localhost').pathname;
  await preloadPage(matchRoute(pathname)?.page ?? NOT_FOUND_PAGE);
  // The same product name the browser gets in the payload (the hydrating render must match).
  app.product = payload.product;
  // renderToString, not the streaming renderer: the page module is loaded and its data given, so
  // nothing suspends, and the HTML has no inline scripts (the CSP allows none but the theme's)
  // and no outlined boundaries a reader without JavaScript could not see.
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <SsrDataProvider value={payload}>
          <AppRoutes />
        </SsrDataProvider>
      </StaticRouter>
    </StrictMode>,
  );
}

/** The islands of a page to read that live outside the app's root (issue 24 §1): the cookie
 *  banner, which the app renders itself among its client extras, so it is not part of every
 *  page's hydrated tree. A visitor's page hydrates it at the first touch (src/islands/); when the
 *  app starts instead it removes this copy (src/main.tsx). */
export function renderOutsideIslands(url: string): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <Island name="cookie-banner">
          <CookieBanner />
        </Island>
      </StaticRouter>
    </StrictMode>,
  );
}
