// One worked example per centre, from the rule DOMAIN.md gives for it ("Exam formats by centre");
// the expected grades are computed by hand in the comments. Where DOMAIN.md has no rule the
// profile's stated assumption is what is checked (and the profile says so: estimated_parts).
// Then the consistency problems of profileProblems/scoringProfileBody and the editor's worked example.
import { describe, expect, it } from 'vitest';
import { admissionAverage, profileProblems, scoreTest, type ScorableGrid, type ScoringProfile } from '../../src/shared/scoring.ts';
import { DEFAULT_SCORING_PROFILES, defaultProfile } from '../../src/shared/scoring-profiles.ts';
import { scoringProfileBody } from '../../src/shared/test-schema.ts';
import { clampCounts, defaultCounts, workedExample } from '../../src/shared/scoring-example.ts';
import { toErrorBody } from '../../src/shared/validation.ts';

const P = (slug: string): ScoringProfile => defaultProfile(slug)!;

/** `n` grids of a type from id `first`; CM grids have the correct options A and C, CS grids B. */
function grids(first: number, n: number, type: 'CM' | 'CS' = 'CM'): ScorableGrid[] {
  return Array.from({ length: n }, (_, i) => ({ id: first + i, type, correct: type === 'CM' ? ['A', 'C'] : ['B'] }));
}
/** Marks grids first..first+n-1 with `marked`. */
function mark(answers: Map<number, string[]>, first: number, n: number, marked: string[]) {
  for (let i = 0; i < n; i++) answers.set(first + i, marked);
}
const RIGHT_CM = ['A', 'C'];
const HALF_CM = ['A']; // 1 of the 2 correct options, none wrong
const WRONG_CM = ['A', 'C', 'D']; // every correct option plus a wrong one

describe('worked example per centre (DOMAIN.md)', () => {
  it('Timișoara: CM m/k, 0 on any wrong mark; CS 1 / 0.5 / 2 p; +10; /10 truncated (2019–2020)', () => {
    const p = P('timisoara');
    const g = [...grids(1, 60), ...grids(61, 30, 'CS')];
    g[0] = { id: 1, type: 'CM', correct: ['A', 'C', 'E'] }; // k = 3
    const a = new Map<number, string[]>();
    a.set(1, ['A']); // 1 of 3 → 1/3 p
    mark(a, 2, 50, RIGHT_CM); // Q2–51: 50 p
    mark(a, 52, 6, HALF_CM); // Q52–57: 6 × 1/2 = 3 p
    mark(a, 58, 3, WRONG_CM); // Q58–60: 0
    mark(a, 61, 10, ['B']); // Q61–70 at 1 p: 10 p
    mark(a, 76, 10, ['B']); // Q76–85 at 0.5 p: 5 p
    mark(a, 86, 2, ['B']); // Q86–87 at 2 p: 4 p
    a.set(88, ['B', 'C']); // CS with two marks: 0
    const s = scoreTest(g, a, p);
    expect(s.mapping).toBe('positional');
    // 1/3 + 50 + 3 + 10 + 5 + 4 = 72.333… → (10 + 72.333…) / 10 = 8.2333… → truncated 8.23
    expect(s.score).toBeCloseTo(72.333333, 5);
    expect(s.grade).toBe(8.23);
    expect(s.passed).toBe(true);
    expect(p.known).toBe(true);
    expect(p.estimated_parts).toEqual([]);
    expect(p.source_year).toBe('2019–2020');
  });

  it('București: 100 questions, max 100 points; all-or-nothing assumed', () => {
    const p = P('bucuresti');
    const a = new Map<number, string[]>();
    mark(a, 1, 63, RIGHT_CM); // 63 p
    mark(a, 64, 10, HALF_CM); // partial earns nothing under all-or-nothing
    mark(a, 74, 5, WRONG_CM); // 0
    const s = scoreTest(grids(1, 100), a, p);
    // 63 / 10 = 6.30
    expect(s.mapping).toBe('positional');
    expect(s.score).toBe(63);
    expect(s.grade).toBe(6.3);
    expect(p.estimated_parts).toEqual(expect.arrayContaining(['rules', 'ranges']));
  });

  it('Cluj-Napoca: 1–10 scale, partial scores (spec); length unknown → a 100-grid test is scaled', () => {
    const p = P('cluj-napoca');
    const a = new Map<number, string[]>();
    mark(a, 1, 55, RIGHT_CM); // 55 p
    mark(a, 56, 20, HALF_CM); // 20 × 1/2 = 10 p
    mark(a, 76, 10, WRONG_CM); // 0 (a wrong mark cancels the grid)
    const s = scoreTest(grids(1, 100), a, p);
    // question_count unknown → by type: 65 of 100 raw → 65 of 100 exam points → 6.50
    expect(s.mapping).toBe('by_type');
    expect(s.exam_points).toBe(65);
    expect(s.grade).toBe(6.5);
    expect(p.time_limit_min).toBe(120);
    expect(p.estimated_parts).toContain('question_count');
  });

  it('Iași: biology 60 % + chemistry or physics 40 %; final = 100 % test since 2022', () => {
    const p = P('iasi');
    const a = new Map<number, string[]>();
    mark(a, 1, 45, RIGHT_CM); // biology 45 p
    mark(a, 61, 30, RIGHT_CM); // chemistry 30 p
    mark(a, 91, 10, HALF_CM); // all-or-nothing assumed: 0
    const s = scoreTest(grids(1, 100), a, p);
    // 75 / 100 → 7.50; no baccalaureate share
    expect(s.grade).toBe(7.5);
    expect(p.final.bac_share).toBe(0);
    expect(p.ranges.map((r) => r.to - r.from + 1)).toEqual([60, 40]);
    expect(p.subject_variants).toEqual([
      ['biologie', 'chimie'],
      ['biologie', 'fizica'],
    ]);
    expect(p.source_year).toBe('2022');
  });

  it('Târgu Mureș: 100 questions, one subject; admission = 90 % test + 10 % baccalaureate', () => {
    const p = P('targu-mures');
    const a = new Map<number, string[]>();
    mark(a, 1, 81, RIGHT_CM); // 81 p
    mark(a, 82, 5, HALF_CM); // 0 (all-or-nothing assumed)
    const s = scoreTest(grids(1, 100), a, p);
    expect(s.grade).toBe(8.1); // 81 / 10
    // 8.10 × 0.9 + 9.60 × 0.1 = 7.29 + 0.96 = 8.25
    expect(admissionAverage(s.grade, 9.6, p)).toBe(8.25);
    expect(p.subject_variants).toEqual([['biologie'], ['chimie']]);
  });

  it('Craiova: partial scores (spec); 3 h; length and rule assumed', () => {
    const p = P('craiova');
    const g = grids(1, 100);
    for (let i = 70; i < 79; i++) g[i] = { id: i + 1, type: 'CM', correct: ['A', 'C', 'E'] }; // Q71–79, k = 3
    const a = new Map<number, string[]>();
    mark(a, 1, 70, RIGHT_CM); // 70 p
    mark(a, 71, 9, ['A', 'E']); // 9 × 2/3 = 6 p
    a.set(80, WRONG_CM); // 0
    const s = scoreTest(g, a, p);
    // 76 of 100 → 7.60
    expect(s.exam_points).toBeCloseTo(76, 4); // each 2/3 is kept to 6 decimals, so 76.000003
    expect(s.grade).toBe(7.6);
    expect(p.time_limit_min).toBe(180);
  });

  it('Constanța: 100 questions, biology 75 + chemistry or physics 25; partial scores (spec)', () => {
    const p = P('constanta');
    const a = new Map<number, string[]>();
    mark(a, 1, 60, RIGHT_CM); // biology 60 p
    mark(a, 61, 10, HALF_CM); // 10 × 1/2 = 5 p
    mark(a, 76, 20, RIGHT_CM); // chemistry 20 p
    mark(a, 96, 2, WRONG_CM); // 0
    const s = scoreTest(grids(1, 100), a, p);
    // 60 + 5 + 20 = 85 → 8.50
    expect(s.mapping).toBe('positional');
    expect(s.grade).toBe(8.5);
    expect(p.ranges.map((r) => r.to - r.from + 1)).toEqual([75, 25]);
  });

  it('Sibiu: partial scores (spec); everything else assumed; the pass mark 5 is inclusive', () => {
    const p = P('sibiu');
    const a = new Map<number, string[]>();
    mark(a, 1, 49, RIGHT_CM); // 49 p
    mark(a, 50, 2, HALF_CM); // 2 × 1/2 = 1 p
    const pass = scoreTest(grids(1, 100), a, p);
    expect(pass.grade).toBe(5); // 50 / 10
    expect(pass.passed).toBe(true);
    a.delete(51); // 49.5 → 4.95
    const fail = scoreTest(grids(1, 100), a, p);
    expect(fail.grade).toBe(4.95);
    expect(fail.passed).toBe(false);
    expect(p.estimated_parts).toHaveLength(6);
  });

  it('Galați: 100 questions, 60 biology XI + 40 organic chemistry; final = 100 % test', () => {
    const p = P('galati');
    const a = new Map<number, string[]>();
    mark(a, 1, 50, RIGHT_CM); // 50 p
    mark(a, 61, 25, RIGHT_CM); // 25 p
    mark(a, 86, 5, WRONG_CM); // 0
    const s = scoreTest(grids(1, 100), a, p);
    expect(s.grade).toBe(7.5); // 75 / 10
    expect(p.ranges.map((r) => [r.from, r.to, r.subject])).toEqual([
      [1, 60, 'biologie'],
      [61, 100, 'chimie'],
    ]);
  });

  it('Oradea: partial information only; dentistry biology or organic chemistry', () => {
    const p = P('oradea');
    const a = new Map<number, string[]>();
    mark(a, 1, 33, RIGHT_CM); // 33 p
    mark(a, 34, 3, HALF_CM); // 0 (all-or-nothing assumed)
    const s = scoreTest(grids(1, 100), a, p);
    expect(s.grade).toBe(3.3); // 33 / 10
    expect(s.passed).toBe(false);
    expect(p.subject_variants).toEqual(expect.arrayContaining([['biologie'], ['chimie']]));
  });

  it('every profile but Timișoara is an estimate and names its assumed parts', () => {
    for (const p of DEFAULT_SCORING_PROFILES) {
      expect(p.known, p.slug).toBe(p.slug === 'timisoara');
      expect((p.estimated_parts ?? []).length > 0, p.slug).toBe(!p.known);
      expect(typeof p.source_year, p.slug).toBe('string');
    }
  });
});

describe('consistency of an edited profile', () => {
  const tm = P('timisoara');
  const body = (p: ScoringProfile) => {
    const { slug: _s, ...rest } = p;
    return rest;
  };
  const errorsOf = (p: ScoringProfile) => {
    const r = scoringProfileBody.safeParse(body(p));
    return r.success ? {} : toErrorBody(r.error).errors;
  };
  it('each problem on its own field, with a catalogue code', () => {
    const ranges = tm.ranges.map((r) => ({ ...r }));
    ranges[1]!.from = 60; // overlaps Q60 of the first range
    expect(errorsOf({ ...tm, ranges })).toEqual({ 'ranges.1.from': ['SCORING_RANGE_OVERLAP'] });
    const gap = tm.ranges.map((r) => ({ ...r }));
    gap[2]!.from = 77; // Q76 would have no points
    expect(errorsOf({ ...tm, ranges: gap })).toEqual({ 'ranges.2.from': ['SCORING_RANGE_GAP'] });
    const start = tm.ranges.map((r) => ({ ...r }));
    start[0]!.from = 2;
    expect(errorsOf({ ...tm, ranges: start })).toEqual({ 'ranges.0.from': ['SCORING_RANGE_START'] });
    const reversed = tm.ranges.map((r) => ({ ...r }));
    reversed[3] = { ...reversed[3]!, from: 86, to: 85 };
    expect(errorsOf({ ...tm, ranges: reversed })['ranges.3.to']).toEqual(['SCORING_RANGE_REVERSED']);
    expect(errorsOf({ ...tm, question_count: 100 })).toEqual({ question_count: ['SCORING_RANGES_END_MISMATCH'] });
    // 100 points at most → (10 + 90) / 10 = 10; a pass mark of 10.5 can never be reached
    expect(errorsOf({ ...tm, final: { ...tm.final, pass_mark: 10.5 } })).toEqual({ 'final.pass_mark': ['SCORING_PASS_MARK_UNREACHABLE'] });
    expect(errorsOf({ ...tm, subject_variants: [['biologie', 'chimie'], ['chimie', 'biologie']] })).toEqual({
      'subject_variants.1': ['SCORING_VARIANT_REPEATED'],
    });
    expect(errorsOf({ ...tm, subject_variants: [['biologie', 'fizica']] })).toEqual({
      'ranges.1.subject': ['SCORING_RANGE_SUBJECT_NOT_ALLOWED'],
      'ranges.2.subject': ['SCORING_RANGE_SUBJECT_NOT_ALLOWED'],
      'ranges.3.subject': ['SCORING_RANGE_SUBJECT_NOT_ALLOWED'],
    });
    expect(errorsOf({ ...tm, estimated_parts: ['rules'] })).toEqual({ known: ['SCORING_KNOWN_WITH_ESTIMATES'] });
    expect(errorsOf({ ...P('sibiu'), estimated_parts: [] })).toEqual({ estimated_parts: ['SCORING_ESTIMATE_PARTS_REQUIRED'] });
  });
  it('ranges in any order are fine when they tile 1..question_count', () => {
    expect(profileProblems({ ...tm, ranges: [...tm.ranges].reverse() })).toEqual([]);
  });
});

describe('worked example (admin preview)', () => {
  it('Timișoara with the default sample, by hand', () => {
    const w = workedExample(P('timisoara'), []);
    // Q1–60 CM (60): 42 right, 6 partial, 6 wrong → 42 + 6 × 0.5 + 0 = 45 p
    // Q61–75 CS 1 p (15): 10 right, 1 wrong → 10 p; Q76–85 CS 0.5 p (10): 7 right, 1 wrong → 3.5 p
    // Q86–90 CS 2 p (5): 3 right → 6 p. Total 64.5; (10 + 64.5) / 10 = 7.45
    expect(w.ranges.map((r) => r.points)).toEqual([45, 10, 3.5, 6]);
    expect(w.ranges[0]!.counts).toEqual({ right: 42, partial: 6, wrong: 6, blank: 6 });
    expect(w.ranges[0]!.each).toEqual({ right: 1, partial: 0.5, wrong: 0 });
    expect(w.test_points).toBe(64.5);
    expect(w.max_test_points).toBe(90);
    expect(w.raw_grade).toBe(7.45);
    expect(w.grade).toBe(7.45);
    expect(w.passed).toBe(true);
    expect(w.admission_average).toBeNull();
  });
  it('follows the rule: per_option with penalty 0.5 gives the wrong CM sheet (A, C, D) 0.75 p', () => {
    const p = P('timisoara');
    const edited = { ...p, ranges: p.ranges.map((r, i) => (i === 0 ? { ...r, rule: 'per_option' as const, penalty: 0.5 } : r)) };
    const w = workedExample(edited, [{ right: 10, partial: 4, wrong: 4 }]);
    // (2 − 0.5 × 1) / 2 = 0.75 per wrong sheet; 10 + 4 × 0.5 + 4 × 0.75 = 15 p in Q1–60
    expect(w.ranges[0]!.each).toEqual({ right: 1, partial: 0.5, wrong: 0.75 });
    expect(w.ranges[0]!.points).toBe(15);
  });
  it('baccalaureate share and truncation (Târgu Mureș)', () => {
    const w = workedExample(P('targu-mures'), [{ right: 77, partial: 0, wrong: 3 }], 9.45);
    // 77 / 10 = 7.70; 7.70 × 0.9 + 9.45 × 0.1 = 6.93 + 0.945 = 7.875 → truncated 7.87
    expect(w.grade).toBe(7.7);
    expect(w.admission_average).toBe(7.87);
  });
  it('an unknown length is taken from the last range', () => {
    const w = workedExample(P('cluj-napoca'), []);
    expect(w.assumed_length).toBe(true);
    expect(w.question_count).toBe(100);
    // 70 right + 10 × 0.5 = 75 → 7.50
    expect(w.grade).toBe(7.5);
  });
  it('counts are clamped to the range size and partial only on CM', () => {
    expect(clampCounts({ right: 8, partial: 5, wrong: 5 }, 10, 'CM')).toEqual({ right: 8, partial: 2, wrong: 0 });
    expect(clampCounts({ right: 3, partial: 5, wrong: -1 }, 10, 'CS')).toEqual({ right: 3, partial: 0, wrong: 0 });
    expect(defaultCounts(5, 'CS')).toEqual({ right: 3, partial: 0, wrong: 0 });
  });
});
