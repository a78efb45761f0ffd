// Content search (issue 30 §3): the query's bounds, and the folding, word and highlight rules
// shared by the server (which ranks in SQL over the same folding, migration 041) and the app.
// Folding reuses the friends search's one letter table (FOLD_FROM/FOLD_TO): the SQL function
// search_fold() is translate() over exactly those letters, then lower(); a server test checks
// that the migration's copy still equals this one.
import { z } from 'zod';
import { FOLD_FROM, FOLD_TO } from './friend-rules.ts';
import { storableText } from './storable-text.ts';

export const SEARCH_Q_MIN = 2;
export const SEARCH_Q_MAX = 100;
export const SEARCH_KINDS = ['all', 'grids', 'chapters'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** Results per kind: a first page a candidate reads, not a dump of the bank. */
export const SEARCH_LIMIT = 20;
/** At most this many words of a query count (the rest are ignored). */
export const SEARCH_WORDS_MAX = 8;
/** Searches per user per minute (typing with a debounce stays well under). */
export const SEARCH_RATE = { max: 60, timeWindow: '1 minute' };

export const searchQuery = z.object({
  q: z
    .string({ error: 'FORM_CONTENT_SEARCH_REQUIRED' })
    .trim()
    .min(1, 'FORM_CONTENT_SEARCH_REQUIRED')
    .min(SEARCH_Q_MIN, 'FORM_CONTENT_SEARCH_TOO_SHORT')
    .max(SEARCH_Q_MAX, 'FORM_SEARCH_TOO_LONG')
    .refine(storableText, 'FIELD_TEXT_UNSUPPORTED'),
  kind: z.enum(SEARCH_KINDS, { error: 'FIELD_INVALID' }).default('all'),
  manual: z
    .string({ error: 'FIELD_INVALID' })
    .max(100, 'FIELD_TOO_LONG')
    .regex(/^[a-z0-9-]+$/, 'FIELD_INVALID')
    .optional(),
});
export type SearchQueryIn = z.input<typeof searchQuery>;
export type SearchQueryOut = z.output<typeof searchQuery>;

const FOLD = new Map<string, string>([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!]));

/** One character folded: the diacritics table, then lower case; always one UTF-16 unit for one. */
function foldChar(c: string): string {
  const t = FOLD.get(c) ?? c;
  const l = t.toLowerCase();
  return l.length === t.length ? l : t;
}

/** The text with diacritics and case dropped, of the same length (positions carry over). Only capitals
 *  and non-ASCII units can change, so only they call foldChar (a manual's 7 MB are folded when its
 *  device index is built). */
export const foldText = (s: string) => s.replace(/[A-Z\u0080-\uffff]/g, foldChar);

const WORD = /[a-z0-9]+/g;

/** The query's searchable words, folded: letters and digits, duplicates and repeats of a prefix dropped. */
export function searchWords(q: string): string[] {
  const all = [...foldText(q).matchAll(WORD)].map((m) => m[0]);
  const long = all.filter((w) => w.length >= 2);
  const words = [...new Set(long.length ? long : all)];
  return words.filter((w) => !words.some((o) => o !== w && o.startsWith(w))).slice(0, SEARCH_WORDS_MAX);
}

/** PostgreSQL's tsquery of the words: each a prefix, all required. Words are [a-z0-9]+ only. */
export const tsQueryOf = (words: readonly string[]) => words.map((w) => `${w}:*`).join(' & ');

/** [start, end) of a highlighted word in a text (UTF-16 positions, what String#slice takes). */
export type Range = [number, number];

/** Every word of the text that starts with a query word, as ranges over the original text. */
export function highlightRanges(text: string, words: readonly string[]): Range[] {
  const ranges: Range[] = [];
  for (const m of foldText(text).matchAll(WORD)) {
    if (words.some((w) => m[0].startsWith(w))) ranges.push([m.index, m.index + m[0].length]);
  }
  return ranges;
}

/**
 * A window of about `width` characters around the first highlighted word, cut at spaces, with
 * '…' where text was left out; the ranges are computed again on the window's own text.
 */
export function snippet(text: string, words: readonly string[], width = 200): { text: string; ranges: Range[] } {
  const clean = text.replace(/\s+/g, ' ').trim();
  const first = highlightRanges(clean, words)[0];
  if (clean.length <= width) return { text: clean, ranges: highlightRanges(clean, words) };
  let start = first ? Math.max(0, first[0] - Math.floor(width / 3)) : 0;
  if (start > 0) {
    const space = clean.indexOf(' ', start);
    start = space >= 0 && space < (first?.[0] ?? start + 20) ? space + 1 : start;
  }
  let end = Math.min(clean.length, start + width);
  if (end < clean.length) {
    const space = clean.lastIndexOf(' ', end);
    if (space > start + width / 2) end = space;
  }
  const out = `${start > 0 ? '…' : ''}${clean.slice(start, end)}${end < clean.length ? '…' : ''}`;
  return { text: out, ranges: highlightRanges(out, words) };
}

/** A text split into plain and marked pieces for rendering (React escapes each piece). */
export function markedPieces(text: string, ranges: readonly Range[]): { text: string; mark: boolean }[] {
  const out: { text: string; mark: boolean }[] = [];
  let at = 0;
  for (const [s, e] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (s < at || e > text.length || e <= s) continue;
    if (s > at) out.push({ text: text.slice(at, s), mark: false });
    out.push({ text: text.slice(s, e), mark: true });
    at = e;
  }
  if (at < text.length) out.push({ text: text.slice(at), mark: false });
  return out;
}
