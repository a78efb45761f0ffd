// POST /tests/sync: tests made offline (from grids stored on the device) uploaded in a batch.
//
// Idempotency: tests and answers carry client-generated UUIDs. Retrying the same payload never
// duplicates anything: an existing test is merged, never inserted again; answers are keyed by
// (test, grid) and keep the id of the first write.
//
// Conflict rule (the same test also changed online, e.g. on another device):
//   1. A finished test is never reopened. When the server copy is already finished, the upload
//      changes nothing; if it differs (other answers or a later finish) the reply is 'conflict'
//      with FORM_SYNC_CONFLICT and the server's result: the FIRST FINISH WINS.
//   2. Otherwise answers are merged per grid, last write wins by answered_at (ties keep the
//      server's copy). Several uploads of one grid in the same payload: the latest counts.
//   3. Then the status: an uploaded 'finished' finishes the test at the uploaded finished_at
//      (finish beats abandon); an uploaded 'abandoned' abandons an unfinished test; a timed test
//      whose time ran out is finished as expired. A server 'abandoned' copy stays abandoned
//      unless the upload finished it ('conflict' when the upload says unfinished).
//   4. The grid list of a test is fixed at creation: an upload with another grid list for an
//      existing test is 'rejected' (FORM_SYNC_CONFLICT).
//   5. Time limit (issue 11 §1): in a timed test only answers given in time count — answered_at
//      not before the start (minus CLOCK_SKEW_MS), not after the deadline (plus DEADLINE_GRACE_MS)
//      and not after the sync itself. They count whoever finishes first: when the server already
//      closed the test as 'expired' (read on another device, the history), the in-time answers it
//      lacks are added and the test is scored again; later answers are left out
//      (FORM_SYNC_AFTER_TIME_LIMIT, as a 'conflict' so the device shows the server's result).
// Origin: a new test keeps the uploaded `source` (default offline); an existing test keeps its own.
// Finish reason: the uploaded one ('user' or 'expired'), else 'sync'.
// Rejections (per test, the rest of the batch still syncs): a grid that does not exist or the
// user may not get (FORM_GRID_NOT_FOUND), premium grids for a free user (FORM_PREMIUM_GRIDS_ONLY),
// an answer for a grid outside the test (FORM_GRID_NOT_FOUND), a test id or answer id that belongs
// to someone else (FORM_TEST_NOT_FOUND / FORM_UUID_INVALID).
import type { Db } from '../../db/db.ts';
import type { ErrorCode } from '../../../src/shared/codes.ts';
import { gridOutcome } from '../../../src/shared/scoring.ts';
import type { syncTest } from '../../../src/shared/test-schema.ts';
import type { z } from 'zod';
import { reviewAnswers } from '../review/srs.ts';
import {
  abandonTest,
  allowedGrid,
  finishTest,
  insertTest,
  isPremium,
  storedResult,
  expireIfDue,
  scorableGrids,
} from './engine.ts';
import { TEST_COLUMNS, type TestRow } from './model.ts';
import { scoreTest } from '../../../src/shared/scoring.ts';
import type { ServerResult, ServerSyncOutcome } from '../../../src/shared/practice-payloads.ts';
import { profilesForTest } from '../scoring-profiles/service.ts';

/** Device clocks drift: an answer up to this much before the server's start still counts. */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** The device's timer rounds to the second and saving takes a moment. */
export const DEADLINE_GRACE_MS = 5_000;

type SyncTest = z.output<typeof syncTest>;
type SyncAnswer = SyncTest['answers'][number];

/** The outcome of one uploaded test (declared once for server and app). */
export type SyncOutcome = ServerSyncOutcome;

class Rejected extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode) {
    super(code);
    this.code = code;
  }
}

type StoredAnswer = { id: string; grid_id: number; marked: string[]; answered_at: Date; test_id: string };

export async function syncTests(db: Db, userId: number, tests: SyncTest[]): Promise<SyncOutcome[]> {
  const premium = await isPremium(db, userId);
  const out: SyncOutcome[] = [];
  for (const t of tests) {
    try {
      out.push(await db.tx((tx) => syncOne(tx, userId, premium, t)));
    } catch (err) {
      if (err instanceof Rejected) out.push({ id: t.id, status: 'rejected', code: err.code });
      else throw err;
    }
  }
  return out;
}

/** Latest upload per grid (by answered_at). */
function latestPerGrid(answers: SyncAnswer[]): SyncAnswer[] {
  const by = new Map<number, SyncAnswer>();
  for (const a of answers) {
    const prev = by.get(a.grid_id);
    if (!prev || Date.parse(a.answered_at) > Date.parse(prev.answered_at)) by.set(a.grid_id, a);
  }
  return [...by.values()];
}

async function checkGrids(
  db: Db,
  userId: number,
  premium: boolean,
  t: SyncTest,
): Promise<Map<number, string[]>> {
  const ids = [...new Set(t.grid_ids)];
  if (ids.length !== t.grid_ids.length) throw new Rejected('FORM_GRID_NOT_FOUND');
  const rows = await db.query<{
    id: number;
    correct: string[];
    allowed: boolean;
    is_premium: boolean;
    visible: boolean;
  }>(
    `select g.id, g.correct, g.is_premium, ${allowedGrid('$2', '$3')} as allowed, (g.is_published or g.author_id = $2) as visible
       from grids g where g.id = any($1::int[])`,
    [ids, userId, premium],
  );
  if (rows.length !== ids.length || rows.some((r) => !r.visible)) throw new Rejected('FORM_GRID_NOT_FOUND');
  if (rows.some((r) => !r.allowed)) throw new Rejected('FORM_PREMIUM_GRIDS_ONLY');
  if (t.answers.some((a) => !ids.includes(a.grid_id))) throw new Rejected('FORM_GRID_NOT_FOUND');
  return new Map(rows.map((r) => [r.id, r.correct]));
}

async function syncOne(db: Db, userId: number, premium: boolean, t: SyncTest): Promise<SyncOutcome> {
  const now = Date.now();
  let existing = await db.one<TestRow>(`select ${TEST_COLUMNS} from tests t where t.id = $1 for update`, [
    t.id,
  ]);
  if (existing && existing.user_id !== userId) throw new Rejected('FORM_TEST_NOT_FOUND');
  let conflicted = false;
  let code: ErrorCode = 'FORM_SYNC_CONFLICT';
  let correct: Map<number, string[]>;
  if (existing) {
    const stored = await db.query<{ grid_id: number; correct: string[] }>(
      'select tg.grid_id, g.correct from test_grids tg join grids g on g.id = tg.grid_id where tg.test_id = $1 order by tg.position',
      [t.id],
    );
    if (stored.map((s) => s.grid_id).join(',') !== t.grid_ids.join(','))
      throw new Rejected('FORM_SYNC_CONFLICT');
    correct = new Map(stored.map((r) => [r.grid_id, r.correct]));
    if (t.answers.some((a) => !correct.has(a.grid_id))) throw new Rejected('FORM_GRID_NOT_FOUND');
  } else {
    correct = await checkGrids(db, userId, premium, t);
    const startedAt = new Date(Math.min(Date.parse(t.started_at), now));
    existing = await insertTest(db, {
      id: t.id,
      userId,
      mode: t.mode,
      kind: 'sync',
      manualId: t.manual_id ?? null,
      filters: t.filters ?? {},
      gridIds: t.grid_ids,
      timeLimitS: t.time_limit_s ?? null,
      remainingS:
        t.time_limit_s != null && t.remaining_s != null
          ? Math.min(t.remaining_s, t.time_limit_s)
          : (t.time_limit_s ?? null),
      source: t.source ?? 'offline',
      startedAt,
    });
    if (!existing) throw new Rejected('FORM_TEST_NOT_FOUND'); // taken concurrently by someone else
  }

  const all = latestPerGrid(t.answers);
  const uploads = all.filter((a) => inTime(existing!, a, now));
  const late = uploads.length < all.length;
  // This test's answers, and any answer elsewhere that an uploaded id names (refused), at once.
  const current = await db.query<StoredAnswer>(
    'select id, grid_id, marked, answered_at, test_id from answers where test_id = $1 or id = any($2::uuid[])',
    [t.id, uploads.map((a) => a.id)],
  );
  if (current.some((a) => a.test_id !== t.id)) throw new Rejected('FORM_UUID_INVALID');
  const currentBy = new Map(current.map((a) => [a.grid_id, a]));

  if (existing.status === 'finished' && existing.finish_reason === 'expired') {
    // Rule 5: the server closed it because the time ran out; answers given in time still count.
    const missing = uploads.filter((a) => {
      const c = currentBy.get(a.grid_id);
      return !c || Date.parse(a.answered_at) > +new Date(c.answered_at);
    });
    if (missing.length) {
      await writeAnswers(db, userId, t.id, missing, currentBy, correct, now);
      existing = await rescore(db, existing);
    }
    return {
      id: t.id,
      status: late ? 'conflict' : 'synced',
      ...(late ? { code: 'FORM_SYNC_AFTER_TIME_LIMIT' as const } : {}),
      test_status: 'finished',
      result: await storedResult(db, existing),
    };
  }

  if (existing.status === 'finished') {
    // Rule 1: the first finish wins, nothing changes.
    const differs =
      t.status !== 'finished' ||
      uploads.some((a) => {
        const c = currentBy.get(a.grid_id);
        return !c || [...c.marked].sort().join() !== [...a.marked].sort().join();
      });
    return {
      id: t.id,
      status: differs ? 'conflict' : 'synced',
      ...(differs ? { code: 'FORM_SYNC_ALREADY_FINISHED' as const } : {}),
      test_status: 'finished',
      result: await storedResult(db, existing),
    };
  }

  // Rule 2: last write wins per grid.
  const toWrite = uploads.filter((a) => {
    const c = currentBy.get(a.grid_id);
    return !c || Date.parse(a.answered_at) > +new Date(c.answered_at);
  });
  if (toWrite.length) await writeAnswers(db, userId, t.id, toWrite, currentBy, correct, now);
  const last = Math.max(...uploads.map((a) => Date.parse(a.answered_at)), 0);
  let row = (await db.one<TestRow>(
    `update tests t set last_activity_at = greatest(t.last_activity_at, $2),
            remaining_s = case when t.time_limit_s is null or $3::int is null then t.remaining_s
                               else least(coalesce(t.remaining_s, t.time_limit_s), $3::int) end
      where t.id = $1 returning ${TEST_COLUMNS}`,
    [t.id, new Date(Math.min(last || now, now)), t.remaining_s ?? null],
  ))!;
  let result: ServerResult | null = null;

  // Rule 3: status.
  if (t.status === 'finished') {
    const at = t.finished_at ? new Date(Date.parse(t.finished_at)) : new Date(now);
    if (row.status === 'abandoned') {
      row = (await db.one<TestRow>(
        `update tests t set status = 'unfinished' where t.id = $1 returning ${TEST_COLUMNS}`,
        [t.id],
      ))!;
    }
    const done = await finishTest(db, row, t.finish_reason ?? 'sync', at);
    row = done.test;
    result = done.result; // just scored: the same as storedResult would compute again
  } else if (row.status === 'abandoned') {
    conflicted = t.status === 'unfinished';
    if (conflicted) code = 'FORM_SYNC_ALREADY_ABANDONED';
  } else if (t.status === 'abandoned') {
    row = (await abandonTest(db, row)) ?? row;
  } else {
    row = await expireIfDue(db, row);
    if (row.mode === 'tutor' && row.status === 'unfinished') {
      const pending = await db.query<{
        id: string;
        grid_id: number;
        outcome: 'right' | 'partial' | 'wrong' | 'blank';
        answered_at: Date;
      }>('select id, grid_id, outcome, answered_at from answers where test_id = $1 and reviewed_at is null', [
        t.id,
      ]);
      await reviewAnswers(db, userId, pending);
    }
  }
  if (!conflicted && late) {
    conflicted = true;
    code = 'FORM_SYNC_AFTER_TIME_LIMIT';
  }
  return {
    id: t.id,
    status: conflicted ? 'conflict' : 'synced',
    ...(conflicted ? { code } : {}),
    test_status: row.status,
    ...(row.status === 'finished' ? { result: result ?? (await storedResult(db, row)) } : {}),
  };
}

/** Rule 5: in a timed test, an answer counts only if given between the start and the deadline (see the header). */
export function inTime(
  test: Pick<TestRow, 'time_limit_s' | 'started_at'>,
  a: Pick<SyncAnswer, 'answered_at'>,
  now: number,
): boolean {
  if (test.time_limit_s === null) return true;
  const at = Date.parse(a.answered_at);
  const start = +new Date(test.started_at);
  const deadline = start + test.time_limit_s * 1000;
  return at >= start - CLOCK_SKEW_MS && at <= deadline + DEADLINE_GRACE_MS && at <= now + CLOCK_SKEW_MS;
}

/** Upserts answers per (test, grid); an answer keeps the id of its first write. */
async function writeAnswers(
  db: Db,
  userId: number,
  testId: string,
  answers: SyncAnswer[],
  currentBy: Map<number, StoredAnswer>,
  correct: Map<number, string[]>,
  now: number,
): Promise<void> {
  const rows = answers.map((a) => {
    const marked = [...a.marked].sort();
    return {
      id: currentBy.get(a.grid_id)?.id ?? a.id,
      grid_id: a.grid_id,
      marked,
      flagged: a.flagged,
      time_ms: a.time_ms ?? null,
      outcome: gridOutcome(correct.get(a.grid_id) ?? [], marked),
      answered_at: new Date(Math.min(Date.parse(a.answered_at), now)).toISOString(),
    };
  });
  await db.query(
    `insert into answers (id, test_id, user_id, grid_id, marked, flagged, time_ms, outcome, answered_at)
     select x.id, $1, $2, x.grid_id, array(select jsonb_array_elements_text(x.marked)), x.flagged, x.time_ms, x.outcome, x.answered_at
       from jsonb_to_recordset($3::jsonb) as x(id uuid, grid_id integer, marked jsonb, flagged boolean, time_ms integer, outcome text, answered_at timestamptz)
     on conflict (test_id, grid_id) do update
       set marked = excluded.marked, flagged = excluded.flagged, time_ms = coalesce(excluded.time_ms, answers.time_ms),
           outcome = excluded.outcome, answered_at = excluded.answered_at, updated_at = now(),
           -- a changed answer counts again for spaced repetition only if it was not counted yet
           reviewed_at = answers.reviewed_at`,
    [testId, userId, JSON.stringify(rows)],
  );
}

/** Scores a finished test again after in-time answers arrived late (rule 5); counts them for spaced repetition. */
export async function rescore(db: Db, test: TestRow): Promise<TestRow> {
  const grids = await scorableGrids(db, test.id);
  const answers = await db.query<{
    id: string;
    grid_id: number;
    marked: string[];
    outcome: 'right' | 'partial' | 'wrong' | 'blank';
    answered_at: Date;
    reviewed_at: Date | null;
  }>('select id, grid_id, marked, outcome, answered_at, reviewed_at from answers where test_id = $1', [test.id]);
  const marked = new Map(answers.map((a) => [a.grid_id, a.marked]));
  const { profile, reference } = await profilesForTest(db, test);
  const s = scoreTest(grids, marked, profile);
  const ref = scoreTest(grids, marked, reference);
  const row = (await db.one<TestRow>(
    `update tests t set score = $2, max_score = $3, grade = $4, profile_slug = $5, rank_score = $6
      where t.id = $1 returning ${TEST_COLUMNS}`,
    [test.id, s.score, s.max_score, s.grade, s.profile, ref.score],
  ))!;
  await reviewAnswers(
    db,
    test.user_id,
    answers.filter((a) => !a.reviewed_at),
  );
  return row;
}
