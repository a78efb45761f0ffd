// Readiness over time (issue 31 §3): the bands, the history's merge and gap, and the chart's text
// alternative.
import { describe, expect, it } from 'vitest';
import {
  READINESS_MIN_WEEK_GRIDS,
  mergeHistory,
  practicePoints,
  readinessAlt,
  simulationPoints,
  wilson,
  type ReadinessHistory,
  type WeekGrid,
} from '../../src/shared/readiness/index.ts';
import { defaultProfile } from '../../src/shared/scoring-profiles.ts';

describe('wilson', () => {
  it('is the textbook 95 % interval and stays within [0, 1]', () => {
    const w = wilson(0.5, 100);
    expect(w.low).toBeCloseTo(0.4038, 3);
    expect(w.high).toBeCloseTo(0.5962, 3);
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(1, 10).high).toBe(1);
    expect(wilson(1, 10).low).toBeCloseTo(0.7225, 3);
    // More grids, a narrower band.
    expect(wilson(0.7, 400).high - wilson(0.7, 400).low).toBeLessThan(wilson(0.7, 40).high - wilson(0.7, 40).low);
  });
});

describe('simulationPoints', () => {
  it('each grade ± the spread of the last five up to it, never below 0.5, within the scale', () => {
    const p = simulationPoints([
      { date: '2026-05-10', grade: 7 },
      { date: '2026-05-03', grade: 6 },
      { date: '2026-05-17', grade: 9.8 },
    ], 1);
    expect(p.map((x) => x.date)).toEqual(['2026-05-03', '2026-05-10', '2026-05-17']);
    expect(p[0]).toMatchObject({ grade: 6, low: 5.5, high: 6.5, n: 1 });
    // SD of 6 and 7 is 0.71 > 0.5.
    expect(p[1]).toMatchObject({ grade: 7, low: 6.29, high: 7.71, n: 2 });
    expect(p[2]!.high).toBe(10);
    const low = simulationPoints([{ date: '2026-01-01', grade: 1.2 }], 1)[0]!;
    expect(low.low).toBe(1);
    const many = simulationPoints(Array.from({ length: 8 }, (_, i) => ({ date: `2026-02-0${i + 1}`, grade: 5 })));
    expect(many.at(-1)!.n).toBe(5);
  });
});

describe('practicePoints', () => {
  const profile = defaultProfile()!;
  const grids = (week: string, n: number, right: number): WeekGrid[] =>
    Array.from({ length: n }, (_, i) => ({ week, id: i + 1 + week.length * 1000 + Number(week.slice(-2)) * 100, type: 'CS' as const, correct: ['A'], marked: i < right ? ['A'] : ['B'] }));
  it('one point per week with enough grids, graded under the profile, the Wilson band mapped to grades', () => {
    const rows = [...grids('2026-05-04', 20, 20), ...grids('2026-04-27', 20, 10), ...grids('2026-04-20', READINESS_MIN_WEEK_GRIDS - 1, 5)];
    const p = practicePoints(rows, profile);
    expect(p.map((x) => x.date)).toEqual(['2026-04-27', '2026-05-04']);
    const [half, all] = p as [typeof p[0], typeof p[0]];
    expect(all.grade).toBe(10);
    expect(all.high).toBe(10);
    expect(all.low).toBeLessThan(10);
    expect(half.low).toBeLessThan(half.grade);
    expect(half.high).toBeGreaterThan(half.grade);
    expect(half.grade).toBeLessThan(all.grade);
    expect(half.n).toBe(20);
  });
});

describe('mergeHistory and the text alternative', () => {
  const threshold = { year: 2025, min_grade: 8.5, source: 'umft.ro, rezultate 2025', specialization: 'Medicină' };
  const sims = simulationPoints([{ date: '2026-05-10', grade: 7.4 }]);
  const weeks = [{ date: '2026-05-04', kind: 'practice' as const, grade: 6.9, low: 6.1, high: 7.6, n: 40 }, { date: '2026-05-11', kind: 'practice' as const, grade: 7.9, low: 7.2, high: 8.5, n: 30 }];
  it('orders by date and measures the gap of the latest point', () => {
    const m = mergeHistory(sims, weeks, threshold);
    expect(m.points.map((p) => p.kind)).toEqual(['practice', 'simulation', 'practice']);
    expect(m.gap).toBe(-0.6);
    expect(mergeHistory(sims, [], null).gap).toBeNull();
    expect(mergeHistory([], [], threshold)).toEqual({ points: [], gap: null });
  });
  it('states the latest estimate, its band and the gap', () => {
    const h: ReadinessHistory = { center: { slug: 'timisoara', name: 'UMF Timișoara', known: true }, threshold, ...mergeHistory(sims, weeks, threshold) };
    expect(readinessAlt(h)).toBe(
      'Estimarea admiterii la UMF Timișoara, 3 puncte. Ultima estimare (11.05.2026, exersare (săptămâna)): 7,9, interval 7,2–8,5. Pragul 2025: 8,5; 0,6 sub prag.',
    );
    expect(readinessAlt({ ...h, threshold: null, gap: null })).toContain('Pragul de admitere al centrului nu e cunoscut încă.');
    expect(readinessAlt({ ...h, points: [], gap: null })).toBe('Estimarea admiterii la UMF Timișoara: încă nu sunt puncte.');
  });
});
