// Tells every process that a user's tokens were revoked, so each evicts them from its token cache.
// Without REDIS_URL there is one process to tell (this one). With it, a message on a Redis channel
// reaches every process on that Redis, this one included.
//
// A process that is not listening on the channel (Redis down, reconnecting) could miss a
// revocation, so it does not use its cache until it listens again, and then starts from empty.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export interface TokenInvalidation {
  /** True when the cache may be used: in-process mode, or subscribed to the channel right now. */
  readonly listening: boolean;
  /**
   * Announces that a user's tokens were revoked. Resolves once this process got its own message
   * back from Redis (every subscriber's copy has then left Redis), or after a second at most.
   */
  publish(userId: number): Promise<void>;
  close(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;

/** In-process mode: the caller has already evicted locally; nobody else to tell. */
export function localInvalidation(): TokenInvalidation {
  return { listening: true, publish: async () => {}, close: async () => {} };
}

const ECHO_WAIT_MS = 1000;

export async function redisInvalidation(opts: {
  url: string;
  channel: string;
  onRevoked: (userId: number) => void;
  /** Called when the subscription is (re)established: invalidations may have been missed. */
  onResubscribed: () => void;
  log: Log;
}): Promise<TokenInvalidation> {
  const origin = randomBytes(8).toString('hex');
  let sequence = 0;
  const echoes = new Map<number, () => void>();
  let listening = false;
  let everReady = false;
  // The subscriber retries for ever (a revocation must not be missed for long); the publisher
  // fails fast rather than holding a logout while Redis is away.
  const sub = new Redis(opts.url, { lazyConnect: true, maxRetriesPerRequest: null, connectionName: `${opts.channel}:${origin}` });
  const pub = new Redis(opts.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  for (const [name, client] of [['subscriber', sub], ['publisher', pub]] as const)
    client.on('error', (err: Error) => opts.log.warn({ err }, `redis ${name}: ${err.message}`));

  sub.on('message', (channel: string, raw: string) => {
    if (channel !== opts.channel) return;
    let msg: { u?: unknown; o?: unknown; n?: unknown };
    try {
      msg = JSON.parse(raw) as typeof msg;
    } catch {
      return;
    }
    if (typeof msg.u === 'number' && Number.isInteger(msg.u)) opts.onRevoked(msg.u);
    if (msg.o === origin && typeof msg.n === 'number') echoes.get(msg.n)?.();
  });
  sub.on('close', () => {
    if (listening) opts.log.warn('redis subscriber disconnected: token cache off until it is back');
    listening = false;
  });
  sub.on('ready', () => {
    if (!everReady) return;
    // Back after a drop (or first reached after a failed start). Subscribing again is harmless
    // where ioredis already did; what was published meanwhile is lost, so start empty.
    sub.subscribe(opts.channel).then(
      () => {
        opts.onResubscribed();
        listening = true;
        opts.log.info('redis subscriber ready: token cache on');
      },
      (err: unknown) => opts.log.error({ err }, 'redis subscribe failed'),
    );
  });

  try {
    await sub.connect();
    await sub.subscribe(opts.channel);
    listening = true;
  } catch (err) {
    opts.log.error({ err }, 'redis not reachable at start: token cache off until it is');
  }
  everReady = true;
  await pub.connect().catch(() => {}); // reported by the error listener; ioredis keeps retrying

  return {
    get listening() {
      return listening;
    },
    async publish(userId) {
      const n = ++sequence;
      const echoed = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ECHO_WAIT_MS);
        timer.unref();
        echoes.set(n, () => (clearTimeout(timer), resolve()));
      });
      try {
        await pub.publish(opts.channel, JSON.stringify({ u: userId, o: origin, n }));
        if (listening) await echoed;
      } catch (err) {
        opts.log.error({ err, userId }, 'token revocation not published to redis');
      } finally {
        echoes.delete(n);
      }
    },
    async close() {
      listening = false;
      sub.disconnect();
      pub.disconnect();
    },
  };
}
