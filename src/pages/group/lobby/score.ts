// Group scores as the rest of the app writes points: Romanian decimal comma, at most two decimals
// ("0,33 p", never "0.333333 p"), and ranks where equal scores share a place (1, 1, 3).

import { formatNumber } from '../../../shared/number-format.ts';

/** Points rounded to hundredths: what is shown is also what is compared. */
const cents = (n: number) => Math.round(n * 100);

export const formatPoints = (n: number) => `${formatNumber(cents(n) / 100)} p`;

/** Standard competition ranking over scores sorted high to low: 1 + how many scored more. */
export function ranks(scores: readonly number[]): number[] {
  return scores.map((s) => 1 + scores.filter((o) => cents(o) > cents(s)).length);
}
