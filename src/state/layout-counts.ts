// The navbar badges (SPEC §3 layout counts, issue 7): read from GET /user/layout-counts and moved
// by live events (a message, a notification, an announcement) and by the user's own reads. The
// two meet in a race: an event arriving while a counts request is under way is either already in
// the server's answer or not, and the answer cannot say which. So an answer during which anything
// changed here is not trusted — the counts are read again (the new read starts after the event
// was received, so after its row was stored) — and each live change also asks for a confirming
// read shortly after, which takes back an increment the server had already counted. Whatever the
// order, the badges end on the server's figures, with the live change shown at once meanwhile.
import { app } from './app.ts';
import { fetchLayoutCounts } from '../api/user.ts';
import type { LayoutCounts } from '../shared/types.ts';

/** Bumped by every change made here; an answer is applied only if none happened while it was awaited. */
let changes = 0;
let running: Promise<void> | null = null;
let wanted = false;
let confirmTimer: ReturnType<typeof setTimeout> | null = null;
/** Answers overtaken by changes before one is applied; then the live counts stay until the next read. */
const MAX_READS = 3;
/** Wait before the confirming read, so a burst of events is confirmed by one request. */
export const CONFIRM_AFTER_MS = 800;

/** A change known here (a live event, a read): shown at once, and any answer under way is read again. */
export function adjustCount(kind: keyof LayoutCounts, delta: number): void {
  app.layoutCounts[kind] = Math.max(0, app.layoutCounts[kind] + delta);
  changes += 1;
}

export function setCount(kind: keyof LayoutCounts, value: number): void {
  app.layoutCounts[kind] = value;
  changes += 1;
}

/** A live event: counted at once, confirmed by a read of the server's counts shortly after. */
export function countLive(kind: keyof LayoutCounts, delta = 1): void {
  adjustCount(kind, delta);
  confirmTimer ??= setTimeout(() => {
    confirmTimer = null;
    void refreshCounts().catch(() => undefined);
  }, CONFIRM_AFTER_MS);
}

/**
 * Reads the counts from the server. An answer during which something changed here is read
 * again; a call while a read is under way gets one more read after it (its reason may be newer).
 * Rejects when the request fails (the start-up load reports it).
 */
export function refreshCounts(): Promise<void> {
  if (running) {
    wanted = true;
    return running;
  }
  running = (async () => {
    try {
      for (let i = 0; i < MAX_READS; i += 1) {
        const before = changes;
        const counts = await fetchLayoutCounts();
        if (changes === before) {
          app.layoutCounts = counts;
          return;
        }
      }
    } finally {
      running = null;
      if (wanted) {
        wanted = false;
        void refreshCounts().catch(() => undefined);
      }
    }
  })();
  return running;
}

/** Sign-out or another account: nothing pending carries over. */
export function resetCounts(): void {
  if (confirmTimer) clearTimeout(confirmTimer);
  confirmTimer = null;
  wanted = false;
  changes += 1;
  app.layoutCounts = { messages: 0, friendships: 0, notifications: 0 };
}
