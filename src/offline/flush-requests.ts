// The service worker's "flush the outbox" wake-up (Background Sync, sw/sw.ts), as a list of
// listeners: the outbox (src/offline/sync.ts) listens here, and the registration (pwa.ts) calls
// them when the worker asks. Its own module so the solve screen's first load does not carry
// workbox-window, which only the registration needs (issue 12 §2).
const flushListeners = new Set<() => void>();

export function onFlushRequest(fn: () => void): () => void {
  flushListeners.add(fn);
  return () => flushListeners.delete(fn);
}

/** The worker asked for a flush: every listener runs. */
export function requestFlush(): void {
  flushListeners.forEach((fn) => fn());
}
