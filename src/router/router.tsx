// The route tree, built from ROUTES (src/shared/routes.ts): a root shell route, then one pathless
// layout route per area (auth, static, dash) holding that area's pages; the catch-all shows the 404
// page inside the static layout. The browser renders it with <BrowserRouter> + useRoutes and the
// server with <StaticRouter> (src/entry-server.tsx): the declarative router is a third of the data
// router's size, and the app needs none of its loaders or actions.
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { appRoutesLoaded, matchRoute, subscribeAppRoutes, type RouteDef } from '../shared/routes.ts';
import StaticLayout from '../shell/StaticLayout.tsx';
import { RouteError } from '../shell/ErrorBoundary.tsx';
import { setNavigate } from '../shell/navigation.ts';
import { Root } from '../App.tsx';
import { PageLoading, RoutePage } from './RoutePage.tsx';
import { importWhenOnline } from './code-on-network.ts';

export const NOT_FOUND_PAGE = 'static/NotFound';

// The dashboard layout (navbar and its counts) is only for signed-in screens, the auth layout for
// the sign-in screens: each its own chunk. Neither is server-rendered.
const DashLayout = lazy(() => importWhenOnline(() => import('../shell/DashLayout.tsx')));
const AuthLayout = lazy(() => importWhenOnline(() => import('../shell/AuthLayout.tsx')));

function LazyDashLayout() {
  return (
    <Suspense fallback={<PageLoading />}>
      <DashLayout />
    </Suspense>
  );
}

function LazyAuthLayout() {
  return (
    <Suspense fallback={<PageLoading />}>
      <AuthLayout />
    </Suspense>
  );
}

export function areaOf(def: RouteDef): 'auth' | 'static' | 'dash' {
  const prefix = def.name.split('/')[0];
  return prefix === 'auth' ? 'auth' : prefix === 'static' ? 'static' : 'dash';
}

function child(def: RouteDef): RouteObject {
  return { path: def.path, element: <RoutePage def={def} page={def.page} /> };
}

export function buildRoutes(routes: RouteDef[]): RouteObject[] {
  const by = (area: 'auth' | 'static' | 'dash') => routes.filter((d) => areaOf(d) === area).map(child);
  return [
    {
      element: <Root />,
      // Used by data routers (the unit tests' memory router); the app's own boundary is in Root.
      errorElement: <RouteError />,
      children: [
        { element: <LazyAuthLayout />, children: by('auth') },
        {
          element: <StaticLayout />,
          children: [...by('static'), { path: '*', element: <RoutePage def={undefined} page={NOT_FOUND_PAGE} /> }],
        },
        { element: <LazyDashLayout />, children: by('dash') },
      ],
    },
  ];
}

// React Router compiles a regular expression for every branch of the tree each time it matches a
// location (about 180 branches here: tens of milliseconds of a phone's start-up, in one task,
// issue 12 TBT). The route table already knows which route a path is (its patterns are compiled
// once), so the router gets the tree with that route alone (or only the 404 catch-all). Same
// element types at the same places, so layouts stay mounted across navigations as before.
const trees = new Map<RouteDef | undefined, RouteObject[]>();
function treeFor(def: RouteDef | undefined): RouteObject[] {
  let tree = trees.get(def);
  if (!tree) trees.set(def, (tree = buildRoutes(def ? [def] : [])));
  return tree;
}

/** The app's routes, for <BrowserRouter> (main.tsx) and <StaticRouter> (entry-server.tsx). A path
 *  that no public page matches waits for the rest of the route table (loadAppRoutes) before it is
 *  called unknown: a link followed in the moment between a public page's hydration and that load. */
export function AppRoutes() {
  const def = matchRoute(useLocation().pathname);
  // Only an unmatched path waits on the rest of the table. A matched page's snapshot never
  // changes, so the table arriving while a public page hydrates (a transition, in slices) does
  // not make React redo the hydration in one synchronous pass (issue 12, TBT).
  const known = () => def !== undefined || appRoutesLoaded();
  const complete = useSyncExternalStore(subscribeAppRoutes, known, known);
  const tree = treeFor(def);
  const routes = useRoutes(tree);
  return def || complete ? routes : <PageLoading />;
}

/** Lets non-React code (the API client's 401 rule, logout) navigate with the router. */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigate((to, opts) => void navigate(to, opts)), [navigate]);
  return null;
}
