// Everything the app starts in the browser besides rendering, loaded as its own chunk: the boot
// of src/state/boot.ts (theme, flags, error logging, settings, session) and, for an account, the
// offline machinery. A server-rendered public page runs this right after hydrating, so its first
// paint needs none of it; a client-rendered screen runs it before rendering, as before.
import { subscribeKey } from 'valtio/utils';
import { app } from './state/app.ts';
import { loadAppRoutes } from './router/route-loader.ts';
import { startApp } from './state/boot.ts';
import { isSignedIn } from './state/user.ts';

let offlineStarted = false;

/** IndexedDB, the outbox, the per-grid queue and the profile manual: only for a signed-in account. */
async function startOffline(): Promise<void> {
  if (offlineStarted) return;
  offlineStarted = true;
  const [download, sync, gridActions] = await Promise.all([
    import('./offline/download.ts'),
    import('./offline/sync.ts'),
    import('./offline/grid-actions.ts'),
  ]);
  // The manual of the user's profile is mirrored for offline use once, as soon as someone is signed in.
  void download.autoDownloadProfileManual();
  // Unsent answers and tests go out at start, on reconnect and on the service worker's sync.
  sync.startSync();
  // Favourites, reports and notes made offline go out at start, on reconnect and after any good answer.
  gridActions.startGridActions();
}

export async function startClient(): Promise<void> {
  // The session's rules (guard, redirects, logout) need every route: the rest of the table first.
  await loadAppRoutes();
  startApp();
  if (isSignedIn()) return startOffline();
  // A visitor who signs in later gets it then; a visitor who never does never loads IndexedDB.
  const stop = subscribeKey(app, 'user', (user) => {
    if (!user) return;
    stop();
    void startOffline();
  });
}
