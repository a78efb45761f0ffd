// Issue 31 §1: the review page's line for cards due later today (the plan counts them as today's).
import { describe, expect, it } from 'vitest';
import { laterTodayText } from '../../src/shared/review-today.ts';

const now = new Date('2026-12-01T15:00:00Z'); // 17:00 in Bucharest (EET, UTC+2)

describe('laterTodayText', () => {
  it('says how many are due today and in how many minutes the first is', () => {
    expect(laterTodayText(5, '2026-12-01T15:08:30Z', now)).toBe('5 grile de recapitulat azi, prima peste 9 min');
    expect(laterTodayText(1, '2026-12-01T15:00:10Z', now)).toBe('1 grilă de recapitulat azi, peste 1 min');
  });
  it('gives the Bucharest hour when the first is an hour away or more', () => {
    expect(laterTodayText(20, '2026-12-01T16:40:00Z', now)).toBe('20 de grile de recapitulat azi, prima la 18:40');
  });
  it('is null with nothing left today', () => {
    expect(laterTodayText(0, '2026-12-03T10:00:00Z', now)).toBeNull();
    expect(laterTodayText(3, null, now)).toBeNull();
  });
});
