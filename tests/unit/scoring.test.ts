import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  admissionAverage,
  gridOutcome,
  profileProblems,
  profileTestPoints,
  scoreGrid,
  scoreTest,
  truncate,
  type ScorableGrid,
} from '../../src/shared/scoring.ts';
import { DEFAULT_SCORING_PROFILES, defaultProfile } from '../../src/shared/scoring-profiles.ts';
import { scoringProfileBody } from '../../src/shared/test-schema.ts';

const tm = defaultProfile('timisoara')!;
const prop = { rule: 'proportional_zero_on_wrong' as const, points: 1 };
const aon = { rule: 'all_or_nothing' as const, points: 1 };
const perOption = { rule: 'per_option' as const, points: 1 };

describe('scoreGrid', () => {
  const cm3 = { correct: ['A', 'C', 'E'] };
  it('CM proportional: 2 of 3 correct marked, none wrong → 2/3', () => {
    const s = scoreGrid(cm3, ['A', 'C'], prop);
    expect(s.points).toBeCloseTo(2 / 3, 6);
    expect(s.outcome).toBe('partial');
  });
  it('CM proportional: all correct → 1; any wrong → 0 even with all correct', () => {
    expect(scoreGrid(cm3, ['E', 'A', 'C'], prop).points).toBe(1);
    expect(scoreGrid(cm3, ['A', 'C', 'E', 'B'], prop).points).toBe(0);
    expect(scoreGrid(cm3, ['A', 'B'], prop)).toEqual({ points: 0, max: 1, outcome: 'wrong' });
  });
  it('blank is 0 under every rule', () => {
    for (const r of [prop, aon, perOption])
      expect(scoreGrid(cm3, [], r)).toEqual({ points: 0, max: 1, outcome: 'blank' });
  });
  it('CS: only the exact option counts', () => {
    const cs = { correct: ['B'] };
    expect(scoreGrid(cs, ['B'], aon).points).toBe(1);
    expect(scoreGrid(cs, ['B', 'C'], aon).points).toBe(0);
    expect(scoreGrid(cs, ['C'], aon).points).toBe(0);
    expect(scoreGrid(cs, ['B'], { rule: 'all_or_nothing', points: 0.5 }).points).toBe(0.5);
    // proportional on a single-answer grid is the same as all-or-nothing
    expect(scoreGrid(cs, ['B', 'A'], prop).points).toBe(0);
  });
  it('all_or_nothing on CM: a subset earns nothing', () => {
    expect(scoreGrid(cm3, ['A', 'C'], aon).points).toBe(0);
    expect(scoreGrid(cm3, ['A', 'C', 'E'], aon).points).toBe(1);
  });
  it('per_option: +1/k per correct mark, −penalty/k per wrong mark, floored at 0', () => {
    expect(scoreGrid(cm3, ['A', 'C', 'B'], perOption).points).toBeCloseTo(1 / 3, 6); // (2 − 1)/3
    expect(scoreGrid(cm3, ['A', 'B', 'D'], perOption).points).toBe(0); // (1 − 2)/3 → 0
    expect(scoreGrid(cm3, ['A', 'C', 'B'], { ...perOption, penalty: 0.5, points: 3 }).points).toBeCloseTo(
      1.5,
      6,
    ); // (2 − .5)/3 × 3
  });
  it('ignores duplicate and lower-case letters', () => {
    expect(scoreGrid(cm3, ['a', 'A', 'c'], prop).points).toBeCloseTo(2 / 3, 6);
  });
  it('classifies outcomes independently of the rule', () => {
    expect(gridOutcome(['A', 'B'], ['A', 'B'])).toBe('right');
    expect(gridOutcome(['A', 'B'], ['A'])).toBe('partial');
    expect(gridOutcome(['A', 'B'], ['A', 'C'])).toBe('wrong');
    expect(gridOutcome(['A', 'B'], [])).toBe('blank');
  });
});

describe('truncate', () => {
  it('truncates, never rounds', () => {
    expect(truncate(7.456, 2)).toBe(7.45);
    expect(truncate(7.459999, 2)).toBe(7.45);
    expect(truncate(9.999, 2)).toBe(9.99);
    expect(truncate(0.29, 2)).toBe(0.29); // 0.29 × 100 = 28.999999999999996 in floating point
    expect(truncate(7.45, 2)).toBe(7.45);
    expect(truncate(5, 2)).toBe(5);
  });
});

/** A Timișoara-shaped exam: 60 CM (correct A,C) then 30 CS (correct B). */
function timisoaraExam(): ScorableGrid[] {
  return Array.from({ length: 90 }, (_, i) =>
    i < 60
      ? { id: i + 1, type: 'CM' as const, correct: ['A', 'C'] }
      : { id: i + 1, type: 'CS' as const, correct: ['B'] },
  );
}

describe('scoreTest – Timișoara', () => {
  it('has 90 test points and 10 attendance points', () => {
    expect(profileTestPoints(tm)).toBe(90);
    expect(tm.final.attendance_points).toBe(10);
  });
  it('full 90-question example, worked by hand', () => {
    const grids = timisoaraExam();
    const answers = new Map<number, string[]>();
    // Biology: 40 fully right (40 p), 10 half right (A only: 10 × 1/2 = 5 p), 5 with a wrong mark (0), 5 blank.
    for (let i = 1; i <= 40; i++) answers.set(i, ['A', 'C']);
    for (let i = 41; i <= 50; i++) answers.set(i, ['A']);
    for (let i = 51; i <= 55; i++) answers.set(i, ['A', 'C', 'D']);
    // Chemistry Q61–75 (1 p): 12 right = 12 p; Q76–85 (0.5 p): 7 right = 3.5 p; Q86–90 (2 p): 3 right = 6 p, 1 wrong.
    for (let i = 61; i <= 72; i++) answers.set(i, ['B']);
    for (let i = 76; i <= 82; i++) answers.set(i, ['B']);
    for (let i = 86; i <= 88; i++) answers.set(i, ['B']);
    answers.set(89, ['C']);
    const s = scoreTest(grids, answers, tm);
    expect(s.mapping).toBe('positional');
    // 40 + 5 + 12 + 3.5 + 6 = 66.5 points; (10 + 66.5) / 10 = 7.65
    expect(s.score).toBe(66.5);
    expect(s.max_score).toBe(90);
    expect(s.grade).toBe(7.65);
    expect(s.passed).toBe(true);
    expect(s.counts).toEqual({ right: 62, partial: 10, wrong: 6, blank: 12 });
  });
  it('truncates the grade: 65.67 points → 7.5667 → 7.56', () => {
    const grids = timisoaraExam();
    const answers = new Map<number, string[]>();
    // 3 correct options on Q1: marking 2 gives 2/3 point.
    grids[0] = { id: 1, type: 'CM', correct: ['A', 'C', 'E'] };
    answers.set(1, ['A', 'C']);
    for (let i = 2; i <= 60; i++) answers.set(i, ['A', 'C']); // 59 p
    for (let i = 61; i <= 66; i++) answers.set(i, ['B']); // 6 p
    // 59 + 2/3 + 6 = 65.666… → (10 + 65.666…)/10 = 7.5666… → 7.56
    const s = scoreTest(grids, answers, tm);
    expect(s.score).toBeCloseTo(65.666667, 5);
    expect(s.grade).toBe(7.56);
  });
  it('blank exam is 1.00 (attendance only) and fails; perfect is 10', () => {
    const grids = timisoaraExam();
    expect(scoreTest(grids, {}, tm).grade).toBe(1);
    expect(scoreTest(grids, {}, tm).passed).toBe(false);
    const all = new Map(grids.map((g) => [g.id, g.correct]));
    expect(scoreTest(grids, all, tm).grade).toBe(10);
  });
  it('pass mark is inclusive: 40 points → 5.00 passes', () => {
    const grids = timisoaraExam();
    const answers = new Map<number, string[]>();
    for (let i = 1; i <= 40; i++) answers.set(i, ['A', 'C']);
    const s = scoreTest(grids, answers, tm);
    expect(s.grade).toBe(5);
    expect(s.passed).toBe(true);
  });
});

describe('scoreTest – practice tests (by type, scaled)', () => {
  it('maps each grid to its type rule, 1 point each, and scales to the exam', () => {
    const grids: ScorableGrid[] = [
      { id: 1, type: 'CM', correct: ['A', 'C', 'E'] },
      { id: 2, type: 'CS', correct: ['B'] },
      { id: 3, type: 'CS', correct: ['D'] },
      { id: 4, type: 'CG', correct: ['E'] },
    ];
    const s = scoreTest(grids, { 1: ['A', 'C'], 2: ['B'], 3: ['A'], 4: ['E'] }, tm);
    expect(s.mapping).toBe('by_type');
    // 2/3 + 1 + 0 + 1 = 2.6667 of 4 → 60 of 90 exam points → (10 + 60)/10 = 7
    expect(s.score).toBeCloseTo(2.666667, 5);
    expect(s.max_score).toBe(4);
    expect(s.exam_points).toBeCloseTo(60, 4);
    expect(s.grade).toBe(7);
  });
  it('grades the same answers differently per centre', () => {
    const grids: ScorableGrid[] = [
      { id: 1, type: 'CM', correct: ['A', 'C'] },
      { id: 2, type: 'CM', correct: ['A', 'C'] },
    ];
    const answers = { 1: ['A'], 2: ['A', 'C'] };
    expect(scoreTest(grids, answers, tm).score).toBe(1.5); // proportional
    expect(scoreTest(grids, answers, defaultProfile('bucuresti')!).score).toBe(1); // all-or-nothing
    expect(scoreTest(grids, answers, defaultProfile('bucuresti')!).grade).toBe(5); // 50/100 → 5
  });
  it('a 90-grid test whose types do not match the ranges is scored by type', () => {
    const grids = timisoaraExam().map((g) => ({ ...g, type: 'CS' as const, correct: ['B'] }));
    expect(scoreTest(grids, {}, tm).mapping).toBe('by_type');
  });
});

describe('profiles', () => {
  it('every default profile is valid and covers a centre', () => {
    const centres = [
      'bucuresti',
      'cluj-napoca',
      'iasi',
      'timisoara',
      'targu-mures',
      'craiova',
      'constanta',
      'sibiu',
      'galati',
      'oradea',
    ];
    expect(DEFAULT_SCORING_PROFILES.map((p) => p.slug).sort()).toEqual([...centres].sort());
    for (const p of DEFAULT_SCORING_PROFILES) {
      expect(profileProblems(p), p.slug).toEqual([]);
      const { slug: _slug, ...body } = p;
      expect(scoringProfileBody.safeParse(body).success, p.slug).toBe(true);
    }
    expect(DEFAULT_SCORING_PROFILES.filter((p) => p.known).map((p) => p.slug)).toEqual(['timisoara']);
  });
  it('rejects ranges with gaps', () => {
    const bad = { ...tm, ranges: [tm.ranges[0]!, { ...tm.ranges[2]! }] };
    expect(profileProblems(bad)).toContainEqual({ code: 'SCORING_RANGE_GAP', path: ['ranges', 1, 'from'] });
    const { slug: _s, ...body } = bad;
    expect(scoringProfileBody.safeParse(body).success).toBe(false);
  });
  it('migrations 005 + 026 seed exactly the defaults', () => {
    const read = (f: string) => readFileSync(join(import.meta.dirname, '../../server/db/migrations', f), 'utf8');
    const seeded = new Map(
      [...read('005_tests.sql').matchAll(/\('([a-z-]+)', '(\{.*\})'\)/g)].map((m) => [m[1]!, JSON.parse(m[2]!.replace(/''/g, "'"))]),
    );
    // 026: profile = profile || '{patch}' where slug = '…' and updated_by is null (jsonb merge)
    const patches = [...read('026_scoring_profile_estimates.sql').matchAll(/profile \|\| '(\{.*\})'::jsonb where slug = '([a-z-]+)'/g)];
    expect(patches).toHaveLength(DEFAULT_SCORING_PROFILES.length);
    for (const m of patches) seeded.set(m[2]!, { ...seeded.get(m[2]!), ...JSON.parse(m[1]!.replace(/''/g, "'")) });
    expect([...seeded.values()]).toEqual(DEFAULT_SCORING_PROFILES);
  });
  it('admission average with a baccalaureate share (Târgu Mureș 10%)', () => {
    expect(admissionAverage(8, 9.5, defaultProfile('targu-mures')!)).toBe(8.15);
  });
});
