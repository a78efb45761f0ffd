// The solve screen's client state (Valtio) and its pure rules: which option set a click makes,
// the state of every number in the overview, and the per-grid timing. Answers themselves live
// in IndexedDB (saveAnswer); `pending` holds a click until the write is committed.
import { proxy } from 'valtio';
import type { GridType, OptionLetter } from '../shared/constants.ts';
import { OPTION_LETTERS } from '../shared/constants.ts';

export type Reveal = { correct: string[]; explanation: string | null; explanation_photo: string | null };

export const solve = proxy({
  testId: null as string | null,
  index: 0,
  /** Marks clicked but not yet committed to IndexedDB, per grid id. */
  pending: {} as Record<number, OptionLetter[]>,
  /** Tutor mode: the selection the candidate is composing before confirming. */
  draft: {} as Record<number, OptionLetter[]>,
  /** Grids whose last change is committed (shows "Salvat"). */
  saved: {} as Record<number, boolean>,
  /** Tutor mode: answers revealed after confirming (from the local key or the server). */
  revealed: {} as Record<number, Reveal>,
  error: null as string | null,
  shownAt: 0,
});

export function resetSolve(testId: string, now = Date.now()): void {
  solve.testId = testId;
  solve.index = 0;
  solve.pending = {};
  solve.draft = {};
  solve.saved = {};
  solve.revealed = {};
  solve.error = null;
  solve.shownAt = now;
}

/** The option set after clicking `letter`: CS keeps one (a second click clears it), CM/CG toggle. */
export function toggleOption(type: GridType, current: readonly OptionLetter[], letter: OptionLetter): OptionLetter[] {
  if (type === 'CS') return current.length === 1 && current[0] === letter ? [] : [letter];
  const next = current.includes(letter) ? current.filter((l) => l !== letter) : [...current, letter];
  return OPTION_LETTERS.filter((l) => next.includes(l));
}

export type CellState = 'current' | 'answered' | 'flagged' | 'unanswered';
export type Cell = { position: number; gridId: number; answered: boolean; flagged: boolean; current: boolean; outcome?: 'right' | 'partial' | 'wrong' | 'blank' };

/** Accessible label of an overview button: "Grila 3, răspunsă, marcată, curentă". */
export function cellLabel(c: Cell): string {
  const parts = [`Grila ${c.position}`, c.answered ? 'răspunsă' : 'fără răspuns'];
  if (c.flagged) parts.push('marcată');
  if (c.current) parts.push('curentă');
  return parts.join(', ');
}

export function cellClass(c: Cell): string {
  return ['overview__cell', c.answered ? 'is-answered' : '', c.flagged ? 'is-flagged' : '', c.current ? 'is-current' : '', c.outcome ? `is-${c.outcome}` : '']
    .filter(Boolean)
    .join(' ');
}

/** Index of the next grid without an answer after `from` (wrapping), or -1 when all are answered. */
export function nextUnanswered(answered: readonly boolean[], from: number): number {
  const n = answered.length;
  for (let k = 1; k <= n; k++) {
    const i = (from + k) % n;
    if (!answered[i]) return i;
  }
  return -1;
}

/** Time spent on the current grid since it was shown (or since the last save), then restarts the clock. */
export function takeElapsed(now = Date.now()): number {
  const spent = solve.shownAt ? Math.max(0, now - solve.shownAt) : 0;
  solve.shownAt = now;
  return Math.min(spent, 3600_000);
}

export function goTo(index: number, total: number, now = Date.now()): void {
  if (total <= 0) return;
  solve.index = Math.max(0, Math.min(total - 1, index));
  solve.shownAt = now;
  solve.error = null;
}
