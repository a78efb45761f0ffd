// One routed page: applies the access guard, sets the page title and the body marker, then
// renders the lazily loaded page module.
import { Suspense, useEffect, useMemo } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import type { RouteDef } from '../shared/routes.ts';
import { bodyMarker, pageTitle } from '../shared/routes.ts';
import { app } from '../state/app.ts';
import { redirectFor } from './route-loader.ts';
import { pageComponent } from './pages.tsx';

const MARKER_CLASSES = ['auth', 'dash', 'static', 'courses', 'messages-layout', 'no-navbar'];

/** Body classes for a route: the prefix marker plus layout options (messages hide the captcha badge). */
export function bodyClasses(def: RouteDef | undefined): string[] {
  const classes = bodyMarker(def?.name).split(' ');
  if (def?.messagesLayout) classes.push('messages-layout');
  if (def?.noNavbar) classes.push('no-navbar');
  return classes;
}

export function applyBodyMarker(def: RouteDef | undefined): void {
  const body = document.body;
  body.classList.remove(...MARKER_CLASSES);
  body.classList.add(...bodyClasses(def));
  body.dataset.layout = bodyMarker(def?.name);
}

export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Se încarcă…</span>
    </div>
  );
}

function PageMeta({ def }: { def: RouteDef | undefined }) {
  const { product } = useSnapshot(app);
  const params = useParams();
  useEffect(() => {
    document.title = pageTitle(def, product, params.id);
  }, [def, product, params.id]);
  useEffect(() => applyBodyMarker(def), [def]);
  return null;
}

export function RoutePage({ def, page }: { def: RouteDef | undefined; page: string }) {
  const location = useLocation();
  // Decided once per navigation: a sign-in page that stores the token and then navigates must
  // not be bounced to /cont/premium by a re-render in between.
  const redirect = useMemo(
    () => redirectFor(def, location.pathname, location.search),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [def, location.key, location.pathname, location.search],
  );
  if (redirect) return <Navigate to={redirect} replace />;
  const Page = pageComponent(page);
  return (
    <>
      <PageMeta def={def} />
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </>
  );
}
