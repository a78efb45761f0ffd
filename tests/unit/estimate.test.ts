// Issue 11 §4.12: a grade under a centre whose rules are not confirmed (`known: false`) is an
// estimate wherever it is shown (results score card and centres table, history).
import { describe, it, expect } from 'vitest';
import { DEFAULT_SCORING_PROFILES } from '../../src/shared/scoring-profiles.ts';
import { ESTIMATE_EXPLANATION, isEstimateProfile } from '../../src/components/practice/Estimate.tsx';

describe('isEstimateProfile', () => {
  it('follows `known` of every profile', () => {
    for (const p of DEFAULT_SCORING_PROFILES) expect(isEstimateProfile(p.slug), p.slug).toBe(!p.known);
    expect(DEFAULT_SCORING_PROFILES.some((p) => p.known)).toBe(true);
    expect(DEFAULT_SCORING_PROFILES.some((p) => !p.known)).toBe(true);
  });

  it('no profile (or one the app does not know) is not labelled', () => {
    expect(isEstimateProfile(null)).toBe(false);
    expect(isEstimateProfile('centru-necunoscut')).toBe(false);
  });

  it('the explanation says why and that it is not official', () => {
    expect(ESTIMATE_EXPLANATION).toMatch(/^Estimare: /);
    expect(ESTIMATE_EXPLANATION).toContain('nu sunt confirmate');
    expect(ESTIMATE_EXPLANATION).toContain('Nu este un rezultat oficial');
  });
});
