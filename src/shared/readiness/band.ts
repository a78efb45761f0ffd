// The history's points and bands (issue 31 §3), pure so the server and the tests share them.
//  - After a simulation: its grade under the centre's profile, ± the spread of the last
//    ESTIMATE_LAST_GRADES simulation grades up to it (sample SD, never below ESTIMATE_MIN_SPREAD),
//    the same rule as today's admission estimate.
//  - Weekly from practice: the week's grids pooled as one test scored under the centre's profile;
//    the band is a Wilson interval (z = READINESS_Z) on the share of points earned over n grids,
//    mapped back to grades through the centre's formula.
import { ESTIMATE_LAST_GRADES, ESTIMATE_MIN_SPREAD } from '../simulation-schema.ts';
import { gradeFromPoints, profileTestPoints, scoreTest, type ScorableGrid, type ScoringProfile } from '../scoring.ts';
import { READINESS_MIN_WEEK_GRIDS, READINESS_Z, type ReadinessPoint, type ReadinessThreshold } from './types.ts';

const round2 = (x: number) => Math.round(x * 100) / 100;
const clampTo = (floor: number) => (x: number) => Math.min(10, Math.max(Math.min(Math.max(0, floor), 10), x));

/** Wilson score interval of a share p over n trials. */
export function wilson(p: number, n: number, z = READINESS_Z): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 1 };
  const s = Math.min(1, Math.max(0, p));
  const z2 = z * z;
  const centre = (s + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((s * (1 - s)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The lowest grade of a centre's scale (attendance points over the divisor). */
export const floorOf = (p: ScoringProfile) => p.final.attendance_points / (p.final.scale_divisor || 1);

/** Points after each simulation, oldest first (`sims` in any order). */
export function simulationPoints(sims: readonly { date: string; grade: number }[], floor = 0): ReadinessPoint[] {
  const clamp = clampTo(floor);
  const sorted = [...sims].sort((a, b) => a.date.localeCompare(b.date));
  return sorted.map((s, i) => {
    const last = sorted.slice(Math.max(0, i + 1 - ESTIMATE_LAST_GRADES), i + 1).map((x) => x.grade);
    const mean = last.reduce((a, b) => a + b, 0) / last.length;
    const sd = last.length > 1 ? Math.sqrt(last.reduce((a, g) => a + (g - mean) ** 2, 0) / (last.length - 1)) : 0;
    const spread = Math.max(ESTIMATE_MIN_SPREAD, sd);
    return { date: s.date, kind: 'simulation', grade: round2(s.grade), low: round2(clamp(s.grade - spread)), high: round2(clamp(s.grade + spread)), n: last.length };
  });
}

export type WeekGrid = ScorableGrid & { week: string; marked: readonly string[] };

/** One point per practice week with at least READINESS_MIN_WEEK_GRIDS grids, oldest first. */
export function practicePoints(rows: readonly WeekGrid[], profile: ScoringProfile): ReadinessPoint[] {
  const byWeek = new Map<string, WeekGrid[]>();
  for (const r of rows) byWeek.set(r.week, [...(byWeek.get(r.week) ?? []), r]);
  const clamp = clampTo(floorOf(profile));
  const testPoints = profileTestPoints(profile);
  const out: ReadinessPoint[] = [];
  for (const [week, grids] of [...byWeek].sort(([a], [b]) => a.localeCompare(b))) {
    if (grids.length < READINESS_MIN_WEEK_GRIDS) continue;
    const s = scoreTest(grids, new Map(grids.map((g) => [g.id, g.marked])), profile);
    const share = testPoints > 0 ? s.exam_points / testPoints : 0;
    const w = wilson(share, grids.length);
    out.push({
      date: week,
      kind: 'practice',
      grade: round2(clamp(s.grade)),
      low: round2(clamp(gradeFromPoints(w.low * testPoints, profile))),
      high: round2(clamp(gradeFromPoints(w.high * testPoints, profile))),
      n: grids.length,
    });
  }
  return out;
}

/** Both kinds merged by date (a simulation after the practice week it falls in), and the gap of the latest. */
export function mergeHistory(
  sims: readonly ReadinessPoint[],
  weeks: readonly ReadinessPoint[],
  threshold: ReadinessThreshold | null,
): { points: ReadinessPoint[]; gap: number | null } {
  const points = [...weeks, ...sims].sort((a, b) => a.date.localeCompare(b.date) || (a.kind === b.kind ? 0 : a.kind === 'practice' ? -1 : 1));
  const latest = points.at(-1);
  return { points, gap: latest && threshold ? round2(latest.grade - threshold.min_grade) : null };
}
