// The dashboard layout of SPEC §2: navbar unless the route says noNavbar; messagesLayout for the
// messages screens. Its own module so the public pages' first load does not carry the navbar.
import { lazy } from 'react';
import { Outlet } from 'react-router';
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { matchRoute } from '../shared/routes.ts';
import { MaintenanceBanner } from './MaintenanceBanner.tsx';
import { SkipLink, useCurrentRouteDef } from './layouts.tsx';

// The navbar is its own chunk: the solve screen (noNavbar) never loads it (issue 12 §2). It has no
// Suspense of its own, so a screen waits for it under the dashboard's loading view (never shown
// without it, nothing shifts); it starts loading with this module unless the first screen has none.
const loadNavbar = () => import('./Navbar.tsx');
const Navbar = lazy(() => loadNavbar().then((m) => ({ default: m.Navbar })));
if (typeof window !== 'undefined' && !matchRoute(window.location.pathname)?.noNavbar) void loadNavbar();

export default function DashLayout() {
  const def = useCurrentRouteDef();
  const { maintenance } = useSnapshot(app);
  const noNavbar = Boolean(def?.noNavbar);
  const messages = Boolean(def?.messagesLayout);
  return (
    <div className={`layout layout--dash${noNavbar ? ' layout--no-navbar' : ''}${messages ? ' layout--messages' : ''}`}>
      <SkipLink />
      {noNavbar ? null : <Navbar />}
      <main id="main" className="dash-main" tabIndex={-1}>
        {/* Maintenance with a screen that works from the device (the others show the maintenance page). */}
        {maintenance ? <MaintenanceBanner /> : null}
        <Outlet />
      </main>
    </div>
  );
}
