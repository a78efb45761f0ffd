// Tests of one user: create with filters, read (with the answer-reveal rules), answer, timer,
// finish / abandon / delete, history. Every function is scoped to the caller: another user's test
// is 404 FORM_TEST_NOT_FOUND for every verb.
import type { Db } from '../../db/db.ts';
import { badRequest, conflict, notFound, type AppError } from '../../lib/errors.ts';
import type { Difficulty } from '../../../src/shared/constants.ts';
import { gridOutcome } from '../../../src/shared/scoring.ts';
import { HISTORY_PAGE_SIZE, type AnswerBody, type CreateTestBody } from '../../../src/shared/test-schema.ts';
import type {
  HistoryPage,
  PutAnswerResponse,
  RemainingResponse,
  ServerAnswer,
  ServerTest,
  ServerTestGrid,
  TestAbandonedResponse,
  TestDeletedResponse,
  TestDetail,
  TestFinishedResponse,
} from '../../../src/shared/practice-payloads.ts';
import { reviewAnswers } from '../review/srs.ts';

import {
  allowedGrid,
  abandonTest,
  expireIfDue,
  expireOverdue,
  finishTest,
  insertTest,
  isPremium,
  storedResult,
} from './engine.ts';
import {
  TEST_COLUMNS,
  closedError,
  ownTest,
  remainingSeconds,
  serializeTest,
  type TestRow,
} from './model.ts';

/** 422 FORM_NOT_ENOUGH_GRIDS carrying how many grids the filters allow. */
export function notEnoughGrids(available: number): AppError {
  const err = badRequest('FORM_NOT_ENOUGH_GRIDS');
  (err.body as { available?: number }).available = available;
  return err;
}

export async function tableExists(db: Db, name: string): Promise<boolean> {
  const row = await db.one<{ found: boolean }>('select to_regclass($1) is not null as found', [name]);
  return row?.found === true;
}

export async function createTest(
  db: Db,
  userId: number,
  body: CreateTestBody,
): Promise<{ test: ServerTest; created: boolean }> {
  if (body.id) {
    const existing = await db.one<TestRow>(`select ${TEST_COLUMNS} from tests t where t.id = $1`, [body.id]);
    if (existing && existing.user_id !== userId) throw badRequest('FORM_UUID_INVALID', 'id');
    if (existing) return { test: serializeTest(existing), created: false };
  }
  const manual = await db.one('select 1 from manuals where id = $1', [body.manual_id]);
  if (!manual) throw badRequest('FORM_MANUAL_INVALID', 'manual_id');
  const chapterIds = [...new Set(body.chapter_ids ?? [])];
  if (chapterIds.length) {
    const found = await db.one<{ n: number }>(
      'select count(*)::int as n from chapters where id = any($1::int[]) and manual_id = $2',
      [chapterIds, body.manual_id],
    );
    if (found?.n !== chapterIds.length) throw badRequest('FORM_CHAPTER_INVALID', 'chapter_ids');
  }
  const premium = await isPremium(db, userId);
  const params: unknown[] = [userId, premium, body.manual_id];
  const where = [allowedGrid('$1', '$2'), 'c.manual_id = $3'];
  if (chapterIds.length) {
    params.push(chapterIds);
    where.push(`g.chapter_id = any($${params.length}::int[])`);
  }
  if (body.difficulty) {
    params.push(body.difficulty);
    where.push(`g.difficulty = $${params.length}`);
  }
  if (body.only_unseen)
    where.push(
      `not exists (select 1 from answers a where a.user_id = $1 and a.grid_id = g.id and a.outcome <> 'blank')`,
    );
  if (body.only_wrong) {
    where.push(`g.id in (select l.grid_id from (select distinct on (a.grid_id) a.grid_id, a.outcome from answers a
                 where a.user_id = $1 and a.outcome <> 'blank' order by a.grid_id, a.answered_at desc) l where l.outcome <> 'right')`);
  }
  if (body.only_favorites) {
    // favorites comes from another module's migration; without it nothing is a favourite.
    if (await tableExists(db, 'favorites'))
      where.push('g.id in (select f.grid_id from favorites f where f.user_id = $1)');
    else where.push('false');
  }
  // Retest: exactly the given grids (each still allowed to this user), in the given order.
  const wanted = body.grid_ids ? [...new Set(body.grid_ids)] : null;
  if (wanted) {
    if (wanted.length !== body.count) throw badRequest('FIELD_INVALID', 'count');
    params.push(wanted);
    where.push(`g.id = any($${params.length}::int[])`);
  }
  params.push(body.count);
  const rows = await db.query<{ id: number }>(
    `select g.id from grids g join chapters c on c.id = g.chapter_id where ${where.join(' and ')}
      order by random() limit $${params.length}`,
    params,
  );
  const allowed = new Set(rows.map((r) => r.id));
  const picked = wanted ? wanted.filter((g) => allowed.has(g)).map((g) => ({ id: g })) : rows;
  if (picked.length < body.count) throw notEnoughGrids(picked.length);
  const filters = {
    chapter_ids: chapterIds,
    count: body.count,
    difficulty: body.difficulty ?? null,
    only_unseen: Boolean(body.only_unseen),
    only_wrong: Boolean(body.only_wrong),
    only_favorites: Boolean(body.only_favorites),
    ...(wanted ? { grid_ids: wanted } : {}),
  };
  const timeLimitS = body.time_limit_min ? body.time_limit_min * 60 : null;
  const row = await insertTest(db, {
    id: body.id,
    userId,
    mode: body.mode,
    kind: 'custom',
    manualId: body.manual_id,
    filters,
    gridIds: picked.map((p) => p.id),
    timeLimitS,
  });
  if (!row) return createTest(db, userId, body); // the same id was created concurrently: answer with it
  return { test: serializeTest(row), created: true };
}

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

/** Same URL shape as the grids module's photos. */
export const photoUrl = (p: string | null) => (p ? `/media/grids/${p}` : null);

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

const ANSWER_COLUMNS =
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
const revealed = (t: TestRow, a: AnswerRow | undefined) =>
  t.status === 'finished' || (t.mode === 'tutor' && Boolean(a?.marked.length));

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

/** A test that accepts writes: unfinished and within its time (an expired one is finished now, then 409). */
async function writableTest(db: Db, userId: number, id: string): Promise<TestRow> {
  const test = await expireIfDue(db, await ownTest(db, userId, id));
  if (test.status !== 'unfinished') throw closedError(test);
  return test;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((l) => b.includes(l));

export async function putAnswer(
  db: Db,
  userId: number,
  testId: string,
  gridId: number,
  body: AnswerBody,
): Promise<PutAnswerResponse> {
  const test = await writableTest(db, userId, testId);
  const grid = await db.one<{
    correct: string[];
    explanation: string;
    explanation_photo_path: string | null;
  }>(
    `select g.correct, g.explanation, g.explanation_photo_path from test_grids tg join grids g on g.id = tg.grid_id
      where tg.test_id = $1 and tg.grid_id = $2`,
    [test.id, gridId],
  );
  if (!grid) throw notFound('FORM_GRID_NOT_FOUND');
  const marked = [...body.marked].sort();
  const now = Date.now();
  const answeredAt = new Date(Math.min(body.answered_at ? Date.parse(body.answered_at) : now, now));
  const answer = await db.tx(async (tx) => {
    const sameId = await tx.one<AnswerRow>(`select ${ANSWER_COLUMNS} from answers where id = $1`, [body.id]);
    if (sameId && (sameId.test_id !== test.id || sameId.grid_id !== gridId))
      throw badRequest('FORM_UUID_INVALID', 'id');
    const existing = await tx.one<AnswerRow>(
      `select ${ANSWER_COLUMNS} from answers where test_id = $1 and grid_id = $2 for update`,
      [test.id, gridId],
    );
    if (existing) {
      if (test.mode === 'tutor' && existing.marked.length && !sameSet(existing.marked, marked))
        throw conflict('FORM_GRID_ALREADY_RESPONDED');
      // Last write wins by answered_at: an older write (a late retry) does not overwrite a newer one.
      if (+new Date(existing.answered_at) > +answeredAt) return existing;
      return (await tx.one<AnswerRow>(
        `update answers set marked = $2::text[], flagged = coalesce($3, flagged), time_ms = coalesce($4, time_ms), outcome = $5,
                answered_at = $6, updated_at = now()
          where id = $1 returning ${ANSWER_COLUMNS}`,
        [
          existing.id,
          marked,
          body.flagged ?? null,
          body.time_ms ?? null,
          gridOutcome(grid.correct, marked),
          answeredAt,
        ],
      ))!;
    }
    return (await tx.one<AnswerRow>(
      `insert into answers (id, test_id, user_id, grid_id, marked, flagged, time_ms, outcome, answered_at)
       values ($1, $2, $3, $4, $5::text[], $6, $7, $8, $9) returning ${ANSWER_COLUMNS}`,
      [
        body.id,
        test.id,
        userId,
        gridId,
        marked,
        body.flagged ?? false,
        body.time_ms ?? null,
        gridOutcome(grid.correct, marked),
        answeredAt,
      ],
    ))!;
  });
  await db.query('update tests set last_activity_at = now() where id = $1', [test.id]);
  const reveal = revealed(test, answer);
  if (test.mode === 'tutor' && answer.marked.length && !answer.reviewed_at)
    await reviewAnswers(db, userId, [answer]);
  return {
    answer: serializeAnswer(answer, reveal),
    ...(reveal
      ? {
          correct: grid.correct,
          explanation: grid.explanation,
          explanation_photo_url: photoUrl(grid.explanation_photo_path),
        }
      : {}),
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

export async function finish(db: Db, userId: number, id: string): Promise<TestFinishedResponse> {
  const test = await ownTest(db, userId, id);
  if (test.status !== 'unfinished') throw closedError(test);
  // An overdue test finishes as 'expired' (at its deadline); the caller still gets its result.
  const {
    test: row,
    result,
    changed,
  } = test.time_limit_s !== null && remainingSeconds(test) === 0
    ? await finishTest(db, test, 'expired', new Date(+new Date(test.started_at) + test.time_limit_s * 1000))
    : await finishTest(db, test, 'user');
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

export { storedResult };
