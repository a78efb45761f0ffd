// Building a simulation's paper to a centre's format: for every question range of the scoring
// profile, grids of the range's type from the range's subject, drawn at random from the published
// bank (no user-authored grids), so the test has the exam's shape and is scored positionally.
import type { Db } from '../../db/db.ts';
import type { QuestionRange, ScoringProfile, Subject } from '../../../src/shared/scoring.ts';
import { badRequest } from '../../lib/errors.ts';
import { notEnoughGrids } from '../practice/engine.ts';

/**
 * The subject of each question (1-based position → subject) under a variant. A range's own
 * subject is kept when the variant has it; the second subject of the exam (chemistry) becomes the
 * variant's other subject (physics in biology + physics, biology alone in a one-subject variant).
 * A range without a subject is split in order across the variant's subjects.
 */
export function subjectsByPosition(profile: ScoringProfile, variant: readonly Subject[]): Map<number, Subject> {
  const out = new Map<number, Subject>();
  const other = variant.find((s) => s !== 'biologie') ?? variant[0]!;
  for (const r of profile.ranges) {
    const n = r.to - r.from + 1;
    for (let i = 0; i < n; i++) {
      let s: Subject;
      if (r.subject) s = variant.includes(r.subject) ? r.subject : r.subject === 'biologie' ? variant[0]! : other;
      else s = variant[Math.floor((i * variant.length) / n)]!;
      out.set(r.from + i, s);
    }
  }
  return out;
}

export function variantAllowed(profile: ScoringProfile, variant: readonly string[]): boolean {
  const key = [...variant].sort().join(',');
  return profile.subject_variants.some((v) => [...v].sort().join(',') === key);
}

type Need = { subject: Subject; type: QuestionRange['type']; positions: number[] };

/** The grid ids of a new paper, in exam order; 422 FORM_NOT_ENOUGH_GRIDS when the bank is short. */
export async function buildPaper(
  db: Db,
  profile: ScoringProfile,
  variant: Subject[],
  opts: { premium: boolean; sourceBook: string | null },
): Promise<number[]> {
  if (!profile.ranges.length) throw badRequest('FIELD_INVALID', 'profile_slug');
  const subjects = subjectsByPosition(profile, variant);
  const needs = new Map<string, Need>();
  for (const r of profile.ranges)
    for (let p = r.from; p <= r.to; p++) {
      const subject = subjects.get(p)!;
      const k = `${subject}:${r.type}`;
      const need = needs.get(k) ?? { subject, type: r.type, positions: [] };
      need.positions.push(p);
      needs.set(k, need);
    }
  const paper = new Map<number, number>();
  for (const need of needs.values()) {
    const rows = await db.query<{ id: number }>(
      `select g.id from grids g join chapters c on c.id = g.chapter_id join manuals m on m.id = c.manual_id
        where g.is_published and g.author_id is null and m.subject = $1 and g.type = $2
          and ($3::boolean or not g.is_premium) and ($4::text is null or g.source = $4)
        order by random() limit $5`,
      [need.subject, need.type, opts.premium, opts.sourceBook, need.positions.length],
    );
    if (rows.length < need.positions.length) throw notEnoughGrids(rows.length);
    need.positions.forEach((p, i) => paper.set(p, rows[i]!.id));
  }
  return [...paper.entries()].sort((a, b) => a[0] - b[0]).map(([, id]) => id);
}
