// Scoring a reading against the marks drawn on a synthetic sheet (tests and bench).
import type { MarkPlan } from './synthetic-sheet.ts';
import { SHEET_OPTIONS, type SheetReading } from './types.ts';

export interface Score {
  /** Ellipses scored: every option of every question except those with a light mark. */
  options: number;
  /** Decided with confidence and right. */
  right: number;
  /** Sent to review (uncertain). */
  uncertain: number;
  /** Decided with confidence and wrong: the number that must stay 0. */
  confidentWrong: number;
  wrongDetails: string[];
  /** Light (faint or partial) marks: where they went. Uncertain is the intended outcome. */
  light: { uncertain: number; marked: number; blank: number };
  /** Stray dots read as marked (counted in confidentWrong too). */
  strayMarked: number;
  /** Questions with at least one option sent to review: what the candidate confirms. */
  reviewRows: number;
  /** Of those, the ones with a mark that is not a fill (faint, tick, cross, crossed out): review by design. */
  reviewRowsOdd: number;
  /** Of those, the ones with an H/2H pencil mark (issue 32 §3: review allowed, a confident blank never). */
  reviewRowsHard: number;
  /** Meant marks (pen, pencil, overflowing fill, H/2H pencil) read blank with confidence (in confidentWrong too). */
  meantBlank: number;
  /** Of those, the H/2H pencil marks. */
  hardBlank: number;
}

export function scoreReading(reading: SheetReading, plan: MarkPlan): Score {
  const s: Score = {
    options: 0,
    right: 0,
    uncertain: 0,
    confidentWrong: 0,
    wrongDetails: [],
    light: { uncertain: 0, marked: 0, blank: 0 },
    strayMarked: 0,
    reviewRows: 0,
    reviewRowsOdd: 0,
    reviewRowsHard: 0,
    meantBlank: 0,
    hardBlank: 0,
  };
  const odd = new Set(
    plan.marks.filter((m) => ['light', 'tick', 'cross', 'cancelled'].includes(m.kind)).map((m) => m.n),
  );
  const hard = new Set(plan.marks.filter((m) => m.kind === 'hard').map((m) => m.n));
  if (!reading.ok) throw new Error(`sheet not read: ${reading.code}`);
  const kind = new Map(plan.marks.map((m) => [`${m.n}:${m.option}`, m.kind]));
  for (const q of reading.questions) {
    if (q.uncertain.length) s.reviewRows++;
    if (q.uncertain.length && odd.has(q.n)) s.reviewRowsOdd++;
    else if (q.uncertain.length && hard.has(q.n)) s.reviewRowsHard++;
    for (const o of SHEET_OPTIONS) {
      const k = kind.get(`${q.n}:${o}`);
      const got = q.marked.includes(o) ? 'marked' : q.uncertain.includes(o) ? 'uncertain' : 'blank';
      if (k === 'light') {
        s.light[got]++;
        continue;
      }
      s.options++;
      // A tick or a cross means the option (marked or review); a crossed-out fill was taken back
      // (blank or review). Pen and pencil fills are marks, everything else blank.
      const meant = k === 'pen' || k === 'pencil' || k === 'overflow' || k === 'hard';
      const want = meant || k === 'tick' || k === 'cross' ? 'marked' : 'blank';
      if (got === 'uncertain') s.uncertain++;
      else if (got === want) s.right++;
      else {
        s.confidentWrong++;
        if (k === 'stray') s.strayMarked++;
        if (meant && got === 'blank') s.meantBlank++;
        if (k === 'hard' && got === 'blank') s.hardBlank++;
        s.wrongDetails.push(`q${q.n}${o}: ${k ?? 'empty'} read ${got} (fills ${q.fills.join(' ')})`);
      }
    }
  }
  return s;
}
