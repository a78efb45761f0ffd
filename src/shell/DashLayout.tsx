// The dashboard layout of SPEC §2: navbar unless the route says noNavbar; messagesLayout for the
// messages screens. Its own module so the public pages' first load does not carry the navbar.
import { Outlet } from 'react-router';
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { Navbar } from './Navbar.tsx';
import { MaintenanceBanner } from './MaintenanceBanner.tsx';
import { SkipLink, useCurrentRouteDef } from './layouts.tsx';

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
