// Access guard of SPEC §4 as a pure function: the route being opened and the stored flags
// give either a redirect target or null (stay).
import type { RouteDef } from '../shared/routes.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import { loginUrl } from './unauthorized.ts';

export type GuardState = {
  token: boolean;
  emailVerified: boolean;
  profileCompleted: boolean;
  /** Current path and query, used for the login redirect parameter. */
  pathname: string;
  search?: string;
};

export const HOME_AFTER_LOGIN = '/cont/premium';
export const VERIFY_EMAIL = '/verifica-email';
export const ALMOST_THERE = '/inca-un-pas';

/** Public routes a signed-in user may still open (besides static/ pages and unnamed routes). */
export const SIGNED_IN_PUBLIC_EXCEPTIONS = ['/confirma-email', '/recuperare-parola', '/teste/grile/preview'];

export function guard(route: Pick<RouteDef, 'name' | 'path' | 'access'> | undefined, state: GuardState): string | null {
  // Unnamed routes (the 404 page) are never redirected.
  if (!route || !route.name) return null;

  if (route.access === 'auth') {
    if (!state.token) return loginUrl(state.pathname, state.search ?? '');
    if (!state.emailVerified) return route.path === VERIFY_EMAIL ? null : VERIFY_EMAIL;
    if (!state.profileCompleted) return route.path === ALMOST_THERE ? null : ALMOST_THERE;
    if (route.path === VERIFY_EMAIL || route.path === ALMOST_THERE) return HOME_AFTER_LOGIN;
    return null;
  }

  // Routes without a login requirement ('public') and the one without an access flag ('none').
  if (!state.token) return null;
  if (route.access === 'none') return null;
  if (route.name.startsWith('static/')) return null;
  if (SIGNED_IN_PUBLIC_EXCEPTIONS.includes(route.path)) return null;
  return HOME_AFTER_LOGIN;
}

/** Reads the guard flags from localStorage. */
export function readGuardState(pathname: string, search = '', storage: Pick<Storage, 'getItem'> = safeStorage()): GuardState {
  return {
    token: Boolean(storage.getItem(STORAGE.token)),
    emailVerified: storage.getItem(STORAGE.emailVerified) === '1',
    profileCompleted: storage.getItem(STORAGE.profileCompleted) === '1',
    pathname,
    search,
  };
}

function safeStorage(): Pick<Storage, 'getItem'> {
  try {
    return window.localStorage;
  } catch {
    return { getItem: () => null };
  }
}
