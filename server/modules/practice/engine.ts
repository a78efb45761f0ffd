// The core of the tests engine, used by the routes, the offline sync, the review queue and the
// weak-chapters test: which grids a user may get (and the 422 when too few), creating a test from
// grid ids, finishing (scoring with the shared code), the auto-finish of a test whose time ran out
// and which tests still accept writes.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { badRequest, type AppError } from '../../lib/errors.ts';
import { scoreTest, type ScorableGrid, type TestScore } from '../../../src/shared/scoring.ts';
import type { ServerResult } from '../../../src/shared/practice-payloads.ts';
import { profilesForTest } from '../scoring-profiles/service.ts';
import { reviewAnswers, type Reviewable } from '../review/srs.ts';
import { TEST_COLUMNS, closedError, deadline, gridSetHash, isExpired, ownTest, type TestRow } from './model.ts';

/** 422 FORM_NOT_ENOUGH_GRIDS carrying how many grids the filters allow. */
export function notEnoughGrids(available: number): AppError {
  const err = badRequest('FORM_NOT_ENOUGH_GRIDS');
  (err.body as { available?: number }).available = available;
  return err;
}

export async function isPremium(db: Db, userId: number): Promise<boolean> {
  const row = await db.one<{ premium: boolean }>(
    'select (is_admin or (premium_until is not null and premium_until > now())) as premium from users where id = $1',
    [userId],
  );
  return Boolean(row?.premium);
}

/**
 * SQL condition on grid alias `g` for what a user may be given in a test: published grids (or
 * their own drafts), and premium grids only for premium users (or their author).
 * $u is the user id parameter, $p the premium flag parameter.
 */
export const allowedGrid = (u: string, p: string) =>
  `((g.is_published or g.author_id = ${u}) and (${p}::boolean or not g.is_premium or g.author_id = ${u}))`;

export type NewTest = {
  id?: string;
  userId: number;
  mode: 'tutor' | 'exam';
  kind: TestRow['kind'];
  manualId: number | null;
  filters: Record<string, unknown>;
  gridIds: number[];
  timeLimitS: number | null;
  source?: TestRow['source'];
  startedAt?: Date;
  remainingS?: number | null;
};

/** Inserts a test and its ordered grids. Returns undefined when the id is already taken. */
export async function insertTest(db: Db, t: NewTest): Promise<TestRow | undefined> {
  const id = t.id ?? randomUUID();
  return db.tx(async (tx) => {
    const row = await tx.one<TestRow>(
      `insert into tests as t (id, user_id, mode, kind, manual_id, filters, grid_count, grid_set_hash, time_limit_s, remaining_s,
                          started_at, last_activity_at, source)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $11, $12)
       on conflict (id) do nothing
       returning ${TEST_COLUMNS}`,
      [
        id,
        t.userId,
        t.mode,
        t.kind,
        t.manualId,
        JSON.stringify(t.filters),
        t.gridIds.length,
        gridSetHash(t.gridIds),
        t.timeLimitS,
        t.remainingS ?? t.timeLimitS,
        t.startedAt ?? new Date(),
        t.source ?? 'online',
      ],
    );
    if (!row) return undefined;
    await tx.query(
      `insert into test_grids (test_id, position, grid_id)
       select $1, x.ord, x.gid from unnest($2::int[]) with ordinality as x(gid, ord)`,
      [id, t.gridIds],
    );
    return row;
  });
}

type ScoringGridRow = ScorableGrid & { position: number };

export async function scorableGrids(db: Db, testId: string): Promise<ScoringGridRow[]> {
  return db.query<ScoringGridRow>(
    `select g.id, g.type, g.correct, tg.position from test_grids tg join grids g on g.id = tg.grid_id
      where tg.test_id = $1 order by tg.position`,
    [testId],
  );
}

type AnswerForScore = Reviewable & { marked: string[]; reviewed_at: Date | null };

/** A test's grids (in order) and its answers, in one query. */
async function gridsAndAnswers(db: Db, testId: string): Promise<{ grids: ScoringGridRow[]; answers: AnswerForScore[] }> {
  const rows = await db.query<ScoringGridRow & { answer_id: string | null } & Omit<AnswerForScore, 'id' | 'grid_id'>>(
    `select g.id, g.type, g.correct, tg.position,
            a.id as answer_id, a.marked, a.outcome, a.answered_at, a.reviewed_at
       from test_grids tg join grids g on g.id = tg.grid_id
       left join answers a on a.test_id = tg.test_id and a.grid_id = tg.grid_id
      where tg.test_id = $1 order by tg.position`,
    [testId],
  );
  return {
    grids: rows.map((r) => ({ id: r.id, type: r.type, correct: r.correct, position: r.position })),
    answers: rows
      .filter((r) => r.answer_id !== null)
      .map((r) => ({ id: r.answer_id!, grid_id: r.id, marked: r.marked, outcome: r.outcome, answered_at: r.answered_at, reviewed_at: r.reviewed_at })),
  };
}

async function testAnswers(db: Db, testId: string): Promise<AnswerForScore[]> {
  return db.query<AnswerForScore>(
    'select id, grid_id, marked, outcome, answered_at, reviewed_at from answers where test_id = $1',
    [testId],
  );
}

export function resultOf(s: TestScore): ServerResult {
  return {
    score: s.score,
    max_score: s.max_score,
    grade: s.grade,
    passed: s.passed,
    exam_points: s.exam_points,
    profile: s.profile,
    mapping: s.mapping,
    counts: s.counts,
  };
}

/**
 * Scores and closes an unfinished test (a no-op returning the current row when it is no longer
 * unfinished: the first finish wins). Reviews the answers not yet counted for spaced repetition,
 * or with `deferReview` only marks the test reviews_pending for review/deferred.ts (the caller
 * queues the job): the grade and score are stored either way.
 */
export async function finishTest(
  db: Db,
  test: TestRow,
  reason: 'user' | 'expired' | 'sync',
  finishedAt: Date = new Date(),
  opts: { deferReview?: boolean } = {},
): Promise<{ test: TestRow; result: ServerResult | null; changed: boolean }> {
  return db.tx(async (tx) => {
    const { grids, answers } = await gridsAndAnswers(tx, test.id);
    const marked = new Map(answers.map((a) => [a.grid_id, a.marked]));
    const { profile, reference } = await profilesForTest(tx, test);
    const s = scoreTest(grids, marked, profile);
    const ref = scoreTest(grids, marked, reference);
    const at = new Date(Math.max(+new Date(test.started_at), Math.min(+finishedAt, Date.now())));
    const row = await tx.one<TestRow>(
      `update tests t set status = 'finished', finish_reason = $2, finished_at = $3, score = $4, max_score = $5, grade = $6,
              profile_slug = $7, rank_score = $8, last_activity_at = greatest(t.last_activity_at, $3), reviews_pending = $9
        where t.id = $1 and t.status = 'unfinished'
        returning ${TEST_COLUMNS}`,
      [test.id, reason, at, s.score, s.max_score, s.grade, s.profile, ref.score, Boolean(opts.deferReview)],
    );
    if (!row) {
      const current = await tx.one<TestRow>(`select ${TEST_COLUMNS} from tests t where t.id = $1`, [test.id]);
      return { test: current ?? test, result: null, changed: false };
    }
    if (opts.deferReview) return { test: row, result: resultOf(s), changed: true };
    await reviewAnswers(
      tx,
      test.user_id,
      answers.filter((a) => !a.reviewed_at),
    );
    return { test: row, result: resultOf(s), changed: true };
  });
}

/** Abandons an unfinished test; its answers still count for spaced repetition. */
export async function abandonTest(db: Db, test: TestRow): Promise<TestRow | undefined> {
  return db.tx(async (tx) => {
    const row = await tx.one<TestRow>(
      `update tests t set status = 'abandoned', last_activity_at = now() where t.id = $1 and t.status = 'unfinished'
       returning ${TEST_COLUMNS}`,
      [test.id],
    );
    if (row)
      await reviewAnswers(
        tx,
        test.user_id,
        (await testAnswers(tx, test.id)).filter((a) => !a.reviewed_at),
      );
    return row;
  });
}

/** Auto-finish on read/write: a timed test whose time ran out becomes finished (reason 'expired'). */
export async function expireIfDue(db: Db, test: TestRow, now = Date.now()): Promise<TestRow> {
  if (!isExpired(test, now)) return test;
  return (await finishTest(db, test, 'expired', deadline(test, now))).test;
}

/** Expires every overdue timed test of a user (before listing the history). */
export async function expireOverdue(db: Db, userId: number): Promise<void> {
  const rows = await db.query<TestRow>(
    `select ${TEST_COLUMNS} from tests t
      where t.user_id = $1 and t.status = 'unfinished' and t.time_limit_s is not null
        and (t.started_at + make_interval(secs => t.time_limit_s) <= now() or t.remaining_s <= 0)`,
    [userId],
  );
  for (const t of rows) await expireIfDue(db, t);
}

/** The stored result of a finished test, recomputed for the response shape (counts, mapping). */
export async function storedResult(db: Db, test: TestRow): Promise<ServerResult> {
  const { grids, answers } = await gridsAndAnswers(db, test.id);
  const { profile } = await profilesForTest(db, test);
  const s = scoreTest(grids, new Map(answers.map((a) => [a.grid_id, a.marked])), profile);
  // The stored score is the one of record (the profile may have been edited since).
  const grade = test.grade ?? s.grade;
  return {
    ...resultOf(s),
    score: test.score ?? s.score,
    max_score: test.max_score ?? s.max_score,
    grade,
    passed: grade + 1e-9 >= profile.final.pass_mark,
  };
}

/** A test that accepts writes: unfinished and within its time (an expired one is finished now, then 409). */
export async function writableTest(db: Db, userId: number, id: string): Promise<TestRow> {
  const test = await expireIfDue(db, await ownTest(db, userId, id));
  if (test.status !== 'unfinished') throw closedError(test);
  return test;
}
