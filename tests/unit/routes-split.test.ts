import { describe, expect, it } from 'vitest';
import { APP_ROUTES, ROUTES } from '../../src/shared/routes-app.ts';
import { STATIC_ROUTES, routePattern, type RouteDef } from '../../src/shared/routes.ts';

// The route table arrives in two halves (routes.ts first, routes-app.ts after the first paint);
// matchRoute is only order-independent if no path of one half is taken by a route of the other.
function samplePaths(route: RouteDef): string[] {
  const filled = route.path.replace(/:[a-zA-Z]+/g, 'x1');
  return [filled, filled === '/' ? '/' : `${filled}/`];
}
function matches(route: RouteDef, path: string): boolean {
  return routePattern(route.path).test(path);
}

describe('route table halves (issue 12 §2)', () => {
  it('no public path matches a signed-in route, and no signed-in path a public route', () => {
    const crossings: string[] = [];
    for (const [mine, other] of [
      [STATIC_ROUTES, APP_ROUTES],
      [APP_ROUTES, STATIC_ROUTES],
    ] as const) {
      for (const route of mine) {
        for (const path of samplePaths(route)) {
          const hit = other.find((o) => matches(o, path));
          if (hit) crossings.push(`${path} (${route.name}) ~ ${hit.name}`);
        }
      }
    }
    expect(crossings).toEqual([]);
  });

  it('the halves hold every route once: static/* in the first, auth/ and dash/ in the second', () => {
    expect(STATIC_ROUTES.every((r) => r.name.startsWith('static/'))).toBe(true);
    expect(APP_ROUTES.every((r) => r.name.startsWith('auth/') || r.name.startsWith('dash/'))).toBe(true);
    const names = ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(ROUTES.length).toBe(STATIC_ROUTES.length + APP_ROUTES.length);
  });

  it('the check above would catch a crossing', () => {
    const clash: RouteDef = { name: 'dash/x', path: '/cursuri/:manual', access: 'auth', title: 'x', page: 'x' };
    expect(STATIC_ROUTES.some((s) => samplePaths(clash).some((p) => matches(s, p)))).toBe(true);
  });
});
