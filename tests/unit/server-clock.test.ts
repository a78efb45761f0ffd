// The page's estimate of the server clock (src/shared/server-clock.ts): offset from the midpoint of
// a request, the tightest sample kept, an old one replaced, time left to a server instant.
import { describe, expect, it } from 'vitest';
import { clockSample, keepSample, msUntil, serverTime } from '../../src/shared/server-clock.ts';

describe('server clock', () => {
  it('takes the midpoint of the request: a device clock 5 s behind still counts to the server instant', () => {
    // Local monotonic 1000 → 1100; the server read its clock (5 s ahead of local) in between.
    const s = clockSample(1000, 1100, 5_000 + 1050)!;
    expect(s).toEqual({ offset: 5_000, rtt: 100, at: 1100 });
    expect(serverTime(s, 2000)).toBe(7_000);
    expect(msUntil(new Date(10_000).toISOString(), s, 2000)).toBe(3_000);
    expect(msUntil(new Date(1_000).toISOString(), s, 2000)).toBe(0);
    expect(msUntil(null, s, 2000)).toBe(0);
  });

  it('keeps the sample with the shortest round trip, unless it is older than 30 s', () => {
    const tight = clockSample(0, 20, 10)!;
    const loose = clockSample(100, 400, 400)!;
    expect(keepSample(tight, loose)).toBe(tight);
    expect(keepSample(loose, tight)).toBe(tight);
    const later = clockSample(40_000, 40_300, 40_150)!;
    expect(keepSample(tight, later)).toBe(later);
    expect(keepSample(null, loose)).toBe(loose);
    expect(keepSample(tight, null)).toBe(tight);
  });

  it('refuses a sample it cannot use', () => {
    expect(clockSample(10, 5, 0)).toBeNull();
    expect(clockSample(0, 5, 'not a date')).toBeNull();
  });
});
