// Simulation rows and their serialisation with the caller's own attempts.
import type { Db } from '../../db/db.ts';
import type { Subject } from '../../../src/shared/scoring.ts';
import type { SimulationKind, SimulationSummary } from '../../../src/shared/simulation-schema.ts';
import { SIMULATION_LIST_LIMIT } from '../../../src/shared/simulation-schema.ts';

export type SimulationRow = {
  id: string;
  title: string;
  kind: SimulationKind;
  profile_slug: string;
  profile_name: string;
  profile_known: boolean;
  variant: Subject[];
  source_book: string | null;
  time_limit_s: number;
  is_premium: boolean;
  opens_at: Date | null;
  closes_at: Date | null;
  published_at: Date | null;
  grid_count: number;
  finished_count: number;
  my_open_test_id: string | null;
  my_best_test_id: string | null;
  my_best_score: number | null;
  my_best_max: number | null;
  my_best_grade: number | null;
  my_best_finished_at: Date | null;
};

/** $1 is the caller's user id (0 for nobody). */
const SELECT = `
  select s.id, s.title, s.kind, s.profile_slug, coalesce(sp.profile->>'name', s.profile_slug) as profile_name,
         coalesce((sp.profile->>'known')::boolean, false) as profile_known, s.variant, s.source_book,
         s.time_limit_s, s.is_premium, s.opens_at, s.closes_at, s.published_at,
         (select count(*)::int from simulation_grids sg where sg.simulation_id = s.id) as grid_count,
         (select count(distinct t.user_id)::int from tests t where t.simulation_id = s.id and t.status = 'finished') as finished_count,
         (select t.id from tests t where t.simulation_id = s.id and t.user_id = $1 and t.status = 'unfinished'
           order by t.created_at desc limit 1) as my_open_test_id,
         b.id as my_best_test_id, b.score as my_best_score, b.max_score as my_best_max, b.grade as my_best_grade,
         b.finished_at as my_best_finished_at
    from simulations s
    left join scoring_profiles sp on sp.slug = s.profile_slug
    left join lateral (select t.id, t.score, t.max_score, t.grade, t.finished_at from tests t
                        where t.simulation_id = s.id and t.user_id = $1 and t.status = 'finished'
                        order by t.score desc nulls last, t.finished_at limit 1) b on true`;

export async function simulationById(db: Db, userId: number, id: string): Promise<SimulationRow | undefined> {
  return db.one<SimulationRow>(`${SELECT} where s.id = $2`, [userId, id]);
}

export type ListFilter = { kind?: SimulationKind; center?: string; variant?: Subject[]; source?: string; drafts?: boolean };

/** Published simulations matching the filter (drafts too for the admin list), newest first. */
export async function listSimulations(db: Db, userId: number, f: ListFilter): Promise<SimulationRow[]> {
  const params: unknown[] = [userId];
  const where = [f.drafts ? 'true' : 's.published_at is not null'];
  const add = (sql: (n: number) => string, v: unknown) => {
    params.push(v);
    where.push(sql(params.length));
  };
  if (f.kind) add((n) => `s.kind = $${n}`, f.kind);
  if (f.center) add((n) => `s.profile_slug = $${n}`, f.center);
  if (f.variant) add((n) => `s.variant @> $${n}::text[] and s.variant <@ $${n}::text[]`, f.variant);
  if (f.source) add((n) => `s.source_book = $${n}`, f.source);
  return db.query<SimulationRow>(
    `${SELECT} where ${where.join(' and ')} order by s.published_at desc nulls first, s.created_at desc, s.id limit ${SIMULATION_LIST_LIMIT}`,
    params,
  );
}

export function windowOf(r: Pick<SimulationRow, 'opens_at' | 'closes_at'>, now = Date.now()): SimulationSummary['window'] {
  if (r.opens_at && +new Date(r.opens_at) > now) return 'upcoming';
  if (r.closes_at && +new Date(r.closes_at) <= now) return 'closed';
  return 'open';
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function serializeSimulation(r: SimulationRow, now = Date.now()): SimulationSummary {
  return {
    id: r.id,
    title: r.title,
    kind: r.kind,
    profile: { slug: r.profile_slug, name: r.profile_name, known: r.profile_known },
    variant: r.variant,
    source_book: r.source_book,
    grid_count: r.grid_count,
    time_limit_s: r.time_limit_s,
    is_premium: r.is_premium,
    opens_at: iso(r.opens_at),
    closes_at: iso(r.closes_at),
    window: windowOf(r, now),
    published: r.published_at !== null,
    finished_count: r.finished_count,
    my_open_test_id: r.my_open_test_id,
    my_best:
      r.my_best_test_id && r.my_best_finished_at
        ? {
            test_id: r.my_best_test_id,
            score: r.my_best_score ?? 0,
            max_score: r.my_best_max ?? 0,
            grade: r.my_best_grade ?? 0,
            finished_at: iso(r.my_best_finished_at)!,
          }
        : null,
  };
}
