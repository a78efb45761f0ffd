// premiumDaysLeft (issue 23 §1 "day counts one short"): calendar days of Bucharest, counted
// inclusively, one function for the server's user payload and the screens.
import { describe, expect, it } from 'vitest';
import { premiumDaysLeft } from '../../src/shared/premium-days.ts';

const DAY = 86_400_000;

describe('premiumDaysLeft', () => {
  it('-1 without premium or once it ended', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(premiumDaysLeft(null, now)).toBe(-1);
    expect(premiumDaysLeft(now, now)).toBe(-1);
    expect(premiumDaysLeft(new Date(now - 1), now)).toBe(-1);
  });

  it('a 3-day trial reads 3 days for the whole first day, not 2 a second after activation', () => {
    const start = Date.parse('2026-11-26T08:00:00Z'); // 10:00 in Bucharest
    const until = start + 3 * DAY;
    expect(premiumDaysLeft(until, start)).toBe(3);
    expect(premiumDaysLeft(until, start + 1000)).toBe(3);
    expect(premiumDaysLeft(until, start + 13 * 3600_000)).toBe(3); // 23:00 the same day
    expect(premiumDaysLeft(until, start + DAY)).toBe(2);
    expect(premiumDaysLeft(until, start + 2 * DAY)).toBe(1);
    // The day it ends: the last day.
    expect(premiumDaysLeft(until, start + 3 * DAY - 3600_000)).toBe(0);
  });

  it('a month bought on 26 November reads 30 days (not 29)', () => {
    const start = Date.parse('2026-11-26T12:00:00Z');
    expect(premiumDaysLeft('2026-12-26T12:00:00.000Z', start + 5000)).toBe(30);
  });

  it('premium ending at midnight in Bucharest ends the day before', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    // 2026-11-28 00:00 in Bucharest (UTC+2) is 27 November 22:00 UTC: the last day is the 27th.
    expect(premiumDaysLeft('2026-11-27T22:00:00.000Z', now)).toBe(1);
  });

  it('days are Bucharest days, across the summer-time change', () => {
    // 24 March 2026, 23:30 in Bucharest (UTC+2) → 31 March 2026, 10:00 (UTC+3): 7 calendar days.
    expect(premiumDaysLeft('2026-03-31T07:00:00.000Z', Date.parse('2026-03-24T21:30:00Z'))).toBe(7);
  });
});
