// The answer /cautare shows before its address names it (issue 30 §3). A query typed on the
// results page is searched first and shown at once; the address (a history entry, which costs a
// pushState, the browser's favicon check and the router rendering every route) follows after
// that frame is painted. On the phone profile the navigation was a third of the wait for results.
import { useSyncExternalStore } from 'react';
import type { SearchKind } from '../../../shared/search-rules.ts';
import type { Outcome } from './run-search.ts';

/** `from`: the key the page's address named when the query was typed; the answer shows only while it still does. */
export type Ahead = { key: string; from: string; kind: SearchKind; outcome: Outcome };

let ahead: Ahead | null = null;
let latest = 0;
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((l) => l());

/** A number for the newest query; showAhead() ignores an older one's answer arriving late. */
export const nextAhead = (): number => ++latest;

export function showAhead(seq: number, a: Ahead): void {
  if (seq !== latest) return;
  ahead = a;
  tell();
}

/** The address now names `wanted`: an answer typed from another address is done with (caught up, or the reader went elsewhere). */
export function settleAhead(wanted: string): void {
  if (!ahead || ahead.from === wanted) return;
  ahead = null;
  tell();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export const useAhead = (): Ahead | null => useSyncExternalStore(subscribe, () => ahead);

/** Settles once the next frame is painted (a task queued from its animation frame runs after it). */
export const afterPaint = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
