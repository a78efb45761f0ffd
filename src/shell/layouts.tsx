// What the three layouts of SPEC §2 share: auth (AuthLayout.tsx), static (public header + footer,
// StaticLayout.tsx) and dashboard (DashLayout.tsx). The static layout is in the entry chunk, as
// every server-rendered page paints with it; the other two are their own chunks, so the public
// pages load neither the navbar nor the sign-in frame.
import { useLocation } from 'react-router';
import { matchRoute, type RouteDef } from '../shared/routes.ts';

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
