// 'Estimare' follows the scoring profiles as the admin last set them (/admin/punctare), kept on the
// device; without that word from the server, the built-in defaults decide.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn();
vi.mock('../../src/api/client.ts', () => ({ api: { get: (...a: unknown[]) => get(...a) } }));

beforeEach(() => {
  localStorage.clear();
  get.mockReset();
  vi.resetModules();
});

describe('isEstimateProfile', () => {
  it('uses the defaults without a word from the server, the admin-set flag with one', async () => {
    const { isEstimateProfile } = await import('../../src/components/practice/Estimate.tsx');
    expect(isEstimateProfile('timisoara')).toBe(false); // confirmed by default
    expect(isEstimateProfile('bucuresti')).toBe(true); // an estimate by default
    expect(isEstimateProfile('bucuresti', { bucuresti: true })).toBe(false);
    expect(isEstimateProfile('timisoara', { timisoara: false })).toBe(true);
    expect(isEstimateProfile('bucuresti', { timisoara: true })).toBe(true);
    expect(isEstimateProfile(null, { bucuresti: false })).toBe(false);
    expect(isEstimateProfile('nicaieri')).toBe(false);
  });
});

describe('scoring-known store', () => {
  it('loads the flags from GET /scoring-profiles, keeps them on the device, and reads them back at start', async () => {
    get.mockResolvedValue({ profiles: [{ slug: 'bucuresti', known: true }, { slug: 'timisoara', known: false }] });
    const first = await import('../../src/state/scoring-known.ts');
    expect(first.scoringKnown.bySlug).toEqual({});
    await first.refreshScoringKnown();
    await first.refreshScoringKnown(); // once per page life
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('scoring-profiles');
    expect(first.scoringKnown.bySlug).toEqual({ bucuresti: true, timisoara: false });
    vi.resetModules();
    const again = await import('../../src/state/scoring-known.ts');
    expect(again.scoringKnown.bySlug).toEqual({ bucuresti: true, timisoara: false });
  });

  it('a failed request keeps what the device had and is tried again; a malformed stored value is ignored', async () => {
    localStorage.setItem('scoring-known', '{"bucuresti":"da","iasi":true}');
    get.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ profiles: [{ slug: 'iasi', known: false }] });
    const m = await import('../../src/state/scoring-known.ts');
    expect(m.scoringKnown.bySlug).toEqual({ iasi: true });
    await m.refreshScoringKnown();
    expect(m.scoringKnown.bySlug).toEqual({ iasi: true });
    await m.refreshScoringKnown();
    expect(get).toHaveBeenCalledTimes(2);
    expect(m.scoringKnown.bySlug).toEqual({ iasi: false });
  });
});
