// The three layouts of SPEC §2: auth, static (public header + footer, StaticLayout.tsx) and
// dashboard (DashLayout.tsx); the last two are their own chunks, so the public pages do not load
// the navbar and the signed-in app does not load the public header and footer.
import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet, useLocation } from 'react-router';
import { matchRoute, type RouteDef } from '../shared/routes.ts';
import { PageLoading } from '../router/RoutePage.tsx';
import { Logo } from './Logo.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import { Link } from '../router/Link.tsx';

export type RouteHandle = { def?: RouteDef };

/** The route definition of the current path (undefined on the 404 page). Read from the route
 *  table rather than the router's matches, so it works the same in the browser and server routers. */
export function useCurrentRouteDef(): RouteDef | undefined {
  return matchRoute(useLocation().pathname);
}

export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Sari la conținut
    </a>
  );
}

export function AuthLayout() {
  return (
    <div className="layout layout--auth">
      <SkipLink />
      <header className="auth-header">
        <Logo />
        <ThemeSwitch />
      </header>
      <main id="main" className="auth-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="auth-footer">
        <Link to="/legal/termeni">Termeni</Link>
        <span aria-hidden="true">·</span>
        <Link to="/legal/politica-de-confidentialitate">Confidențialitate</Link>
        <span aria-hidden="true">·</span>
        <Link to="/contact">Contact</Link>
      </footer>
    </div>
  );
}

const loadStaticLayout = () => import('./StaticLayout.tsx');
const LazyStaticLayout = lazy(loadStaticLayout);
let loadedStaticLayout: ComponentType | null = null;
let chosenStaticLayout: ComponentType | null = null;

/** Loads the static layout so it renders at once: before hydrating server HTML (and on the
 *  server), nothing may suspend. */
export async function preloadStaticLayout(): Promise<void> {
  loadedStaticLayout ??= (await loadStaticLayout()).default;
}

export function StaticLayout() {
  // Chosen once: switching from the lazy wrapper to the loaded component would remount the page.
  chosenStaticLayout ??= loadedStaticLayout ?? LazyStaticLayout;
  const Layout = chosenStaticLayout;
  return (
    <Suspense fallback={<PageLoading />}>
      <Layout />
    </Suspense>
  );
}
