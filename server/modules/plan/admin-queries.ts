// The exam dates an administrator keeps per centre and year (issue 31 §1, table exam_dates of
// migration 043): the admin screen's list, add, edit and delete.
import type { Db } from '../../db/db.ts';
import type { AdminExamDateRow } from '../../../src/shared/plan-payloads.ts';

const ROW = `e.profile_slug as slug, s.profile->>'name' as name, e.year, to_char(e.exam_date, 'YYYY-MM-DD') as exam_date,
  e.source, e.is_demo, to_char(e.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at, u.name as updated_by`;
const FROM = `exam_dates e join scoring_profiles s on s.slug = e.profile_slug left join users u on u.id = e.updated_by`;

/** Every year's dates (or one year's), newest year first, then by date. */
export function list(db: Db, year?: number): Promise<AdminExamDateRow[]> {
  return db.query<AdminExamDateRow>(
    `select ${ROW} from ${FROM} where ($1::int is null or e.year = $1) order by e.year desc, e.exam_date, e.profile_slug limit 1000`,
    [year ?? null],
  );
}

export async function one(db: Db, slug: string, year: number): Promise<AdminExamDateRow | undefined> {
  return db.one<AdminExamDateRow>(`select ${ROW} from ${FROM} where e.profile_slug = $1 and e.year = $2`, [slug, year]);
}

export type ExamDateWrite = { slug: string; year: number; exam_date: string; source: string; is_demo: boolean };

/** Adds the centre's date for the year; false when it has one already. */
export async function create(db: Db, d: ExamDateWrite, adminId: number): Promise<boolean> {
  const rows = await db.query(
    `insert into exam_dates (profile_slug, year, exam_date, source, is_demo, updated_by) values ($1, $2, $3::date, $4, $5, $6)
     on conflict (profile_slug, year) do nothing returning year`,
    [d.slug, d.year, d.exam_date, d.source, d.is_demo, adminId],
  );
  return rows.length === 1;
}

/** Sets the centre's date for the year (added when missing). */
export async function save(db: Db, d: ExamDateWrite, adminId: number): Promise<void> {
  await db.query(
    `insert into exam_dates (profile_slug, year, exam_date, source, is_demo, updated_by) values ($1, $2, $3::date, $4, $5, $6)
     on conflict (profile_slug, year) do update set exam_date = excluded.exam_date, source = excluded.source,
       is_demo = excluded.is_demo, updated_by = excluded.updated_by, updated_at = now()`,
    [d.slug, d.year, d.exam_date, d.source, d.is_demo, adminId],
  );
}

export async function remove(db: Db, slug: string, year: number): Promise<boolean> {
  const rows = await db.query('delete from exam_dates where profile_slug = $1 and year = $2 returning year', [slug, year]);
  return rows.length === 1;
}
