// Session tokens after sign-in: the cache that resolves them (token-cache.ts), the channel that
// tells every process about a revocation (token-invalidation.ts), and revokeTokens, the one way
// to revoke tokens. Every revocation goes through it, so none can skip the cache eviction.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/db.ts';
import type { Config } from '../config.ts';
import { TokenCache } from './token-cache.ts';
import { localInvalidation, redisInvalidation, type TokenInvalidation } from './token-invalidation.ts';

/** How long a resolved token is trusted without asking the database. */
export const TOKEN_CACHE_TTL_MS = 30_000;
export const TOKEN_CACHE_MAX_ENTRIES = 20_000;
/** last_used_at is written at most this often per token. */
export const LAST_USED_INTERVAL_MS = 60_000;

export type Sessions = {
  cache: TokenCache;
  invalidation: TokenInvalidation;
  /** Evicts a user's cached tokens here and, through Redis when configured, in every process. */
  forgetUser(userId: number): Promise<void>;
};

export async function createSessions(
  config: Pick<Config, 'REDIS_URL' | 'SESSIONS_REDIS_PREFIX'>,
  log: FastifyBaseLogger,
  now?: () => number,
): Promise<Sessions> {
  const cache = new TokenCache({ ttlMs: TOKEN_CACHE_TTL_MS, maxEntries: TOKEN_CACHE_MAX_ENTRIES, now });
  const invalidation = config.REDIS_URL
    ? await redisInvalidation({
        url: config.REDIS_URL,
        channel: `${config.SESSIONS_REDIS_PREFIX}revoked`,
        onRevoked: (userId) => cache.evictUser(userId),
        onResubscribed: () => cache.clear(),
        log,
      })
    : localInvalidation();
  return {
    cache,
    invalidation,
    async forgetUser(userId) {
      cache.evictUser(userId);
      await invalidation.publish(userId);
    },
  };
}

/**
 * Which tokens of one user to revoke: all of them, only `tokenId` (sign-out), or all but
 * `exceptTokenId` (password change keeps the session that made it).
 */
export type RevokeScope = { userId: number; tokenId?: number; exceptTokenId?: number };

/**
 * Revokes tokens in the database (in the caller's transaction when `db` is one) and evicts the
 * user's cached tokens in every process before returning. Inside a transaction the eviction comes
 * before the commit; the cache's quarantine keeps the not yet committed revocation from being
 * undone by a concurrent read (token-cache.ts).
 */
export async function revokeTokens(
  app: Pick<FastifyInstance, 'db' | 'sessions'>,
  scope: RevokeScope,
  db: Db = app.db,
): Promise<void> {
  await db.query(
    `update auth_tokens set revoked_at = now()
      where user_id = $1 and revoked_at is null and ($2::int is null or id = $2) and ($3::int is null or id <> $3)`,
    [scope.userId, scope.tokenId ?? null, scope.exceptTokenId ?? null],
  );
  await app.sessions.forgetUser(scope.userId);
}
