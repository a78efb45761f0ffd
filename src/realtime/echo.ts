// Realtime client: laravel-echo over pusher-js, connected to our own server (same host and
// port by default) or to the Pusher-compatible engine the server's settings name.
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { app, type PublicSettings } from '../state/app.ts';
import { getItem } from '../state/storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import { API_PREFIX, REALTIME_RETRY_MS } from '../shared/constants.ts';

let echo: Echo<'pusher'> | null = null;

/** The bearer header of whoever is signed in now (read from storage at each call). */
export function authHeaders(): Record<string, string> {
  const token = getItem(STORAGE.token);
  return token ? { Authorization: `Bearer ${token}` } : {};
}
let updatesStop: (() => void) | null = null;

export function getEcho(): Echo<'pusher'> | null {
  return echo;
}

export function startRealtime(settings: PublicSettings): Echo<'pusher'> {
  if (echo) return echo;
  const secure = settings.pusher.scheme ? settings.pusher.scheme === 'https' : location.protocol === 'https:';
  const port = settings.pusher.port ?? (location.port ? Number(location.port) : secure ? 443 : 80);
  echo = new Echo({
    broadcaster: 'pusher',
    Pusher,
    key: settings.pusher.key,
    cluster: 'mt1',
    wsHost: settings.pusher.host ?? location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: secure,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    // The token is read at each authorisation, never captured at start: after a sign-in or
    // sign-out without a reload, the next subscription (src/realtime/user-channel.ts resubscribes
    // on a user change) carries the current account's token.
    channelAuthorization: {
      endpoint: `${API_PREFIX}/broadcasting/auth`,
      transport: 'ajax',
      headersProvider: authHeaders,
    },
    // pusher.signin() (events for this user on every tab) asks our server, not pusher-js's default path.
    userAuthentication: {
      endpoint: `${API_PREFIX}/broadcasting/user-auth`,
      transport: 'ajax',
      headers: {},
      headersProvider: authHeaders,
    },
  });
  return echo;
}

/** Runs fn once the realtime client exists, retrying every second (SPEC §4 update modal). */
export function whenRealtime(fn: (e: Echo<'pusher'>) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    if (echo) fn(echo);
    else timer = setTimeout(attempt, REALTIME_RETRY_MS);
  };
  attempt();
  return () => clearTimeout(timer);
}

/** The 'update' channel's .update event opens the update modal (SPEC §7). Subscribes once,
 *  however often it is called; the returned function stops the retry loop and the listener. */
export function listenForUpdates(): () => void {
  if (updatesStop) return updatesStop;
  let subscribed: Echo<'pusher'> | null = null;
  const cancelRetry = whenRealtime((e) => {
    subscribed = e;
    e.channel('update').listen('.update', () => {
      app.updateAvailable = true;
    });
  });
  updatesStop = () => {
    cancelRetry();
    subscribed?.channel('update').stopListening('.update');
    updatesStop = null;
  };
  return updatesStop;
}

/** Test hook: forget the client and the listener between unit tests. */
export function resetRealtimeForTests(): void {
  echo = null;
  updatesStop = null;
}
