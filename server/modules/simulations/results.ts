// The result of a finished simulation test: score and grade under the simulation's centre profile
// (stored at finish), rank and percentile among everyone who finished that simulation (each other
// candidate by their best attempt, the caller by this one; ties broken by the shorter time), and
// the points per subject and per chapter.
import type { Db } from '../../db/db.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { roundPoints, scoreTest } from '../../../src/shared/scoring.ts';
import type { BreakdownRow, SimulationResult } from '../../../src/shared/simulation-schema.ts';
import { profilesForTest } from '../scoring-profiles/service.ts';
import { expireIfDue } from '../practice/engine.ts';
import { ownTest } from '../practice/model.ts';
import { serializeSimulation, simulationById } from './queries.ts';
import { hardestGrids } from './hardest.ts';

const SUBJECT_LABEL: Record<string, string> = { biologie: 'Biologie', chimie: 'Chimie', fizica: 'Fizică' };

type GridRow = {
  id: number;
  type: 'CS' | 'CM' | 'CG';
  correct: string[];
  chapter_id: number;
  chapter_title: string;
  subject: string;
  marked: string[] | null;
};

type Attempt = { test_id: string; user_id: number; score: number; duration_ms: number };

export async function rankAmong(db: Db, simulationId: string, testId: string, userId: number) {
  const rows = await db.query<Attempt>(
    `select * from (
       select distinct on (t.user_id) t.id as test_id, t.user_id, coalesce(t.score, 0) as score,
              (extract(epoch from (t.finished_at - t.started_at)) * 1000)::float8 as duration_ms
         from tests t where t.simulation_id = $1 and t.status = 'finished' and t.user_id <> $3
        order by t.user_id, coalesce(t.score, 0) desc, t.finished_at - t.started_at
     ) best
     union all
     select t.id, t.user_id, coalesce(t.score, 0), (extract(epoch from (t.finished_at - t.started_at)) * 1000)::float8
       from tests t where t.id = $2`,
    [simulationId, testId, userId],
  );
  const me = rows.find((r) => r.test_id === testId)!;
  const better = rows.filter(
    (o) => o.score > me.score + 1e-9 || (Math.abs(o.score - me.score) <= 1e-9 && o.duration_ms < me.duration_ms),
  ).length;
  const total = rows.length;
  const rank = better + 1;
  // Alone, there is no one to be better than: no percentile (not "better than 100 % of the others").
  const percentile = total > 1 ? Math.round(((total - rank) / (total - 1)) * 1000) / 10 : null;
  return { rank, total, percentile };
}

function breakdown(rows: Array<{ key: string; label: string; points: number; max: number; right: boolean }>): BreakdownRow[] {
  const by = new Map<string, BreakdownRow>();
  for (const r of rows) {
    const b = by.get(r.key) ?? { key: r.key, label: r.label, points: 0, max_points: 0, right: 0, total: 0 };
    b.points = roundPoints(b.points + r.points);
    b.max_points = roundPoints(b.max_points + r.max);
    b.right += r.right ? 1 : 0;
    b.total += 1;
    by.set(r.key, b);
  }
  return [...by.values()];
}

export async function simulationResult(db: Db, userId: number, testId: string): Promise<SimulationResult> {
  const test = await expireIfDue(db, await ownTest(db, userId, testId));
  const simId = test.kind === 'simulation' ? (test.filters.simulation_id as string | undefined) : undefined;
  if (!simId) throw conflict('FORM_TEST_NOT_SIMULATION');
  if (test.status !== 'finished') throw conflict('FORM_TEST_NOT_FINISHED');
  const sim = await simulationById(db, userId, simId);
  if (!sim) throw notFound('FORM_SIMULATION_NOT_FOUND');
  const [{ profile }, grids, place, hardest] = await Promise.all([
    profilesForTest(db, test),
    db.query<GridRow>(
      `select g.id, g.type, g.correct, c.id as chapter_id, c.title as chapter_title, m.subject, a.marked
         from test_grids tg join grids g on g.id = tg.grid_id join chapters c on c.id = g.chapter_id
         join manuals m on m.id = c.manual_id
         left join answers a on a.test_id = tg.test_id and a.grid_id = tg.grid_id
        where tg.test_id = $1 order by tg.position`,
      [test.id],
    ),
    rankAmong(db, simId, test.id, userId),
    hardestGrids(db, simId),
  ]);
  const s = scoreTest(grids, new Map(grids.map((g) => [g.id, g.marked ?? []])), profile);
  const per = grids.map((g, i) => ({ g, sc: s.grids[i]! }));
  return {
    simulation: serializeSimulation(sim),
    test_id: test.id,
    // The stored score is the one of record (the profile may have been edited since).
    score: test.score ?? s.score,
    max_score: test.max_score ?? s.max_score,
    grade: test.grade ?? s.grade,
    passed: (test.grade ?? s.grade) + 1e-9 >= profile.final.pass_mark,
    profile_known: profile.known,
    profile_source: profile.source,
    mapping: s.mapping,
    ...place,
    by_subject: breakdown(
      per.map(({ g, sc }) => ({ key: g.subject, label: SUBJECT_LABEL[g.subject] ?? g.subject, points: sc.points, max: sc.max, right: sc.outcome === 'right' })),
    ),
    by_chapter: breakdown(
      per.map(({ g, sc }) => ({ key: String(g.chapter_id), label: g.chapter_title, points: sc.points, max: sc.max, right: sc.outcome === 'right' })),
    ),
    hardest,
  };
}
