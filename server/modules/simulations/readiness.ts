// Readiness over time (issue 31 §3): per chosen centre (the study plan's centres, else the
// candidate's own), points after each simulation of that centre and weekly from practice graded
// under the centre's profile, with the centre's last known admission threshold. Only the caller's
// own tests are read; every query is bounded (READINESS_WEEKS, READINESS_MAX_*).
import type { Db } from '../../db/db.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  READINESS_MAX_GRIDS,
  READINESS_MAX_SIMULATIONS,
  READINESS_WEEKS,
  floorOf,
  mergeHistory,
  practicePoints,
  simulationPoints,
  type ReadinessHistory,
  type ReadinessList,
  type ReadinessThreshold,
  type WeekGrid,
} from '../../../src/shared/readiness/index.ts';
import type { ScoringProfile } from '../../../src/shared/scoring.ts';
import { profileBySlug, userAndReferenceProfiles } from '../scoring-profiles/service.ts';

const DAY = (col: string) => `to_char((${col} at time zone 'Europe/Bucharest')::date, 'YYYY-MM-DD')`;
const WEEK = (col: string) => `to_char(date_trunc('week', ${col} at time zone 'Europe/Bucharest'), 'YYYY-MM-DD')`;

/** The centres shown: the plan's (by exam date), else the candidate's own centre. */
async function chosenCentres(db: Db, userId: number): Promise<ScoringProfile[]> {
  const rows = await db.query<{ slug: string }>(
    'select profile_slug as slug from plan_centres where user_id = $1 order by exam_date, profile_slug limit 10',
    [userId],
  );
  const profiles = (await Promise.all(rows.map((r) => profileBySlug(db, r.slug)))).filter((p): p is ScoringProfile => !!p);
  return profiles.length ? profiles : [(await userAndReferenceProfiles(db, userId)).profile];
}

async function practiceGrids(db: Db, userId: number): Promise<WeekGrid[]> {
  const rows = await db.query<{ week: string; id: number; type: WeekGrid['type']; correct: string[]; marked: string[] | null }>(
    `select ${WEEK('t.finished_at')} as week, g.id, g.type, g.correct, a.marked
       from tests t join test_grids tg on tg.test_id = t.id join grids g on g.id = tg.grid_id
       left join answers a on a.test_id = t.id and a.grid_id = g.id
      where t.user_id = $1 and t.status = 'finished' and t.kind <> 'simulation'
        and t.finished_at > now() - interval '${READINESS_WEEKS} weeks'
      order by t.finished_at desc, tg.position limit ${READINESS_MAX_GRIDS}`,
    [userId],
  );
  return rows.map((r) => ({ week: r.week, id: r.id, type: r.type, correct: r.correct, marked: r.marked ?? [] }));
}

async function history(db: Db, userId: number, profile: ScoringProfile, grids: WeekGrid[]): Promise<ReadinessHistory> {
  const [centre, sims, threshold] = await Promise.all([
    db.one<{ name: string }>('select name from centers where slug = $1', [profile.slug]),
    db.query<{ date: string; grade: number }>(
      `select ${DAY('t.finished_at')} as date, t.grade from tests t
        where t.user_id = $1 and t.kind = 'simulation' and t.status = 'finished'
          and t.filters->>'profile_slug' = $2 and t.grade is not null
        order by t.finished_at desc limit ${READINESS_MAX_SIMULATIONS}`,
      [userId, profile.slug],
    ),
    db.one<ReadinessThreshold>(
      `select a.year, a.min_grade, coalesce(a.source, '') as source, s.name as specialization
         from admission_thresholds a join specializations s on s.slug = a.specialization_slug
        where a.center_slug = $1
        -- The candidate's own specialization first (a pharmacy candidate is measured against pharmacy's
        -- threshold), then the latest year, then the list's order.
        order by (s.id is not distinct from (select u.specialization_id from users u where u.id = $2)) desc, a.year desc, s.sort
        limit 1`,
      [profile.slug, userId],
    ),
  ]);
  const merged = mergeHistory(simulationPoints(sims, floorOf(profile)), practicePoints(grids, profile), threshold ?? null);
  return { center: { slug: profile.slug, name: centre?.name ?? profile.name, known: profile.known }, threshold: threshold ?? null, ...merged };
}

export async function readinessHistory(db: Db, userId: number, center?: string): Promise<ReadinessList> {
  let profiles: ScoringProfile[];
  if (center) {
    const p = await profileBySlug(db, center);
    if (!p) throw badRequest('FORM_CENTER_INVALID', 'center');
    profiles = [p];
  } else profiles = await chosenCentres(db, userId);
  const grids = await practiceGrids(db, userId);
  const centers = [];
  for (const p of profiles) centers.push(await history(db, userId, p, grids));
  return { centers, weeks: READINESS_WEEKS };
}
