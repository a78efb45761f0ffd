// Pure navigation-bar rules of SPEC §2/§4 (premium display, badges, logo target, active links).
import type { LayoutCounts, TestsCount } from '../shared/types.ts';
import { plural } from '../shared/ro-count.ts';

export type PremiumDisplay = { kind: 'banner'; text: string } | { kind: 'days'; text: string };

/** -1 'Spre buget!' banner; 0 last day; 1 one more day; N days left. */
export function premiumDisplay(days: number): PremiumDisplay {
  if (days < 0) return { kind: 'banner', text: 'Spre buget!' };
  if (days === 0) return { kind: 'days', text: 'Ultima zi de Premium' };
  if (days === 1) return { kind: 'days', text: 'Încă o zi de Premium' };
  return { kind: 'days', text: `Încă ${zile(days)} de Premium` };
}

/** "12 zile", "20 de zile" (src/shared/ro-count.ts). */
export function zile(n: number): string {
  return plural(n, 'zi', 'zile');
}

export function isPremiumUser(user: { remaining_premium_days: number; is_premium?: boolean } | null | undefined): boolean {
  return Boolean(user && (user.is_premium || user.remaining_premium_days >= 0));
}

/** Notifications badge: the server count plus one while the announcement is unseen. */
export function notificationsBadge(counts: LayoutCounts, hasSeenAnnouncement: boolean): number {
  return counts.notifications + (hasSeenAnnouncement ? 0 : 1);
}

/** Logo: / when signed out; signed in: /statistici with any abandoned/finished/unfinished test, else /teste. */
export function logoTarget(signedIn: boolean, testsCount: TestsCount | null): string {
  if (!signedIn) return '/';
  if (testsCount && (testsCount.abandoned > 0 || testsCount.finished > 0 || testsCount.unfinished > 0)) return '/statistici';
  return '/teste';
}

/** /cont is active for the account and settings sections except help. */
export function isAccountActive(pathname: string): boolean {
  if (pathname === '/cont/ajutor' || pathname.startsWith('/cont/ajutor/')) return false;
  return pathname === '/cont' || pathname.startsWith('/cont/') || pathname === '/setari' || pathname.startsWith('/setari/');
}

/** First word of the user's name. */
export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/u)[0] ?? '';
}

/**
 * How to greet the user (issue 23 §3): what they asked to be called, else the full name. Not the
 * first word: the sign-up asks "Popescu Ana", so that word is often the family name.
 */
export { callName } from '../shared/call-name.ts';

export function badgeText(n: number): string {
  return n > 99 ? '99+' : String(n);
}

export function communityFutureTab(product: string): string {
  return `viitorul-${product.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-')}`;
}
