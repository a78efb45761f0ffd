// Where @fastify/rate-limit keeps its counters. One process: in its memory. Several processes
// (REDIS_URL): in Redis, so a limit of 5 per IP is 5 over the whole cluster, not 5 per process
// that a client could multiply by spreading requests over them. If Redis does not answer, the
// request is let through (skipOnError): the limits guard against abuse, and the login throttle,
// the one that guards accounts, lives in the database anyway.
import type { FastifyInstance } from 'fastify';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';

export function rateLimitStore(
  app: FastifyInstance,
  config: Pick<Config, 'REDIS_URL' | 'REALTIME_REDIS_PREFIX'>,
): Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'skipOnError'> {
  if (!config.REDIS_URL) return {};
  const redis = new Redis(config.REDIS_URL, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    // While Redis is away a count fails at once (and the request passes, skipOnError) instead of
    // waiting in ioredis' offline queue for a reconnection.
    enableOfflineQueue: false,
    connectionName: `${config.REALTIME_REDIS_PREFIX}rate`,
  });
  redis.on('error', (err) => app.log.warn({ err }, 'rate-limit redis'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: `${config.REALTIME_REDIS_PREFIX}rate:`, skipOnError: true };
}
