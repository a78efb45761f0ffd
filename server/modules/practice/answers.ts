// Answers of a test: their serialisation with the reveal rules, and PUT /tests/:id/answers/:gridId
// (last write wins by answered_at; in tutor mode an answer is final once given).
import type { Db } from '../../db/db.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { gridOutcome } from '../../../src/shared/scoring.ts';
import type { AnswerBody } from '../../../src/shared/test-schema.ts';
import type { PutAnswerResponse, ServerAnswer } from '../../../src/shared/practice-payloads.ts';
import { reviewAnswers } from '../review/srs.ts';
import { writableTest } from './engine.ts';
import { photoUrl, type TestRow } from './model.ts';

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
