// Numbers as the app shows them (issue 23 §4): Romanian decimal comma and at most two decimals, so
// a partial credit of 1/3 reads "0,33 / 1" rather than "0.333333 / 1".
export const POINT_DECIMALS = 2;

export function formatNumber(n: number, decimals = POINT_DECIMALS): string {
  return n.toLocaleString('ro-RO', { maximumFractionDigits: decimals });
}
