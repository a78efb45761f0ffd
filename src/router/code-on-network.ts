// A screen's code that is not on the device yet (the service worker still precaching on a first
// visit, or no service worker at all) cannot load offline. Rather than the error page, the import
// waits for the network and is tried again (Chromium fetches a failed module anew), and the
// offline notice says why nothing opens yet (src/shell/pwa/OfflineIndicator.tsx). Online, a failing import is tried a few times more and
// then fails for real (a deployment that removed the chunk: the update flow takes it from there).
import { proxy } from 'valtio';

export const codeOnNetwork = proxy({ waiting: 0 });

/** Tries online before failing: one failure is often the moment between two networks. */
const ONLINE_TRIES = 3;
const ONLINE_RETRY_MS = 1500;

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function backOnline(): Promise<void> {
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `load()` again until it succeeds: after each 'online' event while offline, a few times online. */
export async function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  let onlineFailures = 0;
  for (;;) {
    try {
      return await load();
    } catch (err) {
      if (!(err instanceof TypeError) || typeof window === 'undefined') throw err;
      if (!offline() && ++onlineFailures >= ONLINE_TRIES) throw err;
      codeOnNetwork.waiting++;
      try {
        await (offline() ? backOnline() : pause(ONLINE_RETRY_MS));
      } finally {
        codeOnNetwork.waiting--;
      }
    }
  }
}
