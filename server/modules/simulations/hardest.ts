// The hardest grids of a simulation (issue 9 §4), shown on every taker's result: the grids of the
// paper with the lowest share of right answers among everyone who finished it (every attempt
// counts). Shown once HARDEST_MIN_TAKERS candidates finished, so one person's answers are never
// exposed as 'the statistics'.
import type { Db } from '../../db/db.ts';
import { HARDEST_COUNT, HARDEST_MIN_TAKERS, type HardGrid } from '../../../src/shared/simulation-schema.ts';

export async function hardestGrids(db: Db, simulationId: string): Promise<HardGrid[]> {
  const takers = await db.one<{ n: number }>(
    `select count(distinct user_id)::int as n from tests where simulation_id = $1 and status = 'finished'`,
    [simulationId],
  );
  if ((takers?.n ?? 0) < HARDEST_MIN_TAKERS) return [];
  return db.query<HardGrid>(
    `select sg.position, g.id as grid_id, g.statement,
            avg((coalesce(a.outcome, 'blank') = 'right')::int)::float8 as share_right, count(*)::int as attempts
       from simulation_grids sg
       join grids g on g.id = sg.grid_id
       join tests t on t.simulation_id = sg.simulation_id and t.status = 'finished'
       left join answers a on a.test_id = t.id and a.grid_id = sg.grid_id
      where sg.simulation_id = $1
      group by sg.position, g.id, g.statement
      order by share_right, sg.position
      limit $2`,
    [simulationId, HARDEST_COUNT],
  );
}
