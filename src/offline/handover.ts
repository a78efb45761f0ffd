// A test made on this device hands its row and its grids to the solve screen it opens: that screen
// would otherwise read back, one IndexedDB request a grid, the 200 rows the draw has just read, and
// paint its first grid ≈ 0.25 s later at a phone's speed (issue 30 §2). The rows are the ones stored,
// so the screen's live queries, which still run, find the same; one test is held, until that screen
// closes.
import type { LocalGrid, LocalTest } from './db.ts';

type HandedOver = { test: LocalTest; grids: LocalGrid[] };
let held: HandedOver | null = null;

/** Keeps the test just stored and its grids, in the test's order, for the screen that opens it. */
export function handOver(test: LocalTest, grids: readonly LocalGrid[]): void {
  held = { test, grids: [...grids] };
}

/** The test `id` and its grids when they were just handed over, else null. */
export function handedOver(id: string): HandedOver | null {
  return held?.test.id === id ? held : null;
}

/** The screen of test `id` has closed: its live queries are the truth from now on. */
export function releaseHandOver(id: string): void {
  if (held?.test.id === id) held = null;
}
