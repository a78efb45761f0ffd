// Wiring: our own hub always runs (in-process, or shared with the other processes through Redis
// when REDIS_URL is set); app code publishes through one port, to that hub, or with PUSHER_HOST
// to an external Pusher-compatible engine.
import type { AppConfig } from '../../config.ts';
import { LocalAdapter } from './adapter.ts';
import { Hub, type HubOptions } from './hub.ts';
import { PusherPublisher } from './pusher-publisher.ts';
import { RedisAdapter } from './redis-adapter.ts';
import { guardPublic } from './channel-rules.ts';
import type { Realtime } from './realtime.ts';

export async function createRealtime(
  c: AppConfig,
  log?: HubOptions['log'],
  authorize?: HubOptions['authorize'],
): Promise<{ hub: Hub; publisher: Realtime }> {
  const adapter = c.REDIS_URL
    ? new RedisAdapter({
        url: c.REDIS_URL,
        prefix: c.REALTIME_REDIS_PREFIX,
        nodeTtlMs: c.REALTIME_NODE_TTL_MS,
        log,
      })
    : new LocalAdapter();
  const hub = new Hub({
    key: c.PUSHER_KEY,
    secret: c.PUSHER_SECRET,
    connectionsPerIp: c.REALTIME_CONNECTIONS_PER_IP,
    activityTimeoutMs: c.REALTIME_ACTIVITY_TIMEOUT_S * 1000,
    pongTimeoutMs: c.REALTIME_PONG_TIMEOUT_S * 1000,
    adapter,
    log,
    authorize,
  });
  await hub.start();
  const target: Realtime = c.PUSHER_HOST
    ? new PusherPublisher({
        appId: c.PUSHER_APP_ID,
        key: c.PUSHER_KEY,
        secret: c.PUSHER_SECRET,
        host: c.PUSHER_HOST,
        port: c.PUSHER_PORT,
        useTLS: (c.PUSHER_SCHEME ?? 'https') === 'https',
      })
    : hub;
  return { hub, publisher: guardPublic(target) };
}
