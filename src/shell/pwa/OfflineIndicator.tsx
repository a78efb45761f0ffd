// A small polite status while offline, and a brief 'Din nou online' when the connection returns.
// The live region stays mounted (empty when there is nothing to say) so screen readers announce changes.
import { useEffect, useRef, useState } from 'react';
import { useOnline } from '../../offline/network.ts';
import { useOutboxStatus, waitingText } from '../../offline/sync-state.ts';

export const OFFLINE_TEXT = 'Ești offline — poți citi manualele descărcate și rezolva teste; răspunsurile se sincronizează când revii online.';
export const BACK_ONLINE_TEXT = 'Din nou online';
export const BACK_ONLINE_MS = 3000;

export function OfflineIndicator() {
  const online = useOnline();
  const wasOffline = useRef(!online);
  const [backOnline, setBackOnline] = useState(false);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setBackOnline(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setBackOnline(true);
    const t = setTimeout(() => setBackOnline(false), BACK_ONLINE_MS);
    return () => clearTimeout(t);
  }, [online]);

  const outbox = useOutboxStatus();
  const waiting = outbox ? waitingText(outbox) : null;
  // Offline, say plainly how much waits on the device (issue 11 §1).
  const text = !online ? (waiting ? `${OFFLINE_TEXT} ${waiting}` : OFFLINE_TEXT) : backOnline ? BACK_ONLINE_TEXT : '';
  return (
    <div
      className={`offline-indicator${!online ? ' offline-indicator--offline' : backOnline ? ' offline-indicator--online' : ''}`}
      role="status"
      aria-live="polite"
      data-testid="offline-indicator"
    >
      {text}
    </div>
  );
}
