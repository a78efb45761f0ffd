// Tutor mode when a grid's key is not on the device (the server keeps it until an answer is
// given): the server reveals it for the confirmed answer and the device stores it. Either way the
// grid's measured difficulty comes from the server.
import { db, type LocalAnswer, type LocalGrid } from '../../../offline/db.ts';
import { putAnswer } from '../../../api/practice.ts';
import { solve } from '../../../state/solve.ts';
import type { OptionLetter } from '../../../shared/constants.ts';
import { solveErrorCode } from './error-code.ts';

export async function revealFromServer(testId: string, grid: LocalGrid, saved: LocalAnswer): Promise<void> {
  try {
    const res = await putAnswer(testId, grid.id, { id: saved.id, marked: saved.marked, flagged: saved.flagged, time_ms: saved.time_ms, answered_at: saved.answered_at });
    if (res.correct) {
      await db.grids.update(grid.id, { correct: res.correct as OptionLetter[], explanation: res.explanation ?? null, explanation_photo: res.explanation_photo_url ?? null });
      solve.revealed[grid.id] = { correct: res.correct, explanation: res.explanation ?? null, explanation_photo: res.explanation_photo_url ?? null, measured: res.measured ?? null };
    }
  } catch (err) {
    const code = solveErrorCode(err);
    // Offline or a timeout: the answer is saved and syncs later; only a real refusal is worth showing.
    if (code !== 'FORM_REQUEST_FAILED') solve.error = code;
  }
}

/**
 * With the key already on the device: the same answer (same id, so idempotent) sent now only for
 * the grid's measured difficulty, which only the server knows (issue 31 §2). Any failure is
 * silent: the reveal is shown already, and the outbox still syncs the answer (a test made
 * offline is not on the server yet).
 */
export async function measuredFromServer(testId: string, grid: LocalGrid, saved: LocalAnswer): Promise<void> {
  try {
    const res = await putAnswer(testId, grid.id, { id: saved.id, marked: saved.marked, flagged: saved.flagged, time_ms: saved.time_ms, answered_at: saved.answered_at });
    if (res.correct && res.measured) solve.revealed[grid.id] = { correct: res.correct, explanation: res.explanation ?? null, explanation_photo: res.explanation_photo_url ?? null, measured: res.measured };
  } catch {
    // nothing to show: see above
  }
}
