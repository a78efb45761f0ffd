// The solve screen's client state (Valtio) and its pure rules: which option set a click makes,
// the state of every number in the overview, and the per-grid timing. Answers themselves live
// in IndexedDB (saveAnswer); `pending` holds a click until the write is committed.
import { proxy } from 'valtio';
import type { GridType, OptionLetter } from '../shared/constants.ts';
import { OPTION_LETTERS } from '../shared/constants.ts';

import type { MeasuredDifficulty } from '../shared/item-stats.ts';

/** `measured` comes only with a reveal by the server (PUT answer), not from a key on the device. */
export type Reveal = { correct: string[]; explanation: string | null; explanation_photo: string | null; measured?: MeasuredDifficulty | null };

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
export type Cell = { position: number; gridId: number; answered: boolean; flagged: boolean; current: boolean; outcome?: 'right' | 'partial' | 'wrong' | 'blank' | undefined };
/** What a cell shows (its grid's id is only its key). */
export type CellView = Omit<Cell, 'gridId'>;

/** Accessible label of an overview button: "Grila 3, răspunsă, marcată, curentă". */
export function cellLabel(c: CellView): string {
  const parts = [`Grila ${c.position}`, c.answered ? 'răspunsă' : 'fără răspuns'];
  if (c.flagged) parts.push('marcată');
  if (c.current) parts.push('curentă');
  return parts.join(', ');
}

export function cellClass(c: CellView): string {
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

/**
 * Where resuming a test opens (issue 11 §4.3): the grid last viewed on this device, else the
 * first grid without an answer, else the first.
 */
export function resumeIndex(answered: readonly boolean[], lastIndex?: number | null): number {
  const n = answered.length;
  if (n === 0) return 0;
  if (typeof lastIndex === 'number' && Number.isInteger(lastIndex) && lastIndex >= 0 && lastIndex < n) return lastIndex;
  const first = answered.indexOf(false);
  return first >= 0 ? first : 0;
}

export type KeyAction =
  | { type: 'mark'; letter: OptionLetter }
  | { type: 'strike'; letter: OptionLetter }
  | { type: 'prev' }
  | { type: 'next' }
  | { type: 'flag' }
  | { type: 'confirm' }
  | { type: 'help' }
  | { type: 'close' };

export type KeyInput = { key: string; code?: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean; shiftKey?: boolean; target?: { tagName?: string; isContentEditable?: boolean; type?: string } | null };

const TYPING = new Set(['TEXTAREA', 'SELECT']);
const DIGITS: Record<string, OptionLetter> = { '1': 'A', '2': 'B', '3': 'C', '4': 'D', '5': 'E' };

/**
 * The solve screen's keyboard map (desktop): A–E or 1–5 mark, Shift+A–E strike out, ← → or K/J
 * move, F flags, Enter confirms (tutor), ? toggles the help, Escape closes it. Nothing while the
 * candidate types (note field, text inputs) or holds Ctrl/Cmd/Alt (browser shortcuts stay theirs).
 * Enter on a button or link is left to the browser (it activates that control).
 */
export function keyAction(e: KeyInput): KeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const t = e.target;
  if (t && (t.isContentEditable || TYPING.has(t.tagName ?? '') || (t.tagName === 'INPUT' && t.type !== 'radio' && t.type !== 'checkbox'))) return null;
  const key = e.key;
  if (key === '?') return { type: 'help' };
  if (key === 'Escape') return { type: 'close' };
  if (key === 'ArrowLeft' || key === 'ArrowUp') return { type: 'prev' };
  if (key === 'ArrowRight' || key === 'ArrowDown') return { type: 'next' };
  if (key === 'Enter') return t && (t.tagName === 'BUTTON' || t.tagName === 'A') ? null : { type: 'confirm' };
  const lower = key.length === 1 ? key.toLowerCase() : '';
  if (lower === 'j') return { type: 'next' };
  if (lower === 'k') return { type: 'prev' };
  if (lower === 'f') return { type: 'flag' };
  // Shift+1 is '!' on most layouts: read the physical digit from `code`.
  const digit = DIGITS[key] ?? (e.code?.startsWith('Digit') ? DIGITS[e.code.slice(5)] : undefined);
  const letter = (OPTION_LETTERS as readonly string[]).includes(key.toUpperCase()) && key.length === 1 ? (key.toUpperCase() as OptionLetter) : digit;
  if (!letter) return null;
  return e.shiftKey ? { type: 'strike', letter } : { type: 'mark', letter };
}
