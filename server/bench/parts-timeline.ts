// The download's timeline replayed at another worker speed (download-phone.ts): DevTools' CPU
// throttling slows the page, not the part-store worker, so the phone figure replays the measured
// fetches with the worker's times scaled.

/**
 * When the last part is stored, as downloadParts runs them: part i + 1 is fetched from the moment
 * part i starts being stored (once fetched, and the part before it stored); stores one at a time.
 */
export function partsTimeline(fetch: number[], store: number[], rate: number): number {
  let fetched = fetch[0] ?? 0;
  let stored = 0;
  for (let i = 0; i < store.length; i++) {
    const start = Math.max(fetched, stored);
    fetched = start + (fetch[i + 1] ?? 0);
    stored = start + store[i]! * rate;
  }
  return stored;
}
