// SPEC §4 "Unauthorized (401)": which paths send the user to /conectare after a 401.
export function redirectsOn401(path: string): boolean {
  if (path === '/inca-un-pas' || path === '/favorite' || path === '/notificari' || path === '/statistici') return true;
  if (path.startsWith('/cont') && !path.startsWith('/contact')) return true;
  if (path.startsWith('/setari')) return true;
  if (path.startsWith('/teste') && !path.startsWith('/teste/grile/preview')) return true;
  return false;
}

/** Login URL that brings the user back to where they were. */
export function loginUrl(path: string, search = ''): string {
  return `/conectare?redirect=${encodeURIComponent(path + search)}`;
}
