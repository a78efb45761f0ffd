// Results of a finished test (per grid, and the score under every centre's profile) and the
// ranking among everyone who finished the same set of grids.
import type { Db } from '../../db/db.ts';
import { conflict } from '../../lib/errors.ts';
import { scoreGrid, scoreTest, rangeAt, isExamShaped } from '../../../src/shared/scoring.ts';
import { listProfiles, profilesForTest } from '../scoring-profiles/service.ts';
import { expireIfDue, storedResult } from './engine.ts';
import { ownTest, photoUrl, serializeTest } from './model.ts';
import { totalTimeS } from '../../../src/shared/test-time.ts';
import type { CenterScore, Ranking, RankingEntry, ResultGrid, TestResults } from '../../../src/shared/practice-payloads.ts';
import { testGridDetails } from './service.ts';
import type { AnswerRow } from './answers.ts';
import { measuredFor } from '../item-stats/queries.ts';

export async function results(db: Db, userId: number, id: string): Promise<TestResults> {
  const test = await expireIfDue(db, await ownTest(db, userId, id));
  if (test.status !== 'finished') throw conflict('FORM_TEST_NOT_FINISHED');
  const [grids, answers, profiles, own] = await Promise.all([
    testGridDetails(db, test.id),
    db.query<AnswerRow>(
      'select id, grid_id, marked, flagged, time_ms, outcome, answered_at from answers where test_id = $1',
      [test.id],
    ),
    listProfiles(db),
    profilesForTest(db, test).then((p) => p.profile),
  ]);
  const marked = new Map(answers.map((a) => [a.grid_id, a.marked]));
  const byGrid = new Map(answers.map((a) => [a.grid_id, a]));
  const positional = isExamShaped(grids, own);
  const [result, measured] = await Promise.all([storedResult(db, test), measuredFor(db, grids.map((g) => g.id))]);
  return {
    test: serializeTest(test),
    result,
    total_time_s: totalTimeS(test),
    grids: grids.map((g, i): ResultGrid => {
      const a = byGrid.get(g.id);
      const rule = positional ? rangeAt(own, i + 1)! : { ...own.type_rules[g.type], points: 1 };
      const s = scoreGrid(g, a?.marked ?? [], rule);
      return {
        position: g.position,
        grid_id: g.id,
        type: g.type,
        statement: g.statement,
        options: g.options,
        marked: a?.marked ?? [],
        correct: g.correct,
        outcome: s.outcome,
        points: s.points,
        max_points: s.max,
        flagged: a?.flagged ?? false,
        time_ms: a?.time_ms ?? null,
        explanation: g.explanation,
        explanation_photo_url: photoUrl(g.explanation_photo_path),
        chapter: { id: g.chapter_id, title: g.chapter_title, manual_id: g.manual_id },
        measured: measured.get(g.id) ?? null,
      };
    }),
    by_center: profiles.map((p): CenterScore => {
      const s = scoreTest(grids, marked, p);
      return {
        slug: p.slug,
        name: p.name,
        known: p.known,
        score: s.score,
        max_score: s.max_score,
        grade: s.grade,
        passed: s.passed,
        mapping: s.mapping,
      };
    }),
  };
}

/** "First name + initial": the first word of the name and the initial of the second ("Popescu A."). */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/u);
  return words.length > 1 ? `${words[0]} ${words[1]!.charAt(0).toUpperCase()}.` : (words[0] ?? '');
}

type Entry = { test_id: string; user_id: number; name: string; score: number; started_at: Date; finished_at: Date; duration_s: number };

const RANKING_LIMIT = 50;

/**
 * Everyone who finished a test with the same grid set (same grid_set_hash): each other user by
 * their best attempt, the caller by this test. Ordered by score (under the reference profile, so
 * centres compare fairly), then by time taken. percentile = share of the others ranked below you:
 * (total − rank) / (total − 1) × 100, null when alone.
 */
export async function ranking(db: Db, userId: number, id: string): Promise<Ranking> {
  const test = await expireIfDue(db, await ownTest(db, userId, id));
  if (test.status !== 'finished') throw conflict('FORM_TEST_NOT_FINISHED');
  // Best attempt per other user: highest score, then the shortest total time (same definition as totalTimeS).
  const duration = `(t.finished_at - t.started_at)`;
  // A simulation ranks among the attempts of the same simulation, by the score under its own centre
  // (everyone was graded under the same profile), as GET /tests/:id/simulation does.
  const simulationId = test.kind === 'simulation' ? (test.filters.simulation_id as string | undefined) : undefined;
  const score = simulationId ? 'coalesce(t.score, 0)' : 'coalesce(t.rank_score, t.score, 0)';
  const same = simulationId ? `t.grid_set_hash = $1 and t.filters->>'simulation_id' = $4` : 't.grid_set_hash = $1';
  const rows = (
    await db.query<Omit<Entry, 'duration_s'>>(
      `select * from (
         select distinct on (t.user_id) t.id as test_id, t.user_id, u.name, ${score} as score, t.started_at, t.finished_at
           from tests t join users u on u.id = t.user_id
          where ${same} and t.status = 'finished' and t.user_id <> $2
          order by t.user_id, ${score} desc, ${duration} asc
       ) best
       union all
       select t.id, t.user_id, u.name, ${score}, t.started_at, t.finished_at from tests t join users u on u.id = t.user_id where t.id = $3`,
      simulationId ? [test.grid_set_hash, userId, test.id, simulationId] : [test.grid_set_hash, userId, test.id],
    )
  ).map((r): Entry => ({ ...r, duration_s: totalTimeS(r) }));
  rows.sort((a, b) => b.score - a.score || a.duration_s - b.duration_s || a.user_id - b.user_id);
  const better = (x: Entry, y: Entry) =>
    x.score > y.score + 1e-9 || (Math.abs(x.score - y.score) <= 1e-9 && x.duration_s < y.duration_s);
  const rankOf = (e: Entry) => 1 + rows.filter((o) => better(o, e)).length;
  const me = rows.find((r) => r.test_id === test.id)!;
  const total = rows.length;
  const rank = rankOf(me);
  // Alone, there is no one to be better than: no percentile (not "better than 100 % of the others").
  const percentile = total > 1 ? Math.round(((total - rank) / (total - 1)) * 1000) / 10 : null;
  return {
    total,
    rank,
    percentile,
    max_score: test.max_score,
    entries: rows.slice(0, RANKING_LIMIT).map((r): RankingEntry => ({
      rank: rankOf(r),
      name: shortName(r.name),
      score: r.score,
      duration_s: r.duration_s,
      is_me: r.test_id === test.id,
    })),
  };
}
