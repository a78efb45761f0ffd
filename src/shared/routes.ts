// The route table of SPEC §2: name (prefix auth/, dash/ or static/), path, access and Romanian title.
// The app builds its router and its guard from it; the server uses it for page titles of public pages.
// Split in two (issue 12 §2): the public pages' routes are here, in every first load; the sign-in
// and signed-in screens' routes (routes-app.ts) join them through registerAppRoutes: the browser
// loads them after a public page's first paint (src/router/route-loader.ts), the server at start.

export type Access = 'auth' | 'public' | 'none';

export type RouteDef = {
  name: string;
  path: string;
  access: Access;
  title: string;
  /** Page module under src/pages/, without extension (the router lazy-loads it). */
  page: string;
  /** Dashboard layout options (SPEC §2). */
  noNavbar?: boolean;
  messagesLayout?: boolean;
  /** A page to read (issue 24 §1): for a visitor it stays the server's HTML, never hydrated; only
   *  its islands (src/islands/) come alive, on interaction or when seen. */
  islands?: boolean;
};

export const r = (name: string, path: string, access: Access, title: string, extra: Pick<RouteDef, 'page'> & Partial<RouteDef>): RouteDef => ({
  name,
  path,
  access,
  title,
  ...extra,
});

export const STATIC_ROUTES: RouteDef[] = [
  // Public static pages
  r('static/home', '/', 'public', 'Acasă', { page: 'static/Home', islands: true }),
  r('static/about', '/despre-noi', 'public', 'Despre noi', { page: 'static/About', islands: true }),
  r('static/contact', '/contact', 'public', 'Contact', { page: 'static/Contact' }),
  r('static/courses', '/cursuri', 'public', 'Cursuri', { page: 'static/Courses', islands: true }),
  r('static/course', '/cursuri/:manual', 'public', 'Capitole', { page: 'static/Course', islands: true }),
  r('static/chapter', '/cursuri/:manual/:chapter', 'public', 'Capitol', { page: 'static/Chapter', islands: true }),
  r('static/community', '/comunitate', 'public', 'Comunitate', { page: 'static/Community' }),
  r('static/faqs', '/faqs', 'public', 'Întrebări frecvente', { page: 'static/Faqs', islands: true }),
  r('static/join', '/intra-in-familie', 'public', 'Intră în familie', { page: 'static/Join' }),
  r('static/privacy', '/legal/politica-de-confidentialitate', 'public', 'Politica de confidențialitate', { page: 'static/Privacy', islands: true }),
  r('static/terms', '/legal/termeni', 'public', 'Termeni și condiții', { page: 'static/Terms', islands: true }),
  r('static/story-coupon', '/story/coupon', 'public', 'Cupon aniversar', { page: 'static/StoryCoupon' }),
  r('static/test', '/test', 'public', 'Test', { page: 'static/TestPlaceholder' }),
];

export const NOT_FOUND_TITLE = 'Pagina nu a fost găsită';
export const TITLE_SEPARATOR = ' | ';

/** Page title: route title, separator, product name; the solve screen appends the test id. */
export function pageTitle(route: Pick<RouteDef, 'title' | 'name'> | undefined, product: string, id?: string): string {
  const base = route ? route.title : NOT_FOUND_TITLE;
  const withId = route?.name === 'dash/test-solve' && id ? `${base} #${id}` : base;
  return `${withId}${TITLE_SEPARATOR}${product}`;
}

/** Body marker by route prefix (SPEC §2): auth, dash, static, or 'static courses' for public courses. */
export function bodyMarker(name: string | undefined): string {
  if (!name) return 'static';
  if (name === 'static/courses' || name === 'static/course' || name === 'static/chapter') return 'static courses';
  return name.split('/')[0] ?? 'static';
}

/** The pattern a route path compiles to: each :param is one path segment, a trailing slash optional. */
export function routePattern(path: string): RegExp {
  const pattern = path.replace(/:[a-zA-Z]+/g, '[^/]+');
  return new RegExp(`^${pattern}/?$`);
}

// The routes known so far, patterns compiled once. No path of one half matches a route of the
// other, so the order in which the halves arrive does not change which route a path is.
const compiled = STATIC_ROUTES.map((route) => ({ route, re: routePattern(route.path) }));
let appRoutesReady = false;
const listeners = new Set<() => void>();

/** Adds the sign-in and signed-in screens' routes (APP_ROUTES of routes-app.ts), once. */
export function registerAppRoutes(routes: RouteDef[]): void {
  if (appRoutesReady) return;
  compiled.unshift(...routes.map((route) => ({ route, re: routePattern(route.path) })));
  appRoutesReady = true;
  listeners.forEach((l) => l());
}

/** Whether matchRoute knows every route yet (an unmatched path is then truly unknown: the 404 page). */
export function appRoutesLoaded(): boolean {
  return appRoutesReady;
}

/** For useSyncExternalStore: called once, when the rest of the route table arrives. */
export function subscribeAppRoutes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The route a pathname matches, first match wins (each half puts literals before params). */
export function matchRoute(pathname: string): RouteDef | undefined {
  return compiled.find((c) => c.re.test(pathname))?.route;
}
