// Tests of one user: read (with the answer-reveal rules of answers.ts), timer, finish / abandon /
// delete, history. Creation is in create.ts, answering in answers.ts. Every function is scoped to
// the caller: another user's test is 404 FORM_TEST_NOT_FOUND for every verb.
import type { Db } from '../../db/db.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { Difficulty } from '../../../src/shared/constants.ts';
import { HISTORY_PAGE_SIZE } from '../../../src/shared/test-schema.ts';
import type {
  HistoryPage,
  RemainingResponse,
  ServerTestGrid,
  TestAbandonedResponse,
  TestDeletedResponse,
  TestDetail,
  TestFinishedResponse,
} from '../../../src/shared/practice-payloads.ts';
import { abandonTest, expireIfDue, expireOverdue, finishTest, writableTest } from './engine.ts';
import { TEST_COLUMNS, closedError, ownTest, photoUrl, remainingSeconds, serializeTest, type TestRow } from './model.ts';
import { ANSWER_COLUMNS, revealed, serializeAnswer, type AnswerRow } from './answers.ts';

type GridDetailRow = {
  position: number;
  id: number;
  type: 'CS' | 'CM' | 'CG';
  statement: string;
  options: Record<string, string>;
  correct: string[];
  explanation: string;
  explanation_photo_path: string | null;
  difficulty: Difficulty;
  chapter_id: number;
  chapter_title: string;
  manual_id: number;
};

export async function testGridDetails(db: Db, testId: string): Promise<GridDetailRow[]> {
  return db.query<GridDetailRow>(
    `select tg.position, g.id, g.type, g.statement, g.options, g.correct, g.explanation, g.explanation_photo_path, g.difficulty,
            g.chapter_id, c.title as chapter_title, c.manual_id
       from test_grids tg join grids g on g.id = tg.grid_id join chapters c on c.id = g.chapter_id
      where tg.test_id = $1 order by tg.position`,
    [testId],
  );
}

export async function getTest(db: Db, userId: number, id: string): Promise<TestDetail> {
  const test = await expireIfDue(db, await ownTest(db, userId, id));
  const [grids, answers] = await Promise.all([
    testGridDetails(db, test.id),
    db.query<AnswerRow>(`select ${ANSWER_COLUMNS} from answers where test_id = $1`, [test.id]),
  ]);
  const byGrid = new Map(answers.map((a) => [a.grid_id, a]));
  return {
    test: serializeTest(test, { answered_count: answers.filter((a) => a.marked.length).length }),
    grids: grids.map((g): ServerTestGrid => {
      const a = byGrid.get(g.id);
      const show = revealed(test, a);
      return {
        position: g.position,
        id: g.id,
        type: g.type,
        statement: g.statement,
        options: g.options,
        difficulty: g.difficulty,
        chapter: { id: g.chapter_id, title: g.chapter_title, manual_id: g.manual_id },
        correct: show ? g.correct : null,
        explanation: show ? g.explanation : null,
        explanation_photo_url: show ? photoUrl(g.explanation_photo_path) : null,
      };
    }),
    answers: answers.map((a) => serializeAnswer(a, revealed(test, a))),
  };
}

export async function setRemaining(db: Db, userId: number, id: string, remaining: number): Promise<RemainingResponse> {
  const test = await writableTest(db, userId, id);
  if (test.time_limit_s === null || remaining > test.time_limit_s)
    throw badRequest('FORM_TEST_REMAINING_TIME_INVALID', 'remaining_s');
  const row = (await db.one<TestRow>(
    `update tests t set remaining_s = least(coalesce(t.remaining_s, t.time_limit_s), $2), last_activity_at = now()
      where t.id = $1 returning ${TEST_COLUMNS}`,
    [test.id, remaining],
  ))!;
  const after = await expireIfDue(db, row);
  // A timed test (checked above), so remainingSeconds is a number.
  return { remaining_s: after.status === 'unfinished' ? (remainingSeconds(after) ?? 0) : 0, status: after.status };
}

/** `deferReview`: the spaced-repetition reviews are left to review/deferred.ts (the route queues them). */
export async function finish(db: Db, userId: number, id: string, deferReview = false): Promise<TestFinishedResponse> {
  const test = await ownTest(db, userId, id);
  if (test.status !== 'unfinished') throw closedError(test);
  // An overdue test finishes as 'expired' (at its deadline); the caller still gets its result.
  const {
    test: row,
    result,
    changed,
  } = test.time_limit_s !== null && remainingSeconds(test) === 0
    ? await finishTest(db, test, 'expired', new Date(+new Date(test.started_at) + test.time_limit_s * 1000), { deferReview })
    : await finishTest(db, test, 'user', undefined, { deferReview });
  if (!changed || !result) throw closedError(row);
  return { success: 'TEST_FINISHED', test: serializeTest(row), result };
}

export async function abandon(db: Db, userId: number, id: string): Promise<TestAbandonedResponse> {
  const test = await expireIfDue(db, await ownTest(db, userId, id));
  if (test.status !== 'unfinished') throw conflict('FORM_TEST_INVALID_STATUS');
  const row = await abandonTest(db, test);
  if (!row) throw conflict('FORM_TEST_INVALID_STATUS');
  return { success: 'TEST_ABANDONED', test: serializeTest(row) };
}

export async function remove(db: Db, userId: number, id: string): Promise<TestDeletedResponse> {
  const test = await ownTest(db, userId, id);
  await db.query('delete from tests where id = $1 and user_id = $2', [test.id, userId]);
  return { success: 'TEST_DELETED' };
}

export async function history(
  db: Db,
  userId: number,
  status: TestRow['status'] | undefined,
  page: number,
): Promise<HistoryPage> {
  await expireOverdue(db, userId);
  const params: unknown[] = [userId];
  let where = 't.user_id = $1';
  if (status) {
    params.push(status);
    where += ` and t.status = $2`;
  }
  const total = (await db.one<{ n: number }>(
    `select count(*)::int as n from tests t where ${where}`,
    params,
  ))!.n;
  const rows = await db.query<TestRow & { answered_count: number }>(
    `select ${TEST_COLUMNS},
            (select count(*)::int from answers a where a.test_id = t.id and cardinality(a.marked) > 0) as answered_count
       from tests t where ${where}
      order by t.created_at desc, t.id limit ${HISTORY_PAGE_SIZE} offset ${(page - 1) * HISTORY_PAGE_SIZE}`,
    params,
  );
  return {
    tests: rows.map((r) => serializeTest(r, { answered_count: r.answered_count })),
    page,
    per_page: HISTORY_PAGE_SIZE,
    total,
  };
}

