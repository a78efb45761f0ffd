// The statistics of every grid, recomputed in one statement from the finished tests' answers.
// Facility: share of answers right (a partial CM answer is not right). Discrimination: the
// point-biserial correlation (corr) between answering the grid right and the share right of the
// same test's OTHER grids — the classic corrected item-total correlation: a good grid is answered
// right more often by those who do well on the rest. Tests with fewer than ITEM_STATS_MIN_TEST_GRIDS
// grids say little about a candidate and are left out; a grid needs ITEM_STATS_MIN_ANSWERS answers
// before its discrimination is given.
import type { Db } from '../../db/db.ts';
import { ITEM_STATS_MIN_ANSWERS, ITEM_STATS_MIN_TEST_GRIDS, type GridQuality } from '../../../src/shared/item-stats.ts';

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
         from scored where test_n >= $1 group by grid_id)
     insert into grid_stats (grid_id, answers, facility, discrimination, computed_at)
     select grid_id, answers, facility, case when answers >= $2 then r end, now() from per_grid
     on conflict (grid_id) do update set answers = excluded.answers, facility = excluded.facility,
       discrimination = excluded.discrimination, computed_at = excluded.computed_at
     returning grid_id`,
    [ITEM_STATS_MIN_TEST_GRIDS, ITEM_STATS_MIN_ANSWERS],
  );
  return rows.length;
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
