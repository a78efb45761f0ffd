// The PWA pieces of the shell (SPEC §2/§4), rendered by the root: install banner, update modal,
// offline indicator. On mount it registers the service worker and watches installability and the
// network; once the public settings are loaded it starts realtime and listens for '.update'.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import type Echo from 'laravel-echo';
import { app } from '../state/app.ts';
import { loadSettings } from '../state/settings.ts';
import { startPwa, syncThemeColor } from '../offline/pwa.ts';
import { watchNetwork } from '../offline/network.ts';
import { InstallBanner } from './pwa/InstallBanner.tsx';
import { UpdateModal } from './pwa/UpdateModal.tsx';
import { OfflineIndicator } from './pwa/OfflineIndicator.tsx';
import { whenIdle } from './when-idle.ts';
import { scheduleRealtime } from './realtime-start.ts';

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
      followAccount(echo);
    })
    .catch(() => {
      // Realtime is an extra (live messages, update notice): the app works without it.
      realtimeStarted = null;
    });
  return realtimeStarted;
}

/**
 * Live messages, seen receipts and notifications (issue 7 §3–4), all on the signed-in user's
 * private channel. Their modules (and the message outbox's IndexedDB they import) load with the
 * first signed-in user: a visitor's page never runs them. Both listeners are bound in the same
 * turn, so none misses an event that comes right after the subscription succeeds.
 */
function followAccount(echo: Echo<'pusher'>): void {
  const load = () =>
    Promise.all([import('../realtime/user-channel.ts'), import('../realtime/notifications-live.ts')])
      .then(([userChannel, notificationsLive]) => {
        userChannel.followUserChannel(echo);
        notificationsLive.followNotifications(echo);
      })
      // A chunk that failed to load (offline right then): the next page load tries again.
      .catch(() => undefined);
  if (app.user) {
    void load();
    return;
  }
  const stop = subscribeKey(app, 'user', (user) => {
    if (!user) return;
    stop();
    void load();
  });
}

export default function PwaSlot() {
  const { settings, theme } = useSnapshot(app);

  // Not needed for the first interaction (the entry already keeps an early install prompt).
  useEffect(
    () =>
      whenIdle(startPwa),
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

  // Never before the page is idle, and for a visitor much later (src/shell/realtime-start.ts).
  useEffect(() => (settings ? scheduleRealtime(() => void startRealtimeOnce()) : undefined), [settings]);

  useEffect(() => syncThemeColor(theme), [theme]);

  return (
    <>
      <InstallBanner />
      <UpdateModal />
      <OfflineIndicator />
    </>
  );
}
