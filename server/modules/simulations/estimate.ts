// Admission estimate per centre and specialization (issue 9 §1): the candidate's latest simulation
// grades at that centre give a RANGE (mean ± spread, the spread never below ESTIMATE_MIN_SPREAD:
// a mock exam is not the exam), compared with the last admitted grades of past years (editable data
// with sources, migration 021). Never one number: the answer is a range and a verdict over the range.
import type { Db } from '../../db/db.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  ESTIMATE_LAST_GRADES,
  ESTIMATE_MIN_SPREAD,
  type AdmissionEstimate,
} from '../../../src/shared/simulation-schema.ts';
import { profileBySlug } from '../scoring-profiles/service.ts';

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Both ends are kept within the centre's scale, from its lowest grade (`floor`: attendance points
 * over the divisor, 0 for most centres, 1 at Timișoara) to 10, so the range is never inverted: a low
 * mean used to give "între 1 și 0,6" when the low end was raised to 1 and the high one was not.
 */
export function gradeRange(grades: readonly number[], floor = 0): { low: number; high: number } | null {
  if (!grades.length) return null;
  const mean = grades.reduce((a, b) => a + b, 0) / grades.length;
  const sd =
    grades.length > 1 ? Math.sqrt(grades.reduce((a, g) => a + (g - mean) ** 2, 0) / (grades.length - 1)) : 0;
  const spread = Math.max(ESTIMATE_MIN_SPREAD, sd);
  const lowest = Math.min(Math.max(0, floor), 10);
  const clamp = (x: number) => Math.min(10, Math.max(lowest, x));
  return { low: round2(clamp(mean - spread)), high: round2(clamp(mean + spread)) };
}

export function verdict(range: { low: number; high: number } | null, thresholds: readonly number[]): AdmissionEstimate['specializations'][number]['verdict'] {
  if (!range || !thresholds.length) return null;
  if (range.low >= Math.max(...thresholds)) return 'above';
  if (range.high < Math.min(...thresholds)) return 'below';
  return 'borderline';
}

export async function admissionEstimate(db: Db, userId: number, center: string): Promise<AdmissionEstimate> {
  const profile = await profileBySlug(db, center);
  const centre = await db.one<{ slug: string; name: string }>('select slug, name from centers where slug = $1', [center]);
  if (!profile || !centre) throw badRequest('FORM_CENTER_INVALID', 'center');
  const [grades, rows] = await Promise.all([
    db.query<{ grade: number }>(
      `select t.grade from tests t where t.user_id = $1 and t.kind = 'simulation' and t.status = 'finished'
          and t.filters->>'profile_slug' = $2 and t.grade is not null
        order by t.finished_at desc limit ${ESTIMATE_LAST_GRADES}`,
      [userId, center],
    ),
    db.query<{ slug: string; name: string; year: number | null; min_grade: number | null; places: number | null; source: string | null }>(
      `select s.slug, s.name, a.year, a.min_grade, a.places, a.source from specializations s
         left join admission_thresholds a on a.specialization_slug = s.slug and a.center_slug = $1
        order by s.sort, a.year desc`,
      [center],
    ),
  ]);
  const range = gradeRange(
    grades.map((g) => g.grade),
    profile.final.attendance_points / (profile.final.scale_divisor || 1),
  );
  const bySpec = new Map<string, AdmissionEstimate['specializations'][number]>();
  for (const r of rows) {
    const s = bySpec.get(r.slug) ?? { slug: r.slug, name: r.name, thresholds: [], verdict: null };
    if (r.year !== null && r.min_grade !== null)
      s.thresholds.push({ year: r.year, min_grade: r.min_grade, places: r.places, source: r.source ?? '' });
    bySpec.set(r.slug, s);
  }
  for (const s of bySpec.values()) s.verdict = verdict(range, s.thresholds.map((t) => t.min_grade));
  return {
    center: { slug: centre.slug, name: centre.name, known: profile.known },
    grades: grades.map((g) => g.grade),
    range,
    bac_share: profile.final.bac_share,
    specializations: [...bySpec.values()],
  };
}

export async function saveThreshold(
  db: Db,
  adminId: number,
  p: { center: string; specialization: string; year: number },
  b: { min_grade: number; places?: number | null; source: string },
) {
  const ok = await db.one<{ c: boolean; s: boolean }>(
    `select exists(select 1 from centers where slug = $1) as c, exists(select 1 from specializations where slug = $2) as s`,
    [p.center, p.specialization],
  );
  if (!ok?.c) throw notFound('FORM_CENTER_INVALID');
  if (!ok.s) throw notFound('FORM_SPECIALIZATION_INVALID');
  await db.query(
    `insert into admission_thresholds (center_slug, specialization_slug, year, min_grade, places, source, updated_by, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, now())
     on conflict (center_slug, specialization_slug, year) do update
       set min_grade = excluded.min_grade, places = excluded.places, source = excluded.source,
           updated_by = excluded.updated_by, updated_at = now()`,
    [p.center, p.specialization, p.year, b.min_grade, b.places ?? null, b.source, adminId],
  );
  return { success: 'CONTENT_SAVED' as const };
}
