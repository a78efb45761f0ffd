// The data router, built from ROUTES (src/shared/routes.ts): a root shell route, then one
// pathless layout route per area (auth, static, dash) holding that area's pages; the catch-all
// shows the 404 page inside the static layout.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES, type RouteDef } from '../shared/routes.ts';
import { AuthLayout, DashLayout, StaticLayout, type RouteHandle } from '../shell/layouts.tsx';
import { RouteError } from '../shell/ErrorBoundary.tsx';
import { Root } from '../App.tsx';
import { RoutePage } from './RoutePage.tsx';

export const NOT_FOUND_PAGE = 'static/NotFound';

export function areaOf(def: RouteDef): 'auth' | 'static' | 'dash' {
  const prefix = def.name.split('/')[0];
  return prefix === 'auth' ? 'auth' : prefix === 'static' ? 'static' : 'dash';
}

function child(def: RouteDef): RouteObject {
  const handle: RouteHandle = { def };
  return { path: def.path, element: <RoutePage def={def} page={def.page} />, handle };
}

export function buildRoutes(routes: RouteDef[] = ROUTES): RouteObject[] {
  const by = (area: 'auth' | 'static' | 'dash') => routes.filter((d) => areaOf(d) === area).map(child);
  return [
    {
      element: <Root />,
      errorElement: <RouteError />,
      children: [
        { element: <AuthLayout />, children: by('auth') },
        {
          element: <StaticLayout />,
          children: [...by('static'), { path: '*', element: <RoutePage def={undefined} page={NOT_FOUND_PAGE} />, handle: {} }],
        },
        { element: <DashLayout />, children: by('dash') },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
