// The offline draw made before the tap (issue 30 §2). While a candidate with no connection fills in
// the builder, the draw for what the form says is made in the background (Start.tsx calls
// drawAhead a moment after each change), so that "Începe testul" only has to store the test: at a
// phone's speed the keys, the history and the rows of a 6,000-grid manual were most of the build.
// A drawn set is used once, only for the very filters it was drawn for, and only when nothing the
// draw reads was written to the device since it began (Dexie's storagemutated: this tab's writes,
// and those of other tabs and workers through its BroadcastChannel). Otherwise the tap draws.
import Dexie from 'dexie';
import type { LocalGrid } from './db.ts';
import type { TestFilters } from './local-tests.ts';

/** The tables a draw reads: a write to any of them makes a draw made before it stale. */
const READS = new Set(['manuals', 'chapters', 'grids', 'answers', 'favorites']);

let generation = 0;
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  Dexie.on('storagemutated', (parts) => {
    for (const part of Object.keys(parts)) {
      // 'idb://<database>/<table>/…'; anything else (Dexie's 'all') is everything.
      const table = /^idb:\/\/[^/]+\/([^/]+)\//.exec(part)?.[1];
      if (!table || READS.has(table)) {
        generation++;
        return;
      }
    }
  });
}

/** What decides a draw: the same key, the same set of grids to draw from. */
export function drawKey(f: TestFilters): string {
  const chapters = [...new Set(f.chapter_ids)].sort((a, b) => a - b);
  return JSON.stringify([f.manual_id, chapters, f.count, f.difficulty ?? null, Boolean(f.only_unseen), Boolean(f.only_wrong), Boolean(f.only_favorites)]);
}

type Ahead = { key: string; generation: number; picked: Promise<LocalGrid[]> };
let ahead: Ahead | null = null;

/**
 * Starts a draw for `f` unless one for the same filters is under way or ready and still current;
 * settles when that draw has (never rejects: too few grids, say, is the tap's to report, its own
 * draw says it with the exact count).
 */
export function drawAhead(f: TestFilters, draw: (f: TestFilters) => Promise<LocalGrid[]>): Promise<void> {
  listen();
  const key = drawKey(f);
  if (!ahead || ahead.key !== key || ahead.generation !== generation) ahead = { key, generation, picked: draw(f) };
  return ahead.picked.then(
    () => undefined,
    () => undefined,
  );
}

/** The draw made for exactly these filters, if nothing it read changed since it began; taken once. */
export async function takeAhead(f: TestFilters): Promise<LocalGrid[] | null> {
  const a = ahead;
  ahead = null;
  if (!a || a.key !== drawKey(f) || a.generation !== generation) return null;
  const picked = await a.picked.catch(() => null);
  // A write that landed while the draw was still reading counts too.
  return a.generation === generation ? picked : null;
}

/** Forgets a draw made ahead (the builder closed). */
export function dropAhead(): void {
  ahead = null;
}
