// The answer-sheet classifier's thresholds (issue 22): a confident decision needs a clear margin
// from both the blank and the marked distributions of the sheet; what lies between goes to review.
import { describe, expect, it } from 'vitest';
import { decide, thresholds } from '../../server/modules/scans/omr/classify.ts';
import { gauss, rng } from '../../server/modules/scans/omr/random.ts';

const spot = (fill: number) => ({ low: fill, high: fill, fill });

describe('OMR thresholds', () => {
  it('a wide blank spread (a misaligned grid) never makes real marks confident blanks', () => {
    // The photo: blanks centred near 0.08 but spread wide (outlines measured as ink), real
    // pencil marks around 0.32. The old rule (blank centre + 5 spreads) put the line at 0.40.
    const r = rng(22);
    const blanks = Array.from({ length: 400 }, () => Math.max(0, 0.08 + gauss(r) * 0.06));
    const marks = Array.from({ length: 100 }, () => 0.32 + gauss(r) * 0.03);
    const t = thresholds([...blanks, ...marks]);
    expect(t.lo).toBeLessThan(Math.min(...marks));
    for (const m of marks) expect(decide(spot(m), t)).not.toBe('blank');
  });

  it('light marks and ticks between the clusters go to review, not to a confident blank', () => {
    const r = rng(5);
    const blanks = Array.from({ length: 380 }, () => Math.max(0, 0.03 + gauss(r) * 0.012));
    const pen = Array.from({ length: 110 }, () => 0.8 + gauss(r) * 0.06);
    const t = thresholds([...blanks, ...pen, 0.12, 0.16, 0.25, 0.4]);
    for (const f of [0.12, 0.16, 0.25, 0.4]) expect(decide(spot(f), t)).toBe('uncertain');
    for (const f of pen) expect(decide(spot(f), t)).toBe('marked');
    expect(blanks.filter((f) => decide(spot(f), t) !== 'blank')).toEqual([]);
  });

  it('a hard pencil pressed lightly is still a marked cluster, decided with confidence', () => {
    const r = rng(9);
    const blanks = Array.from({ length: 400 }, () => Math.max(0, 0.02 + gauss(r) * 0.01));
    const pencil = Array.from({ length: 100 }, () => 0.2 + gauss(r) * 0.025);
    const t = thresholds([...blanks, ...pencil]);
    expect(t.markCentre).not.toBeNull();
    expect(pencil.filter((f) => decide(spot(f), t) === 'blank')).toEqual([]);
    expect(pencil.filter((f) => decide(spot(f), t) === 'marked').length).toBeGreaterThanOrEqual(95);
  });

  it('a marked cluster too close to the blank one (no clear margin) decides nothing as marked', () => {
    const r = rng(3);
    const fills = Array.from({ length: 500 }, () => Math.max(0, 0.05 + gauss(r) * 0.03));
    const t = thresholds([...fills, 0.18, 0.19, 0.2]);
    expect(t.markCentre).toBeNull();
    expect(t.hi).toBeGreaterThanOrEqual(0.5);
    expect(decide(spot(0.2), t)).toBe('uncertain');
  });

  it('a sheet answered on two rows only: solid fills are marked, a half-filled one is the candidate\'s to confirm', () => {
    const r = rng(5);
    const blanks = Array.from({ length: 998 }, () => Math.max(0, 0.05 + gauss(r) * 0.01));
    const t = thresholds([...blanks, 0.82, 0.78]);
    expect(t.markCentre).toBeNull();
    expect(decide(spot(0.82), t)).toBe('marked');
    expect(decide(spot(0.78), t)).toBe('marked');
    expect(decide(spot(0.42), t)).toBe('uncertain');
    expect(decide(spot(0.05), t)).toBe('blank');
  });

  it('a fill crossed out past its outline goes to review', () => {
    const r = rng(4);
    const blanks = Array.from({ length: 400 }, () => Math.max(0, 0.03 + gauss(r) * 0.01));
    const pen = Array.from({ length: 100 }, () => 0.8 + gauss(r) * 0.05);
    const t = thresholds([...blanks, ...pen]);
    expect(decide({ ...spot(0.85), strokesOut: 4 }, t)).toBe('uncertain');
    expect(decide({ ...spot(0.85), strokesOut: 1 }, t)).toBe('marked');
    // Strokes around an empty ellipse (a neighbour's cross) do not make it uncertain.
    expect(decide({ ...spot(0.03), strokesOut: 4 }, t)).toBe('blank');
  });
});
