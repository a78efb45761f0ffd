// How the premium screens write packages, prices and dates in Romanian.
import { formatLei } from '../../../shared/payment-rules.ts';
import type { PremiumPackage } from '../../../shared/payment-payloads.ts';

export { formatLei };

export const monthsLabel = (n: number) => (n === 1 ? '1 lună' : n < 20 ? `${n} luni` : `${n} de luni`);

export const packageTitle = (p: Pick<PremiumPackage, 'months'>) => `Premium ${monthsLabel(p.months)}`;

/** "23 decembrie 2026". */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('ro-RO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Bucharest' });

/** "28 februarie 2027, 14:05": where one period ends and the next begins the same day, the hour
 *  tells them apart (issue 32 §1: both showed "28 februarie"). */
export const longDateTime = (iso: string) =>
  new Date(iso).toLocaleString('ro-RO', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Bucharest',
  });

/** The one convention for premium days, said where they are counted (page, invoice): the day a
 *  period starts and the day it ends both have premium; "Încă N zile" counts the days after today. */
export const DAYS_CONVENTION =
  'Zilele rămase se numără după ziua de azi. Ziua în care începe o perioadă și ziua în care se termină au amândouă Premium, până la ora arătată.';

/** "14:30", Romanian time. */
export const bucharestTime = (t: number) =>
  new Date(t).toLocaleTimeString('ro-RO', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Bucharest' });
/** A validity end at the midnight after a whole day (coupons made for whole days end so). */
export const isBucharestMidnight = (t: number) => bucharestTime(t) === '00:00';

/**
 * The end of a validity: "până pe 31 iulie 2026 inclusiv" for one that ends at the midnight after
 * that day (printing the stored date would name the day after), else the day and the hour.
 */
export function untilLabel(iso: string): string {
  const t = Date.parse(iso);
  return isBucharestMidnight(t) ? `până pe ${longDate(new Date(t - 1).toISOString())} inclusiv` : `până pe ${longDate(iso)}, ora ${bucharestTime(t)}`;
}

/** The saving against paying the one-month package every month, in whole percent (0 for none). */
export function savingPercent(p: PremiumPackage, monthly: PremiumPackage | undefined): number {
  if (!monthly || p.months === 1) return 0;
  return Math.max(0, Math.round((1 - p.price_bani / (monthly.price_bani * p.months)) * 100));
}

/** A v4 UUID, also outside a secure context (crypto.randomUUID needs one). */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * What to tell about an order that did not succeed: its card's code when it failed; a canceled
 * order was replaced by a newer attempt before any money moved (issue 23 §1: never "Cardul a fost
 * refuzat." for it, least of all to an account that the newer attempt has just made premium).
 */
export function orderProblem(order: { status: string; failure_code: string | null }): string {
  if (order.status === 'canceled') return 'FORM_PAYMENT_REPLACED';
  return order.failure_code ?? 'FORM_CARD_DECLINED';
}
