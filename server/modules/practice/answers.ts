// Answers of a test: their serialisation with the reveal rules, and PUT /tests/:id/answers/:gridId
// (last write wins by answered_at; in tutor mode an answer is final once given).
import type { Db } from '../../db/db.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { gridOutcome } from '../../../src/shared/scoring.ts';
import type { AnswerBody } from '../../../src/shared/test-schema.ts';
import type { PutAnswerResponse, ServerAnswer } from '../../../src/shared/practice-payloads.ts';
import { reviewAnswers } from '../review/srs.ts';
import { measuredFor } from '../item-stats/queries.ts';
import { expireIfDue } from './engine.ts';
import { TEST_COLUMNS, UUID_RE, closedError, photoUrl, type TestRow } from './model.ts';

export type AnswerRow = {
  id: string;
  grid_id: number;
  marked: string[];
  flagged: boolean;
  time_ms: number | null;
  outcome: 'right' | 'partial' | 'wrong' | 'blank';
  answered_at: Date;
  updated_at: Date;
  reviewed_at: Date | null;
  test_id: string;
};

export const ANSWER_COLUMNS =
  'id, test_id, grid_id, marked, flagged, time_ms, outcome, answered_at, updated_at, reviewed_at';

export function serializeAnswer(a: AnswerRow, reveal: boolean): ServerAnswer {
  return {
    id: a.id,
    grid_id: a.grid_id,
    marked: a.marked,
    flagged: a.flagged,
    time_ms: a.time_ms,
    answered_at: new Date(a.answered_at).toISOString(),
    updated_at: new Date(a.updated_at).toISOString(),
    ...(reveal ? { outcome: a.outcome } : {}),
  };
}

/** Correct answers and explanations: all once finished; in tutor mode, per grid once answered. */
export const revealed = (t: TestRow, a: AnswerRow | undefined) =>
  t.status === 'finished' || (t.mode === 'tutor' && Boolean(a?.marked.length));

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((l) => b.includes(l));

type GridKey = { correct: string[]; explanation: string; explanation_photo_path: string | null };

/** The user's writable test and the grid's key, in one query (404 / 409 as writableTest). */
async function answerTarget(
  db: Db,
  userId: number,
  testId: string,
  gridId: number,
): Promise<{ test: TestRow; grid: GridKey }> {
  if (!UUID_RE.test(testId)) throw notFound('FORM_TEST_NOT_FOUND');
  const row = await db.one<TestRow & Partial<GridKey> & { in_test: boolean }>(
    `select ${TEST_COLUMNS}, g.correct, g.explanation, g.explanation_photo_path, g.id is not null as in_test
       from tests t
       left join test_grids tg on tg.test_id = t.id and tg.grid_id = $3
       left join grids g on g.id = tg.grid_id
      where t.id = $1 and t.user_id = $2`,
    [testId, userId, gridId],
  );
  if (!row) throw notFound('FORM_TEST_NOT_FOUND');
  const test = await expireIfDue(db, row);
  if (test.status !== 'unfinished') throw closedError(test);
  if (!row.in_test) throw notFound('FORM_GRID_NOT_FOUND');
  return { test, grid: { correct: row.correct!, explanation: row.explanation!, explanation_photo_path: row.explanation_photo_path ?? null } };
}

/**
 * Writes one answer in one statement (atomic without a transaction): refused when its id names
 * another answer ('taken'); otherwise inserted, or updated when not older than the stored one
 * (last write wins by answered_at) and, in tutor mode, not changing an answer already given.
 * Returns the row as written or as kept, and the test's last activity is touched.
 */
const UPSERT_ANSWER = `
  with clash as (
    select exists(select 1 from answers where id = $1 and (test_id <> $2 or grid_id <> $4)) as taken
  ), written as (
    insert into answers as a (id, test_id, user_id, grid_id, marked, flagged, time_ms, outcome, answered_at)
    select $1::uuid, $2::uuid, $3::int, $4::int, $5::text[], coalesce($6::boolean, false), $7::int, $8::text, $9::timestamptz
      from clash where not clash.taken
    on conflict (test_id, grid_id) do update
       set marked = excluded.marked, flagged = coalesce($6::boolean, a.flagged), time_ms = coalesce($7::int, a.time_ms),
           outcome = excluded.outcome, answered_at = excluded.answered_at, updated_at = now()
     where a.answered_at <= excluded.answered_at
       and not ($10::boolean and cardinality(a.marked) > 0 and not (a.marked @> excluded.marked and a.marked <@ excluded.marked))
    returning ${ANSWER_COLUMNS}
  ), touched as (
    update tests set last_activity_at = now() where id = $2 and not (select taken from clash)
  )
  select c.taken, r.* from clash c left join (
    select true as written, ${ANSWER_COLUMNS} from written
    union all
    select false, ${ANSWER_COLUMNS} from answers where test_id = $2 and grid_id = $4 and not exists (select 1 from written)
  ) r on true`;

type UpsertRow = { taken: boolean; written: boolean | null } & AnswerRow;

export async function putAnswer(
  db: Db,
  userId: number,
  testId: string,
  gridId: number,
  body: AnswerBody,
): Promise<PutAnswerResponse> {
  const { test, grid } = await answerTarget(db, userId, testId, gridId);
  const marked = [...body.marked].sort();
  const now = Date.now();
  const answeredAt = new Date(Math.min(body.answered_at ? Date.parse(body.answered_at) : now, now));
  const row = await db.one<UpsertRow>(UPSERT_ANSWER, [
    body.id,
    test.id,
    userId,
    gridId,
    marked,
    body.flagged ?? null,
    body.time_ms ?? null,
    gridOutcome(grid.correct, marked),
    answeredAt,
    test.mode === 'tutor',
  ]);
  if (row?.taken) throw badRequest('FORM_UUID_INVALID', 'id');
  let answer: AnswerRow | undefined = row?.written === null ? undefined : row;
  // Not written, and a row another request committed after this statement's snapshot: read it now.
  answer ??= await db.one<AnswerRow>(`select ${ANSWER_COLUMNS} from answers where test_id = $1 and grid_id = $2`, [test.id, gridId]);
  if (!answer) throw notFound('FORM_GRID_NOT_FOUND');
  if (!row?.written && test.mode === 'tutor' && answer.marked.length && !sameSet(answer.marked, marked))
    throw conflict('FORM_GRID_ALREADY_RESPONDED');
  const reveal = revealed(test, answer);
  if (test.mode === 'tutor' && answer.marked.length && !answer.reviewed_at) await reviewAnswers(db, userId, [answer]);
  return {
    answer: serializeAnswer(answer, reveal),
    ...(reveal
      ? {
          correct: grid.correct,
          explanation: grid.explanation,
          explanation_photo_url: photoUrl(grid.explanation_photo_path),
          measured: (await measuredFor(db, [gridId])).get(gridId) ?? null,
        }
      : {}),
  };
}
