// Texts of the measured difficulty and the percentile among candidates (issue 31 §2).
import { describe, expect, it } from 'vitest';
import { formatPercent, measuredText, peerText } from '../../src/components/practice/measured.ts';
import { measuredBand } from '../../src/shared/item-stats.ts';

describe('measured difficulty texts', () => {
  it('says the share and the count with the Romanian plural', () => {
    expect(measuredText({ share: 0.62, answers: 148 })).toBe('62 % dintre candidați au răspuns corect (148 de răspunsuri)');
    expect(measuredText({ share: 0.625, answers: 30 })).toBe('63 % dintre candidați au răspuns corect (30 de răspunsuri)');
    expect(measuredText({ share: 1 / 3, answers: 101 })).toBe('33 % dintre candidați au răspuns corect (101 răspunsuri)');
    expect(formatPercent(0)).toBe('0 %');
  });

  it('puts a share in its band at the bounds', () => {
    expect(measuredBand(0.7)).toBe('easy');
    expect(measuredBand(0.6999)).toBe('medium');
    expect(measuredBand(0.4)).toBe('medium');
    expect(measuredBand(0.3999)).toBe('hard');
  });

  it('says the percentile, or why there is none', () => {
    expect(peerText({ ranked: true, percentile: 75, candidates_at_least: 20 })).toBe('Ești peste 75 % dintre candidați (din cel puțin 20)');
    expect(peerText({ ranked: true, percentile: 0, candidates_at_least: 40 })).toBe('Încă sub ceilalți candidați (din cel puțin 40)');
    expect(peerText({ ranked: false, reason: 'small_group' })).toBe('Fără poziție: sub 20 de candidați cu destule răspunsuri aici');
    expect(peerText({ ranked: false, reason: 'own_answers' })).toBe('Fără poziție: ai nevoie de cel puțin 20 de răspunsuri aici');
  });
});
