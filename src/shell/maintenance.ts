import { RELOAD_COOLDOWN_S } from '../shared/constants.ts';

/** Seconds the reload button stays disabled after a reload at `lastRefresh` (ms), 0 when free. */
export function reloadCooldownLeft(lastRefresh: string | null, now: number): number {
  const at = lastRefresh ? Number(lastRefresh) : NaN;
  if (!Number.isFinite(at) || at > now) return 0;
  const left = RELOAD_COOLDOWN_S - Math.floor((now - at) / 1000);
  return left > 0 ? Math.min(RELOAD_COOLDOWN_S, left) : 0;
}

export function reloadLabel(secondsLeft: number): string {
  return secondsLeft > 0 ? `Reîncarcă pagina (${secondsLeft}s)` : 'Reîncarcă pagina';
}

/**
 * Screens that work from the data on the device: while maintenance is on they stay (under a
 * banner) instead of being replaced by the maintenance page — a test stored on the device stays
 * solvable and its answers queue (issue 11 §1). Every other screen needs the server.
 */
export const WORKS_FROM_DEVICE: ReadonlySet<string> = new Set(['dash/test-solve', 'dash/test-results', 'dash/tests-history']);

export function replacedByMaintenance(routeName: string | undefined): boolean {
  return !routeName || !WORKS_FROM_DEVICE.has(routeName);
}

export const MAINTENANCE_BANNER_TEXT =
  'Serverul este în mentenanță. Poți continua: răspunsurile rămân pe acest dispozitiv și se trimit automat când serverul revine.';
