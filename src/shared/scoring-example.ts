// Worked example of a scoring profile (the admin editor's live preview, issue 9 §2): a sample answer
// sheet built from counts per range, graded by scoreTest — the same code that grades every test —
// and broken down step by step (points per range, total, grade before and after truncation,
// admission average with the baccalaureate share).
//
// The sample sheet, per range: every CM grid has the correct options A and C (k = 2), every CS/CG
// grid the option B. The candidate answers `right` grids exactly, `partial` CM grids with A only
// (1 of 2 correct, none wrong), `wrong` grids with a wrong mark (CM: A, C and D — all the correct
// ones plus a wrong one, so the partial-credit rules differ; CS/CG: C), and leaves the rest blank.
import { admissionAverage, scoreTest, type GridRule, type ScorableGrid, type ScoringProfile } from './scoring.ts';

export type SampleCounts = { right: number; partial: number; wrong: number };

export type RangeStep = {
  /** Position of the range in profile.ranges (the steps are in question order). */
  index: number;
  from: number;
  to: number;
  type: ScorableGrid['type'];
  rule: GridRule;
  counts: SampleCounts & { blank: number };
  /** Points of one grid of each kind under the range's rule. */
  each: { right: number; partial: number; wrong: number };
  points: number;
  max: number;
};

export type WorkedExample = {
  /** The exam length used: question_count, or the end of the last range when it is unknown. */
  question_count: number;
  assumed_length: boolean;
  ranges: RangeStep[];
  test_points: number;
  max_test_points: number;
  attendance_points: number;
  scale_divisor: number;
  /** (attendance + test points) / divisor before truncation, and the grade after it. */
  raw_grade: number;
  grade: number;
  truncate_decimals: number;
  passed: boolean;
  pass_mark: number;
  bac_share: number;
  bac_average: number;
  admission_average: number | null;
};

/** A sample of about 70 % right, 10 % partial (CM only), 10 % wrong, the rest blank. */
export function defaultCounts(size: number, type: ScorableGrid['type']): SampleCounts {
  const partial = type === 'CM' ? Math.floor(size / 10) : 0;
  return { right: Math.floor(size * 0.7), partial, wrong: Math.floor(size / 10) };
}

/** Counts clamped to the range: partial only on CM grids, the sum never above the range size. */
export function clampCounts(c: SampleCounts, size: number, type: ScorableGrid['type']): SampleCounts {
  const fit = (n: number, room: number) => Math.max(0, Math.min(Math.floor(Number.isFinite(n) ? n : 0), room));
  const right = fit(c.right, size);
  const partial = type === 'CM' ? fit(c.partial, size - right) : 0;
  const wrong = fit(c.wrong, size - right - partial);
  return { right, partial, wrong };
}

const CM_KEY = ['A', 'C'];
const ONE_KEY = ['B'];

/** The example for a valid profile; `counts[i]` is the sample of range i (defaults when absent). */
export function workedExample(profile: ScoringProfile, counts: readonly (SampleCounts | undefined)[], bacAverage = 9): WorkedExample {
  const ranges = [...profile.ranges].map((r, i) => ({ r, i })).sort((a, b) => a.r.from - b.r.from);
  const end = ranges.reduce((m, { r }) => Math.max(m, r.to), 0);
  const length = profile.question_count ?? end;
  // With an unknown length the exam is taken to end at the last range, so the sheet is graded
  // position by position like a real exam (scoreTest's 'positional' mapping).
  const shaped: ScoringProfile = { ...profile, question_count: length };
  const grids: ScorableGrid[] = [];
  const answers = new Map<number, string[]>();
  const used: SampleCounts[] = [];
  for (const { r, i } of ranges) {
    const size = r.to - r.from + 1;
    const c = clampCounts(counts[i] ?? defaultCounts(size, r.type), size, r.type);
    used.push(c);
    for (let q = r.from; q <= r.to; q++) {
      const k = q - r.from;
      const cm = r.type === 'CM';
      grids.push({ id: q, type: r.type, correct: cm ? CM_KEY : ONE_KEY });
      if (k < c.right) answers.set(q, cm ? CM_KEY : ONE_KEY);
      else if (k < c.right + c.partial) answers.set(q, ['A']);
      else if (k < c.right + c.partial + c.wrong) answers.set(q, cm ? ['A', 'C', 'D'] : ['C']);
    }
  }
  const scored = scoreTest(grids, answers, shaped);
  const byId = new Map(scored.grids.map((g) => [g.grid_id, g]));
  const steps: RangeStep[] = ranges.map(({ r, i }, n) => {
    const c = used[n]!;
    const size = r.to - r.from + 1;
    let points = 0;
    for (let q = r.from; q <= r.to; q++) points += byId.get(q)?.points ?? 0;
    const pointsOf = (q: number) => byId.get(q)?.points ?? 0;
    return {
      index: i,
      from: r.from,
      to: r.to,
      type: r.type,
      rule: { rule: r.rule, points: r.points, ...(r.penalty === undefined ? {} : { penalty: r.penalty }) },
      counts: { ...c, blank: size - c.right - c.partial - c.wrong },
      each: {
        right: c.right ? pointsOf(r.from) : r.points,
        partial: c.partial ? pointsOf(r.from + c.right) : 0,
        wrong: c.wrong ? pointsOf(r.from + c.right + c.partial) : 0,
      },
      points: Math.round(points * 1e6) / 1e6,
      max: size * r.points,
    };
  });
  const f = profile.final;
  const raw = (f.attendance_points + scored.exam_points) / f.scale_divisor;
  return {
    question_count: length,
    assumed_length: profile.question_count === null,
    ranges: steps,
    test_points: scored.exam_points,
    max_test_points: scored.max_score,
    attendance_points: f.attendance_points,
    scale_divisor: f.scale_divisor,
    raw_grade: Math.round(raw * 1e6) / 1e6,
    grade: scored.grade,
    truncate_decimals: f.truncate_decimals,
    passed: scored.passed,
    pass_mark: f.pass_mark,
    bac_share: f.bac_share,
    bac_average: bacAverage,
    admission_average: f.bac_share > 0 ? admissionAverage(scored.grade, bacAverage, profile) : null,
  };
}

