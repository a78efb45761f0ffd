// The three layouts of SPEC §2: auth, static (public header + footer) and dashboard
// (navbar unless the route says noNavbar; messagesLayout for the messages screens).
import { Outlet, useMatches } from 'react-router';
import type { RouteDef } from '../shared/routes.ts';
import { PublicHeader } from './PublicHeader.tsx';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';
import { Logo } from './Logo.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import { Link } from 'react-router';

export type RouteHandle = { def?: RouteDef };

/** The route definition of the deepest match (undefined on the 404 page). */
export function useCurrentRouteDef(): RouteDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const def = (matches[i].handle as RouteHandle | undefined)?.def;
    if (def) return def;
  }
  return undefined;
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

export function DashLayout() {
  const def = useCurrentRouteDef();
  const noNavbar = Boolean(def?.noNavbar);
  const messages = Boolean(def?.messagesLayout);
  return (
    <div className={`layout layout--dash${noNavbar ? ' layout--no-navbar' : ''}${messages ? ' layout--messages' : ''}`}>
      <SkipLink />
      {noNavbar ? null : <Navbar />}
      <main id="main" className="dash-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
