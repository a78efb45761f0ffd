// Where to go after signing in (pure, unit-tested): a same-site ?redirect= path when safe,
// else by the user's flags (SPEC §4 access guard order).
import type { User } from '../../shared/types.ts';

type FlagUser = Pick<User, 'email_verified_at' | 'manual_id' | 'specialization_id' | 'center_id'>;

/** Auth screens make no sense as a post-login target (they would bounce or loop). */
const NOT_A_TARGET = ['/conectare', '/inregistrare', '/recuperare-parola', '/resetare-parola'];

/**
 * The redirect parameter as a same-site path (path + query + hash), or null. Rejects absolute
 * URLs (`https:`, `javascript:`), protocol-relative `//host` and `/\host`, control characters,
 * and auth screens.
 */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://grilio.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://grilio.invalid') return null;
  const pathname = url.pathname.replace(/\/+$/u, '') || '/';
  if (NOT_A_TARGET.includes(pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Target by flags: not verified → /verifica-email, profile incomplete → /inca-un-pas, else /teste. */
export function flagTarget(user: FlagUser): string {
  if (!user.email_verified_at) return '/verifica-email';
  if (user.manual_id == null || user.specialization_id == null || user.center_id == null) return '/inca-un-pas';
  return '/teste';
}

/** After login: the ?redirect= path if safe, else a saved redirect if safe, else by flags. */
export function afterLoginPath(user: FlagUser, redirect?: string | null, saved?: string | null): string {
  return safeRedirect(redirect) ?? safeRedirect(saved) ?? flagTarget(user);
}
