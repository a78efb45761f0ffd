// The PWA pieces of the shell (SPEC §2/§4), rendered by the root: install banner, update modal,
// offline indicator. On mount it registers the service worker and watches installability and the
// network; once the public settings are loaded it starts realtime and listens for '.update'.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import '../styles/pwa.css';
import { app } from '../state/app.ts';
import { loadSettings } from '../state/settings.ts';
import { recordVisit } from '../state/app-usage.ts';
import { registerServiceWorker, syncThemeColor, watchInstall } from '../offline/pwa.ts';
import { watchNetwork } from '../offline/network.ts';
import { InstallBanner } from './pwa/InstallBanner.tsx';
import { UpdateModal } from './pwa/UpdateModal.tsx';
import { OfflineIndicator } from './pwa/OfflineIndicator.tsx';

let realtimeStarted: Promise<void> | null = null;

/** Starts realtime and the update listener once per page, whenever settings first arrive. The
 *  realtime client (laravel-echo + pusher-js, ~20 KiB gzip) is its own chunk, loaded after the
 *  first render, so it stays out of every screen's first-load JavaScript. */
export function startRealtimeOnce(): Promise<void> {
  const settings = app.settings;
  if (!settings) return Promise.resolve();
  realtimeStarted ??= import('../realtime/echo.ts')
    .then(({ startRealtime, listenForUpdates }) => {
      startRealtime(settings);
      listenForUpdates();
    })
    .catch(() => {
      // Realtime is an extra (live messages, update notice): the app works without it.
      realtimeStarted = null;
    });
  return realtimeStarted;
}

export default function PwaSlot() {
  const { settings, theme } = useSnapshot(app);

  useEffect(() => {
    registerServiceWorker();
    watchInstall();
    recordVisit();
  }, []);

  // Offline at start means no settings: fetch them when the connection returns.
  useEffect(
    () =>
      watchNetwork(() => {
        if (!app.settings) void loadSettings();
      }),
    [],
  );

  // Once the page is idle: the first interaction never waits for the realtime client.
  useEffect(() => {
    if (!settings) return;
    if (typeof window.requestIdleCallback !== 'function') {
      void startRealtimeOnce();
      return;
    }
    const id = window.requestIdleCallback(() => void startRealtimeOnce(), { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }, [settings]);

  useEffect(() => syncThemeColor(theme), [theme]);

  return (
    <>
      <InstallBanner />
      <UpdateModal />
      <OfflineIndicator />
    </>
  );
}
