// The statistics of every grid, recomputed in one statement from the finished tests' answers.
// Facility: share of answers right (a partial CM answer is not right). Discrimination: the
// point-biserial correlation (corr) between answering the grid right and the share right of the
// same test's OTHER grids — the classic corrected item-total correlation: a good grid is answered
// right more often by those who do well on the rest. Tests with fewer than ITEM_STATS_MIN_TEST_GRIDS
// grids say little about a candidate and are left out; a grid needs ITEM_STATS_MIN_ANSWERS answers
// before its discrimination is given. Measured difficulty (issue 31 §2): per grid, the candidates'
// first answers and how many of them were fully right.
import type { Db } from '../../db/db.ts';
import {
  ITEM_STATS_MIN_ANSWERS,
  ITEM_STATS_MIN_TEST_GRIDS,
  MEASURED_EASY_MIN,
  MEASURED_HARD_BELOW,
  MEASURED_MIN_FIRST_ANSWERS,
  type GridQuality,
  type MeasuredBand,
  type MeasuredDifficulty,
} from '../../../src/shared/item-stats.ts';

export async function refreshGridStats(db: Db): Promise<number> {
  const rows = await db.query<{ grid_id: number }>(
    `with scored as (
       select a.grid_id, (a.outcome = 'right')::int as ok,
              sum((a.outcome = 'right')::int) over (partition by a.test_id) as test_ok,
              count(*) over (partition by a.test_id) as test_n
         from answers a join tests t on t.id = a.test_id
        where t.status = 'finished'),
     per_grid as (
       select grid_id, count(*)::int as answers, avg(ok)::float8 as facility,
              corr(ok::float8, (test_ok - ok)::float8 / (test_n - 1)) as r
         from scored where test_n >= $1 group by grid_id),
     -- Each candidate's first final answer to each grid (issue 31 §2): a finished test's, or a tutor
     -- test's (final once given); blank is no answer. Ties in time are broken by id, so one row.
     firsts as (
       select distinct on (a.user_id, a.grid_id) a.grid_id, (a.outcome = 'right')::int as ok
         from answers a join tests t on t.id = a.test_id
        where a.outcome <> 'blank' and (t.status = 'finished' or t.mode = 'tutor')
        order by a.user_id, a.grid_id, a.answered_at, a.id),
     per_first as (
       select grid_id, count(*)::int as first_answers, sum(ok)::int as first_right from firsts group by grid_id),
     merged as (
       select coalesce(p.grid_id, f.grid_id) as grid_id, coalesce(p.answers, 0) as answers, p.facility,
              case when p.answers >= $2 then p.r end as discrimination,
              coalesce(f.first_answers, 0) as first_answers, coalesce(f.first_right, 0) as first_right
         from per_grid p full join per_first f on f.grid_id = p.grid_id)
     insert into grid_stats (grid_id, answers, facility, discrimination, first_answers, first_right, computed_at)
     select grid_id, answers, facility, discrimination, first_answers, first_right, now() from merged
     on conflict (grid_id) do update set answers = excluded.answers, facility = excluded.facility,
       discrimination = excluded.discrimination, first_answers = excluded.first_answers,
       first_right = excluded.first_right, computed_at = excluded.computed_at
     returning grid_id`,
    [ITEM_STATS_MIN_TEST_GRIDS, ITEM_STATS_MIN_ANSWERS],
  );
  return rows.length;
}

/** SQL: true when grid_stats row `s` is measured (enough first answers). */
export const isMeasured = (s: string) => `${s}.first_answers >= ${MEASURED_MIN_FIRST_ANSWERS}`;
/** SQL: the measured share right of grid_stats row `s` (only meaningful where isMeasured). */
export const measuredShare = (s: string) => `(${s}.first_right::float8 / nullif(${s}.first_answers, 0))`;

/** SQL condition on grid_stats row `s` for one band of the builder's filter (bounds of item-stats.ts). */
export function bandCondition(s: string, band: MeasuredBand): string {
  const share = measuredShare(s);
  const cond = band === 'easy' ? `${share} >= ${MEASURED_EASY_MIN}` : band === 'hard' ? `${share} < ${MEASURED_HARD_BELOW}` : `${share} >= ${MEASURED_HARD_BELOW} and ${share} < ${MEASURED_EASY_MIN}`;
  return `(${isMeasured(s)} and ${cond})`;
}

/**
 * The measured difficulty of these grids, for a candidate who has answered them (the callers
 * decide that: results of a finished test, a tutor answer just given). Grids not yet measured are
 * absent from the map.
 */
export async function measuredFor(db: Db, gridIds: readonly number[]): Promise<Map<number, MeasuredDifficulty>> {
  if (!gridIds.length) return new Map();
  const rows = await db.query<{ grid_id: number; share: number; answers: number }>(
    `select s.grid_id, ${measuredShare('s')} as share, s.first_answers as answers
       from grid_stats s where s.grid_id = any($1::int[]) and ${isMeasured('s')}`,
    [[...gridIds]],
  );
  return new Map(rows.map((r) => [r.grid_id, { share: r.share, answers: r.answers }]));
}

/** The admin's content-quality queue: grids that discriminate negatively, that almost nobody gets right, or that are reported. */
export const qualityQueue = (db: Db, lowFacility: number, limit: number) =>
  db.query<GridQuality>(
    `with reports as (select grid_id, count(*)::int as n from grid_reports where status = 'open' group by grid_id)
     select g.id as grid_id, g.statement, c.title as chapter_title, m.title as manual_title,
            s.answers, s.facility, s.discrimination, coalesce(r.n, 0) as open_reports, s.computed_at
       from grids g
       join chapters c on c.id = g.chapter_id
       join manuals m on m.id = c.manual_id
       left join grid_stats s on s.grid_id = g.id
       left join reports r on r.grid_id = g.id
      where s.discrimination < 0 or (s.answers >= $3 and s.facility < $1) or r.n > 0
      order by coalesce(r.n, 0) desc, s.discrimination asc nulls last, s.facility asc nulls last
      limit $2`,
    [lowFacility, limit, ITEM_STATS_MIN_ANSWERS],
  );
