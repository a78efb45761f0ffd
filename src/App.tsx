// The root of every screen: maintenance page (replaces the screens that need the server), development
// banner, the routed layout inside an error boundary, then the client-only extras (scroll on
// navigation, toasts, cookie banner, modals, PWA slot), which load as their own chunk once the
// page is live: the server does not render them and the first paint of a public page does not
// wait for them.
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSnapshot } from 'valtio';
import { app } from './state/app.ts';
import { replacedByMaintenance } from './shell/maintenance.ts';
import { DevBanner } from './shell/DevBanner.tsx';
import { ErrorBoundary } from './shell/ErrorBoundary.tsx';
import { useCurrentRouteDef } from './shell/layouts.tsx';
import { useHydrated } from './ssr/hydration.ts';
import type { RouteDef } from './shared/routes.ts';
import { PageLoading } from './router/RoutePage.tsx';

const ClientExtras = lazy(() => import('./shell/ClientExtras.tsx'));
const Toasts = lazy(() => import('./shell/Toasts.tsx').then((m) => ({ default: m.Toasts })));
// Shown only while the server is in maintenance: not part of any first load.
const MaintenancePage = lazy(() => import('./shell/MaintenancePage.tsx').then((m) => ({ default: m.MaintenancePage })));

/** The client-only extras, once hydrated. Its own component: the end of hydration re-renders only
 *  this (synchronously), not the whole page below the root (issue 12, TBT). */
function AfterHydration({ route }: { route: RouteDef | undefined }) {
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={null}>
      <ClientExtras route={route} />
    </Suspense>
  ) : null;
}

export function Root() {
  const { maintenance } = useSnapshot(app);
  const def = useCurrentRouteDef();
  // Maintenance replaces the screens that need the server; a test on the device stays solvable.
  if (maintenance && replacedByMaintenance(def?.name)) {
    return (
      <>
        <Suspense fallback={<PageLoading />}>
          <MaintenancePage />
        </Suspense>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      </>
    );
  }
  return (
    <>
      <DevBanner />
      <ErrorBoundary>
        <Outlet />
      </ErrorBoundary>
      <AfterHydration route={def} />
    </>
  );
}

export default Root;
