// Runs work once the browser is idle after the first paint (issue 12, TBT): registering the service
// worker, install detection (media queries that would force a layout right after a render) and
// the realtime client are not needed for the first interaction. Returns the cancel function.
export function whenIdle(fn: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const t = window.setTimeout(fn, 1);
    return () => window.clearTimeout(t);
  }
  const id = window.requestIdleCallback(fn, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(id);
}
