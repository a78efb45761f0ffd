// The three layouts of SPEC §2: auth, static (public header + footer) and dashboard
// (DashLayout.tsx: its own chunk, so the public pages do not load the navbar).
import { Outlet, useLocation } from 'react-router';
import { matchRoute, type RouteDef } from '../shared/routes.ts';
import { PublicHeader } from './PublicHeader.tsx';
import { Footer } from './Footer.tsx';
import { Logo } from './Logo.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import { Link } from 'react-router';

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

export function StaticLayout() {
  return (
    <div className="layout layout--static">
      <SkipLink />
      <PublicHeader />
      <main id="main" className="static-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
