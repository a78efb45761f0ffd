// The sign-in and signed-in screens' half of routing, loaded after a public page's first paint
// (issue 12 §2): their routes (src/shared/routes-app.ts) and the access guard (guard.ts), which
// the public pages never need, since a static page and the 404 page are open to everyone.
import { registerAppRoutes, type RouteDef } from '../shared/routes.ts';

type RedirectFor = (def: RouteDef, pathname: string, search: string) => string | null;

let loading: Promise<void> | undefined;
let guarded: RedirectFor | undefined;

/** Loads the rest of the route table and the guard (once); resolves when matchRoute knows every route. */
export function loadAppRoutes(): Promise<void> {
  loading ??= import('./app-routing.ts').then((m) => {
    // The guard first: a route of this half is matched only once it can be guarded.
    guarded = (def, pathname, search) => m.guard(def, m.readGuardState(pathname, search));
    registerAppRoutes(m.APP_ROUTES);
  });
  return loading;
}

/** Where opening a route sends the visitor instead (SPEC §4), or null to stay. */
export function redirectFor(def: RouteDef | undefined, pathname: string, search: string): string | null {
  if (!def || def.name.startsWith('static/')) return null;
  if (!guarded) throw new Error(`route ${def.name} matched before the guard was loaded`);
  return guarded(def, pathname, search);
}
