// Writes an answer on the device first (saveAnswer) and only then shows it as saved; the outbox
// sends it on. Keys pressed in quick succession (mark then F) build on the last state asked for,
// not on the answer the live query has not re-read yet.
import { useCallback, useRef } from 'react';
import { saveAnswer } from '../../../offline/answers.ts';
import { scheduleSync } from '../../../offline/sync.ts';
import { solve, takeElapsed } from '../../../state/solve.ts';
import type { OptionLetter } from '../../../shared/constants.ts';
import { solveErrorCode } from './error-code.ts';

type Intent = { marked: OptionLetter[]; flagged: boolean };

export function useAnswerWriter(testId: string) {
  // Per grid: the number of the latest write (an older one finishing late changes nothing on screen).
  const seq = useRef<Record<number, number>>({});
  const intent = useRef<Record<number, Intent>>({});

  const commit = useCallback(
    async (gridId: number, marked: OptionLetter[], flagged: boolean) => {
      const n = (seq.current[gridId] = (seq.current[gridId] ?? 0) + 1);
      intent.current[gridId] = { marked, flagged };
      solve.pending[gridId] = marked;
      solve.saved[gridId] = false;
      solve.error = null;
      try {
        const saved = await saveAnswer(testId, gridId, { marked, flagged, time_ms: takeElapsed() });
        if (seq.current[gridId] === n) solve.saved[gridId] = true;
        scheduleSync();
        return saved;
      } catch (err) {
        solve.error = solveErrorCode(err);
        if (seq.current[gridId] === n) delete intent.current[gridId];
        return null;
      } finally {
        if (seq.current[gridId] === n) delete solve.pending[gridId];
      }
    },
    [testId],
  );

  /** The last state asked for on a grid, else what is stored. */
  const latest = (gridId: number, stored: Intent): Intent => intent.current[gridId] ?? stored;

  return { commit, latest };
}
