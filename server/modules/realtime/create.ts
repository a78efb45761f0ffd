import type { AppConfig } from '../../config.ts';
import { Hub, type HubOptions } from './hub.ts';
import { HttpPublisher } from './http-publisher.ts';
import type { Realtime } from './realtime.ts';

/** Our own hub always runs; with PUSHER_HOST set, events are published to that engine instead. */
export function createRealtime(c: AppConfig, log?: HubOptions['log']): { hub: Hub; publisher: Realtime } {
  const hub = new Hub({ key: c.PUSHER_KEY, secret: c.PUSHER_SECRET, connectionsPerIp: c.REALTIME_CONNECTIONS_PER_IP, log });
  const publisher = c.PUSHER_HOST
    ? new HttpPublisher({
        appId: c.PUSHER_APP_ID,
        key: c.PUSHER_KEY,
        secret: c.PUSHER_SECRET,
        baseUrl: `${c.PUSHER_SCHEME ?? 'https'}://${c.PUSHER_HOST}:${c.PUSHER_PORT ?? 443}`,
      })
    : hub;
  return { hub, publisher };
}
