// Study plan queries (issue 31 §1). Days are Bucharest calendar days, in SQL as in the planner.
import type { Db } from '../../db/db.ts';
import { allowedGrid } from '../practice/engine.ts';
import type { ExamDateRow, PlanCentreSetting } from '../../../src/shared/plan-payloads.ts';
import type { PlanProgress } from '../../../src/shared/plan/types.ts';
import type { PlanDay } from '../../../src/shared/plan/types.ts';
import type { ScoringProfile } from '../../../src/shared/scoring.ts';

const DAY = (col: string) => `to_char((${col} at time zone 'Europe/Bucharest')::date, 'YYYY-MM-DD')`;

export async function settings(db: Db, userId: number) {
  const row = await db.one<{ week_minutes: number[]; reminder_hour: number | null }>(
    'select week_minutes, reminder_hour from plan_settings where user_id = $1',
    [userId],
  );
  const centres = await db.query<PlanCentreSetting & { profile: ScoringProfile }>(
    `select p.profile_slug as slug, s.profile->>'name' as name, to_char(p.exam_date, 'YYYY-MM-DD') as exam_date, s.profile
       from plan_centres p join scoring_profiles s on s.slug = p.profile_slug
      where p.user_id = $1 order by p.exam_date, p.profile_slug`,
    [userId],
  );
  return { row, centres };
}

export async function knownSlugs(db: Db, slugs: string[]): Promise<Set<string>> {
  const rows = await db.query<{ slug: string }>('select slug from scoring_profiles where slug = any($1::text[])', [slugs]);
  return new Set(rows.map((r) => r.slug));
}

export async function saveSettings(
  db: Db,
  userId: number,
  s: { centres: { slug: string; exam_date: string }[]; week_minutes: number[]; reminder_hour: number | null },
): Promise<void> {
  await db.tx(async (t) => {
    await t.query(
      `insert into plan_settings (user_id, week_minutes, reminder_hour) values ($1, $2::int[], $3)
       on conflict (user_id) do update set week_minutes = excluded.week_minutes, reminder_hour = excluded.reminder_hour, updated_at = now()`,
      [userId, s.week_minutes, s.reminder_hour],
    );
    await t.query('delete from plan_centres where user_id = $1', [userId]);
    for (const c of s.centres)
      await t.query('insert into plan_centres (user_id, profile_slug, exam_date) values ($1, $2, $3::date)', [userId, c.slug, c.exam_date]);
    // New settings make a new plan: nothing to compare with.
    await t.query('delete from plan_snapshots where user_id = $1', [userId]);
  });
}

export interface ChapterRow {
  id: number;
  title: string;
  subject: string;
  size: number;
  grids_total: number;
  grids_done: number;
  grids_today: number;
  read_on: string | null;
}

/** Every chapter of the published manuals of these subjects the candidate may open, manual by
 *  manual in their order, with what the candidate has read and answered (first answers by day). */
export async function chapters(db: Db, userId: number, premium: boolean, subjects: string[], today: string): Promise<ChapterRow[]> {
  return db.query<ChapterRow>(
    `with firsts as (
       select a.grid_id, min(a.answered_at) as first_at from answers a
        where a.user_id = $1 and a.outcome <> 'blank' group by a.grid_id
     )
     select c.id, c.title, m.subject, octet_length(c.blocks::text)::int as size,
            count(g.id)::int as grids_total, count(f.grid_id)::int as grids_done,
            count(f.grid_id) filter (where ${DAY('f.first_at')} = $4)::int as grids_today,
            ${DAY('p.read_at')} as read_on
       from manuals m join chapters c on c.manual_id = m.id
       left join grids g on g.chapter_id = c.id and ${allowedGrid('$1', '$2')}
       left join firsts f on f.grid_id = g.id
       left join user_chapter_progress p on p.user_id = $1 and p.chapter_id = c.id
      where m.is_published and m.subject = any($3::text[]) and ($2::boolean or not c.is_premium)
      group by m.id, c.id, p.read_at
      order by m.sort, m.id, c.sort, c.id`,
    [userId, premium, subjects, today],
  );
}

/** FSRS cards due per Bucharest day: the review module's definition, shared with GET /review. */
export { reviewsDueByDay as reviewsDue } from '../review/due.ts';

/** Reviews answered today (answers in review tests). */
export async function reviewsToday(db: Db, userId: number, today: string): Promise<number> {
  const row = await db.one<{ n: number }>(
    `select count(*)::int as n from answers a join tests t on t.id = a.test_id
      where a.user_id = $1 and t.kind = 'review' and a.outcome <> 'blank' and ${DAY('a.answered_at')} = $2`,
    [userId, today],
  );
  return row?.n ?? 0;
}

export async function simulationsDone(db: Db, userId: number): Promise<{ slug: string; date: string }[]> {
  return db.query(
    `select t.profile_slug as slug, ${DAY('t.finished_at')} as date from tests t
      where t.user_id = $1 and t.kind = 'simulation' and t.status = 'finished' and t.profile_slug is not null
        and t.finished_at > now() - interval '120 days'`,
    [userId],
  );
}

/** Chapters first read and grids first answered in [from, to): the progress against a previous plan. */
export async function doneBetween(db: Db, userId: number, from: string, to: string): Promise<{ chapters: number; grids: number }> {
  const row = await db.one<{ chapters: number; grids: number }>(
    `select (select count(*)::int from user_chapter_progress p where p.user_id = $1
               and ${DAY('p.read_at')} >= $2 and ${DAY('p.read_at')} < $3) as chapters,
            (select count(*)::int from (select min(a.answered_at) as f from answers a
               where a.user_id = $1 and a.outcome <> 'blank' group by a.grid_id) x
              where ${DAY('x.f')} >= $2 and ${DAY('x.f')} < $3) as grids`,
    [userId, from, to],
  );
  return row ?? { chapters: 0, grids: 0 };
}

export async function snapshot(db: Db, userId: number) {
  return db.one<{ made_on: string; days: PlanDay[]; progress: PlanProgress | null }>(
    `select to_char(made_on, 'YYYY-MM-DD') as made_on, days, progress from plan_snapshots where user_id = $1`,
    [userId],
  );
}

export async function saveSnapshot(db: Db, userId: number, madeOn: string, days: PlanDay[], progress: PlanProgress | null) {
  await db.query(
    `insert into plan_snapshots (user_id, made_on, days, progress) values ($1, $2::date, $3::jsonb, $4::jsonb)
     on conflict (user_id) do update set made_on = excluded.made_on, days = excluded.days, progress = excluded.progress, updated_at = now()`,
    [userId, madeOn, JSON.stringify(days), progress ? JSON.stringify(progress) : null],
  );
}

export async function examDates(db: Db, years: number[]): Promise<ExamDateRow[]> {
  return db.query<ExamDateRow>(
    `select e.profile_slug as slug, s.profile->>'name' as name, e.year, to_char(e.exam_date, 'YYYY-MM-DD') as exam_date,
            e.source, e.is_demo
       from exam_dates e join scoring_profiles s on s.slug = e.profile_slug
      where e.year = any($1::int[]) order by e.year, e.exam_date, e.profile_slug`,
    [years],
  );
}
