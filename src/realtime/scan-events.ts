// Scan state changes on the signed-in user's private channel (server/modules/scans/events.ts).
// The sheet page listens while mounted and re-reads the scan on each event; the channel itself
// stays subscribed (user-channel.ts owns it), only this listener goes.
import { useEffect, useRef } from 'react';
import { whenRealtime } from './echo.ts';
import { SCAN_EVENT, type ScanEvent } from '../shared/scan-schema.ts';

export function useScanEvents(userId: number | undefined, onEvent: (e: ScanEvent) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | null = null;
    const cb = (e: ScanEvent) => handler.current(e);
    const cancel = whenRealtime((echo) => {
      const channel = echo.private(`user.${userId}`);
      channel.listen(`.${SCAN_EVENT}`, cb);
      stop = () => channel.stopListening(`.${SCAN_EVENT}`, cb);
    });
    return () => {
      cancel();
      stop?.();
    };
  }, [userId]);
}
