// How /admin/cupoane writes a coupon's validity and uses: a form-made coupon ends at the midnight
// after its last day (that day is shown, "inclusiv"); a disabled one at a moment (shown with time).
import { describe, expect, it } from 'vitest';
import { packagesLabel, usesLabel, validityLabel, valueLabel } from '../../src/pages/dash/admin/coupons/format.ts';
import type { PremiumPackage } from '../../src/shared/payment-payloads.ts';

describe('admin coupon format', () => {
  it('shows whole Bucharest days for form-made dates and the time for a disabled end', () => {
    // 1 January 00:00 EET and 1 August 00:00 EEST: from 1 Jan through 31 Jul.
    expect(validityLabel({ valid_from: '2025-12-31T22:00:00.000Z', valid_until: '2026-07-31T21:00:00.000Z' })).toBe(
      'din 1 ian. 2026, până pe 31 iul. 2026 inclusiv',
    );
    expect(validityLabel({ valid_from: null, valid_until: null })).toBe('de oricând, fără termen');
    expect(validityLabel({ valid_from: null, valid_until: '2026-05-09T11:03:00.000Z' })).toBe('de oricând, până la 9 mai 2026, 14:03');
  });

  it('values, uses and packages', () => {
    expect(valueLabel({ kind: 'percent', percent_off: 15, premium_days: null })).toBe('15% reducere');
    expect(valueLabel({ kind: 'days', percent_off: null, premium_days: 1 })).toBe('1 zi de Premium');
    expect(usesLabel({ kind: 'days', uses: 2, used: 2, max_uses: null })).toBe('2 (fără limită)');
    expect(usesLabel({ kind: 'percent', uses: 1, used: 0, max_uses: 100 })).toBe('1 din 100 · 0 la plată');
    const pk = [{ id: 3, months: 12 }] as PremiumPackage[];
    expect(packagesLabel(null, pk)).toBe('Toate pachetele');
    expect(packagesLabel([3, 9], pk)).toBe('12 luni, pachetul #9');
  });
});

describe("the candidate's coupon end (/setari/cupoane)", () => {
  it('names the last valid day, not the midnight after it; a moment with its hour', async () => {
    const { untilLabel } = await import('../../src/pages/dash/premium/format.ts');
    // The midnight after 31 July (EEST): valid through 31 July.
    expect(untilLabel('2026-07-31T21:00:00.000Z')).toBe('până pe 31 iulie 2026 inclusiv');
    // The midnight after 31 December (EET).
    expect(untilLabel('2026-12-31T22:00:00.000Z')).toBe('până pe 31 decembrie 2026 inclusiv');
    expect(untilLabel('2026-05-09T11:03:00.000Z')).toBe('până pe 9 mai 2026, ora 14:03');
  });
});
