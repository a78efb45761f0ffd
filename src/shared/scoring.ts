// Scoring of grids and tests, shared by the server and the offline app (same code, same result).
// Pure TypeScript: no DOM, no Node APIs, no I/O. Every centre's rules are DATA (a ScoringProfile,
// see scoring-profiles.ts for the defaults and DOMAIN.md for the sources); nothing here knows a centre.
//
// Partial-credit rules for one grid with k correct options, when the candidate marks m correct
// options and w wrong ones (blank = nothing marked → 0 under every rule):
//   all_or_nothing              full points only when the marked set equals the correct set.
//   proportional_zero_on_wrong  points × m/k when w = 0; 0 as soon as one wrong option is marked
//                               (Timișoara CM). For a CS/CG grid (k = 1) this is all-or-nothing.
//   per_option                  points × max(0, (m − penalty × w) / k): each correct mark earns 1/k,
//                               each wrong mark costs `penalty`/k (default 1), floored at 0.
//
// How a test is mapped onto a profile (scoreTest):
//   positional  the test has exactly profile.question_count grids and each grid's type equals the type
//               of the profile range covering its position (a full exam / simulation): the range's
//               rule and points apply (e.g. Timișoara Q86–90 CS → 2 p each).
//   by_type     any other test (a practice test of N grids): each grid uses the profile's rule for its
//               type (profile.type_rules: CM grid → CM rule, CS → CS rule, CG → CG rule) and weighs 1
//               point. The raw score is then scaled to the profile's exam points:
//                 exam_points = raw / max_raw × profile test points (sum of all range points)
//   Either way the grade follows the profile's final formula:
//                 grade = truncate((attendance_points + exam_points) / scale_divisor, truncate_decimals)
//   so a blank Timișoara practice test is 1.00 (the 10 attendance points) and a perfect one 10.00.
//   The baccalaureate share, when a centre has one, is not applied to a test grade (we do not know
//   the candidate's average); admissionAverage() combines both when the app asks for it.

export type QuestionType = 'CS' | 'CM' | 'CG';
export type PartialRule = 'all_or_nothing' | 'proportional_zero_on_wrong' | 'per_option';
export const PARTIAL_RULES = ['all_or_nothing', 'proportional_zero_on_wrong', 'per_option'] as const;
export const SUBJECTS = ['biologie', 'chimie', 'fizica'] as const;
export type Subject = (typeof SUBJECTS)[number];

/** How one grid is scored: its rule, its points, and the wrong-mark penalty of per_option. */
export type GridRule = { rule: PartialRule; points: number; penalty?: number };

/** Questions `from`..`to` (1-based, inclusive) of an exam. */
export type QuestionRange = GridRule & { from: number; to: number; type: QuestionType; subject?: Subject };

export type FinalFormula = {
  /** Points granted for attending (Timișoara: 10). */
  attendance_points: number;
  /** (attendance + test points) / scale_divisor = grade on the 1–10 scale. */
  scale_divisor: number;
  /** The grade is truncated (not rounded) to this many decimals. */
  truncate_decimals: number;
  pass_mark: number;
  /** Share of the baccalaureate average in the admission average, 0–1 (Târgu Mureș: 0.1). */
  bac_share: number;
};

export type ScoringProfile = {
  slug: string;
  name: string;
  /** false when the centre's methodology is uncertain; the app labels the grade as an estimate. */
  known: boolean;
  /** Where the data comes from, and what is missing. */
  source: string;
  /** Year(s) of the methodology the source describes ('2019–2020'); empty when unknown. */
  source_year?: string;
  /** Which parts are assumptions (shown as 'Estimare'); empty when `known`. */
  estimated_parts?: EstimatedPart[];
  /** Length of the real exam; null when unknown. */
  question_count: number | null;
  time_limit_min: number | null;
  ranges: QuestionRange[];
  /** Rules applied per grid type when a test does not have the exam's shape. */
  type_rules: Record<QuestionType, GridRule>;
  final: FinalFormula;
  /** Allowed subject combinations, e.g. [['biologie','chimie'], ['biologie','fizica']]. */
  subject_variants: Subject[][];
};

export type GridOutcome = 'right' | 'partial' | 'wrong' | 'blank';

/** What scoring needs to know about a grid. */
export type ScorableGrid = { id: number; type: QuestionType; correct: readonly string[] };

export type GridScore = { points: number; max: number; outcome: GridOutcome };

const EPS = 1e-9;

/** Rounds away floating-point noise (2/3 stays 0.666667). */
export function roundPoints(x: number, decimals = 6): number {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}

/** Truncates toward zero: truncate(7.456, 2) = 7.45; tolerant of 7.45 stored as 7.4499999. */
export function truncate(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.trunc(x * f + (x >= 0 ? 1e-7 : -1e-7)) / f;
}

function normalise(marked: readonly string[]): string[] {
  return [...new Set(marked.map((l) => l.trim().toUpperCase()).filter(Boolean))];
}

/**
 * Rule-independent classification used by statistics and spaced repetition:
 * right = exactly the correct set; partial = some correct options and no wrong one;
 * wrong = at least one wrong option (or, impossible otherwise, no correct one); blank = nothing marked.
 */
export function gridOutcome(correct: readonly string[], marked: readonly string[]): GridOutcome {
  const m = normalise(marked);
  if (m.length === 0) return 'blank';
  const key = new Set(correct);
  const hits = m.filter((l) => key.has(l)).length;
  const wrong = m.length - hits;
  if (wrong > 0 || hits === 0) return 'wrong';
  return hits === key.size ? 'right' : 'partial';
}

/** Points earned by one grid under one rule. */
export function scoreGrid(
  grid: Pick<ScorableGrid, 'correct'>,
  marked: readonly string[],
  rule: GridRule,
): GridScore {
  const m = normalise(marked);
  const key = new Set(grid.correct);
  const k = key.size;
  const hits = m.filter((l) => key.has(l)).length;
  const wrong = m.length - hits;
  const outcome = gridOutcome(grid.correct, m);
  let fraction = 0;
  if (m.length > 0 && k > 0) {
    switch (rule.rule) {
      case 'all_or_nothing':
        fraction = wrong === 0 && hits === k ? 1 : 0;
        break;
      case 'proportional_zero_on_wrong':
        fraction = wrong > 0 ? 0 : hits / k;
        break;
      case 'per_option':
        fraction = Math.min(1, Math.max(0, (hits - (rule.penalty ?? 1) * wrong) / k));
        break;
    }
  }
  return { points: roundPoints(fraction * rule.points), max: rule.points, outcome };
}

/** Sum of the points of every range: the exam's test points (Timișoara 90). */
export function profileTestPoints(profile: ScoringProfile): number {
  return roundPoints(profile.ranges.reduce((s, r) => s + (r.to - r.from + 1) * r.points, 0));
}

/** The range covering a 1-based position. */
export function rangeAt(profile: ScoringProfile, position: number): QuestionRange | undefined {
  return profile.ranges.find((r) => position >= r.from && position <= r.to);
}

/** Grade on the centre's scale from its test points (already scaled to the exam). */
export function gradeFromPoints(examPoints: number, profile: ScoringProfile): number {
  const f = profile.final;
  return truncate((f.attendance_points + examPoints) / f.scale_divisor, f.truncate_decimals);
}

/** Admission average when the centre combines the test grade with the baccalaureate average. */
export function admissionAverage(testGrade: number, bacAverage: number, profile: ScoringProfile): number {
  const s = profile.final.bac_share;
  return truncate(testGrade * (1 - s) + bacAverage * s, profile.final.truncate_decimals);
}

export type TestScore = {
  profile: string;
  mapping: 'positional' | 'by_type';
  grids: Array<GridScore & { grid_id: number }>;
  /** Raw points earned and available in this test. */
  score: number;
  max_score: number;
  /** Points scaled to the exam (without attendance) and the grade of the final formula. */
  exam_points: number;
  grade: number;
  passed: boolean;
  counts: Record<GridOutcome, number>;
};

/** True when the ordered grids have the exam's exact shape (length and the type of every range). */
export function isExamShaped(grids: readonly Pick<ScorableGrid, 'type'>[], profile: ScoringProfile): boolean {
  if (!profile.question_count || grids.length !== profile.question_count) return false;
  return grids.every((g, i) => rangeAt(profile, i + 1)?.type === g.type);
}

/**
 * Scores a test: `grids` in test order, `answers` maps grid id → marked letters (absent = blank).
 * See the header for the positional / by_type mapping.
 */
export function scoreTest(
  grids: readonly ScorableGrid[],
  answers: ReadonlyMap<number, readonly string[]> | Record<number, readonly string[]>,
  profile: ScoringProfile,
): TestScore {
  const get = (id: number): readonly string[] =>
    (answers instanceof Map ? answers.get(id) : (answers as Record<number, readonly string[]>)[id]) ?? [];
  const positional = isExamShaped(grids, profile);
  const counts: Record<GridOutcome, number> = { right: 0, partial: 0, wrong: 0, blank: 0 };
  const scored = grids.map((g, i) => {
    const rule: GridRule = positional
      ? rangeAt(profile, i + 1)!
      : { ...profile.type_rules[g.type], points: 1 };
    const s = scoreGrid(g, get(g.id), rule);
    counts[s.outcome] += 1;
    return { grid_id: g.id, ...s };
  });
  const score = roundPoints(scored.reduce((s, g) => s + g.points, 0));
  const max = roundPoints(scored.reduce((s, g) => s + g.max, 0));
  const testPoints = profileTestPoints(profile);
  const examPoints = positional ? score : max > 0 ? roundPoints((score / max) * testPoints) : 0;
  const grade = gradeFromPoints(examPoints, profile);
  return {
    profile: profile.slug,
    mapping: positional ? 'positional' : 'by_type',
    grids: scored,
    score,
    max_score: max,
    exam_points: examPoints,
    grade,
    passed: grade + EPS >= profile.final.pass_mark,
    counts,
  };
}

/** Parts of a profile that can be assumptions rather than the centre's published rule. */
export const ESTIMATED_PARTS = ['question_count', 'time_limit', 'ranges', 'rules', 'final', 'subject_variants'] as const;
export type EstimatedPart = (typeof ESTIMATED_PARTS)[number];

/** One consistency problem: a catalogue code and the field it belongs to (zod-style path). */
export type ProfileProblem = { code: string; path: (string | number)[] };

/** Highest grade the formula can give (every question right): pass marks above it are unreachable. */
export function maxGrade(p: ScoringProfile): number {
  return gradeFromPoints(profileTestPoints(p), p);
}

/**
 * Consistency checks beyond the zod shape, each tied to the field to fix: ranges contiguous from 1
 * with no gap or overlap and ending at question_count, subjects of ranges among the allowed
 * variants, no repeated variant, a reachable pass mark, and `known` agreeing with the estimated parts.
 */
export function profileProblems(p: ScoringProfile): ProfileProblem[] {
  const problems: ProfileProblem[] = [];
  const at = (i: number, field: string) => ['ranges', i, field];
  const order = p.ranges.map((r, i) => ({ r, i })).sort((a, b) => a.r.from - b.r.from || a.i - b.i);
  let next = 1;
  for (const { r, i } of order) {
    if (r.to < r.from) problems.push({ code: 'SCORING_RANGE_REVERSED', path: at(i, 'to') });
    if (r.from < next) problems.push({ code: 'SCORING_RANGE_OVERLAP', path: at(i, 'from') });
    else if (r.from > next) problems.push({ code: next === 1 ? 'SCORING_RANGE_START' : 'SCORING_RANGE_GAP', path: at(i, 'from') });
    next = Math.max(next, r.to + 1);
  }
  if (!order.length) problems.push({ code: 'FIELD_REQUIRED', path: ['ranges'] });
  else if (p.question_count !== null && next - 1 !== p.question_count)
    problems.push({ code: 'SCORING_RANGES_END_MISMATCH', path: ['question_count'] });
  const allowed = new Set(p.subject_variants.flat());
  p.ranges.forEach((r, i) => {
    if (r.subject && allowed.size && !allowed.has(r.subject))
      problems.push({ code: 'SCORING_RANGE_SUBJECT_NOT_ALLOWED', path: at(i, 'subject') });
  });
  const seen = new Set<string>();
  p.subject_variants.forEach((v, i) => {
    const key = [...v].sort().join(',');
    if (new Set(v).size !== v.length || seen.has(key)) problems.push({ code: 'SCORING_VARIANT_REPEATED', path: ['subject_variants', i] });
    seen.add(key);
  });
  if (order.length && p.final.scale_divisor > 0 && p.final.pass_mark > maxGrade(p) + EPS)
    problems.push({ code: 'SCORING_PASS_MARK_UNREACHABLE', path: ['final', 'pass_mark'] });
  const estimated = p.estimated_parts;
  if (p.known && estimated?.length) problems.push({ code: 'SCORING_KNOWN_WITH_ESTIMATES', path: ['known'] });
  if (!p.known && estimated && !estimated.length) problems.push({ code: 'SCORING_ESTIMATE_PARTS_REQUIRED', path: ['estimated_parts'] });
  return problems;
}
