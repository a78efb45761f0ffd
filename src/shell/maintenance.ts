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
