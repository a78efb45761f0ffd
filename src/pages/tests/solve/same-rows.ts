// What counts as "nothing changed" for the solve screen's live queries (useStableLiveQuery): a
// re-read equal to what is on screen keeps the old value and renders nothing.
import type { LocalAnswer, LocalGrid, LocalTest } from '../../../offline/db.ts';
import { sameExcept } from '../../../offline/useStableLiveQuery.ts';

/** The test's row, but for what the screen never shows: when it last changed, whether it is synced,
 *  and where the candidate was (read once, to resume). */
export const sameTestOnScreen = sameExcept<LocalTest>(['updated_at', 'synced', 'last_index']);

const sameOptions = (a: LocalGrid['options'], b: LocalGrid['options']) => {
  const ka = Object.keys(a) as (keyof typeof a)[];
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
};
const sameGrid = sameExcept<LocalGrid>(['options']);

export function sameGrids(a: readonly (LocalGrid | undefined)[], b: readonly (LocalGrid | undefined)[]): boolean {
  return a.length === b.length && a.every((g, i) => {
    const h = b[i];
    return g === h || (!!g && !!h && sameGrid(g, h) && sameOptions(g.options, h.options));
  });
}

const sameAnswer = sameExcept<LocalAnswer>([]);

export function sameAnswers(a: readonly LocalAnswer[], b: readonly LocalAnswer[]): boolean {
  return a.length === b.length && a.every((x, i) => sameAnswer(x, b[i]));
}
