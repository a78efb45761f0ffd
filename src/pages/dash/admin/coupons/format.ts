// How /admin/cupoane writes a coupon: its value, validity (Romanian time), uses, packages, state.
import type { AdminCoupon, CouponState } from '../../../../shared/coupon-payloads.ts';
import type { PremiumPackage } from '../../../../shared/payment-payloads.ts';
import { bucharestTime as time, isBucharestMidnight as isMidnight, monthsLabel } from '../../premium/format.ts';

const day = (t: number) => new Date(t).toLocaleDateString('ro-RO', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Bucharest' });

export function valueLabel(c: Pick<AdminCoupon, 'kind' | 'percent_off' | 'premium_days'>): string {
  if (c.kind === 'percent') return `${c.percent_off}% reducere`;
  if (c.kind === 'days') return c.premium_days === 1 ? '1 zi de Premium' : `${c.premium_days} zile de Premium`;
  return `${c.premium_days} zile + ${c.percent_off}% (aniversar)`;
}

/**
 * "1 ian. 2026 – 31 iul. 2026". A coupon made by the form ends at the midnight after its last day,
 * so that last day is shown; one ended by "Dezactivează" ends at a moment, shown with its time.
 */
export function validityLabel(c: Pick<AdminCoupon, 'valid_from' | 'valid_until'>): string {
  const from = c.valid_from ? Date.parse(c.valid_from) : null;
  const until = c.valid_until ? Date.parse(c.valid_until) : null;
  const start = from === null ? 'de oricând' : isMidnight(from) ? `din ${day(from)}` : `din ${day(from)}, ${time(from)}`;
  const end = until === null ? 'fără termen' : isMidnight(until) ? `până pe ${day(until - 1)} inclusiv` : `până la ${day(until)}, ${time(until)}`;
  return `${start}, ${end}`;
}

export function usesLabel(c: Pick<AdminCoupon, 'uses' | 'used' | 'max_uses' | 'kind'>): string {
  const claimed = c.max_uses === null ? `${c.uses} (fără limită)` : `${c.uses} din ${c.max_uses}`;
  // A days coupon is used when claimed; a discount only when a paid order takes it.
  return c.kind === 'days' ? claimed : `${claimed} · ${c.used} la plată`;
}

export function packagesLabel(ids: number[] | null, packages: readonly PremiumPackage[]): string {
  if (!ids) return 'Toate pachetele';
  return ids.map((id) => {
    const p = packages.find((x) => x.id === id);
    return p ? monthsLabel(p.months) : `pachetul #${id}`;
  }).join(', ');
}

export const STATE_LABEL: Record<CouponState, string> = {
  active: 'Activ',
  scheduled: 'Programat',
  exhausted: 'Epuizat',
  ended: 'Încheiat',
};
export const STATE_PILL: Record<CouponState, string> = {
  active: 'pill--ok',
  scheduled: 'pill--unfinished',
  exhausted: 'pill--offline',
  ended: 'pill--bad',
};
