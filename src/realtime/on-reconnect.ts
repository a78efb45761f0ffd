// Calls `fn` each time the realtime socket (re)connects: after a network drop it is often the
// first sign that the server is reachable again. Returns the cleanup.
import { whenRealtime } from './echo.ts';

type Connection = { bind: (event: string, cb: () => void) => void; unbind: (event: string, cb: () => void) => void };

export function onRealtimeReconnect(fn: () => void): () => void {
  let conn: Connection | null = null;
  const cb = () => fn();
  const cancel = whenRealtime((echo) => {
    conn = (echo.connector as unknown as { pusher?: { connection?: Connection } }).pusher?.connection ?? null;
    conn?.bind('connected', cb);
  });
  return () => {
    cancel();
    conn?.unbind('connected', cb);
  };
}
