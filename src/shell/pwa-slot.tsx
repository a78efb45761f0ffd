// The PWA pieces of the shell (SPEC §2/§4), rendered by the root: install banner, update modal,
// offline indicator. On mount it registers the service worker and watches installability and the
// network; once the public settings are loaded it starts realtime and listens for '.update'.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { loadSettings } from '../state/settings.ts';
import { recordVisit } from '../state/app-usage.ts';
import { registerServiceWorker, syncThemeColor, watchInstall } from '../offline/pwa.ts';
import { watchNetwork } from '../offline/network.ts';
import { InstallBanner } from './pwa/InstallBanner.tsx';
import { UpdateModal } from './pwa/UpdateModal.tsx';
import { OfflineIndicator } from './pwa/OfflineIndicator.tsx';
import { whenIdle } from './when-idle.ts';

let realtimeStarted: Promise<void> | null = null;

/** Starts realtime and the update listener once per page, whenever settings first arrive. The
 *  realtime client (laravel-echo + pusher-js, ~20 KiB gzip) is its own chunk, loaded after the
 *  first render, so it stays out of every screen's first-load JavaScript. */
export function startRealtimeOnce(): Promise<void> {
  const settings = app.settings;
  if (!settings) return Promise.resolve();
  realtimeStarted ??= import('../realtime/echo.ts')
    .then(async ({ startRealtime, listenForUpdates }) => {
      const echo = startRealtime(settings);
      listenForUpdates();
      // Live messages and seen receipts (issue 7 §3), live notifications and their navbar count
      // (issue 7 §4), all on the signed-in user's private channel: both listeners are bound in the
      // same turn, so none misses an event that comes right after the subscription succeeds.
      const [userChannel, notificationsLive] = await Promise.all([
        import('../realtime/user-channel.ts'),
        import('../realtime/notifications-live.ts'),
      ]);
      userChannel.followUserChannel(echo);
      notificationsLive.followNotifications(echo);
    })
    .catch(() => {
      // Realtime is an extra (live messages, update notice): the app works without it.
      realtimeStarted = null;
    });
  return realtimeStarted;
}

export default function PwaSlot() {
  const { settings, theme } = useSnapshot(app);

  // Not needed for the first interaction (the entry already keeps an early install prompt).
  useEffect(
    () =>
      whenIdle(() => {
        registerServiceWorker();
        watchInstall();
        recordVisit();
      }),
    [],
  );

  // Offline at start means no settings: fetch them when the connection returns.
  useEffect(
    () =>
      watchNetwork(() => {
        if (!app.settings) void loadSettings();
      }),
    [],
  );

  // Once the page is idle: the first interaction never waits for the realtime client.
  useEffect(() => (settings ? whenIdle(() => void startRealtimeOnce(), 5000) : undefined), [settings]);

  useEffect(() => syncThemeColor(theme), [theme]);

  return (
    <>
      <InstallBanner />
      <UpdateModal />
      <OfflineIndicator />
    </>
  );
}
