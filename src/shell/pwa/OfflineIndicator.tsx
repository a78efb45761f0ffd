// A small polite status while offline, and a brief 'Din nou online' when the connection returns.
// The live region stays mounted (empty when there is nothing to say) so screen readers announce changes.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { useOnline } from '../../offline/network.ts';
import { codeOnNetwork } from '../../router/code-on-network.ts';

// Only an account has answers waiting; a visitor's pages never load IndexedDB for it.
const loadOutboxWaiting = () => import('./OutboxWaiting.tsx');
const OutboxWaiting = lazy(loadOutboxWaiting);

export const OFFLINE_TEXT = 'Ești offline — poți citi manualele descărcate și rezolva teste; răspunsurile se sincronizează când revii online.';
/** A screen asked for offline whose code the device does not have yet (router/code-on-network.ts). */
export const SCREEN_WAITS_TEXT =
  'Ești offline, iar ecranul cerut nu este încă salvat pe acest dispozitiv: se deschide singur când revine conexiunea.';
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

  const signedIn = Boolean(useSnapshot(app).user);
  // During a navigation React keeps the old screen up while the new one loads, so the wait is said here.
  const screenWaits = useSnapshot(codeOnNetwork).waiting > 0;
  // Loaded while still online: the chunk is needed exactly when the network is gone, and a page
  // the service worker does not control yet could not fetch it then.
  useEffect(() => {
    if (signedIn) void loadOutboxWaiting().catch(() => undefined);
  }, [signedIn]);
  // Offline, say plainly how much waits on the device (issue 11 §1).
  const text = !online ? (
    <>
      {screenWaits ? SCREEN_WAITS_TEXT : OFFLINE_TEXT}
      {signedIn ? (
        <Suspense fallback={null}>
          <OutboxWaiting />
        </Suspense>
      ) : null}
    </>
  ) : backOnline ? (
    BACK_ONLINE_TEXT
  ) : (
    ''
  );
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
