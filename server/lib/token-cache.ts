// Bearer tokens resolved in memory for a short while (issue 12 §3), so an authenticated request
// costs no database round trip. An LRU keyed by the token's SHA-256, bounded in size; an entry
// lives `ttlMs` at most and never past the token's own expiry.
//
// Revocation must act at once, so evicting a user's tokens also puts the user in quarantine for
// one cache life: no token of theirs is cached again meanwhile. That covers the two races of a
// cache in front of a database: a request that read the token just before the revocation and
// stores it just after, and a revocation inside a transaction that other connections only see
// once it commits (until then they read the token as valid, but cannot cache it).
export type CachedToken = {
  tokenId: number;
  userId: number;
  /** The token's own expiry (ms). */
  expiresAt: number;
  /** last_used_at as last written (ms): the next write is due a minute later. */
  lastUsedAt: number;
  /** When the entry was read from the database (ms). */
  loadedAt: number;
};

export type TokenCacheOptions = {
  ttlMs: number;
  maxEntries: number;
  /** The clock (ms); tests move it by hand. */
  now?: () => number;
};

export class TokenCache {
  readonly now: () => number;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recent first.
  private readonly entries = new Map<string, CachedToken>();
  private readonly byUser = new Map<number, Set<string>>();
  private readonly quarantine = new Map<number, number>();

  constructor(opts: TokenCacheOptions) {
    this.ttlMs = opts.ttlMs;
    this.maxEntries = opts.maxEntries;
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The live entry for a token hash, or undefined (absent, older than the cache life, or expired). */
  get(hash: string): CachedToken | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    const now = this.now();
    if (now - entry.loadedAt >= this.ttlMs || entry.expiresAt <= now) {
      this.remove(hash, entry);
      return undefined;
    }
    this.entries.delete(hash);
    this.entries.set(hash, entry);
    return entry;
  }

  /** Stores a token read from the database, unless its user's tokens were evicted within a cache life. */
  set(hash: string, entry: CachedToken): void {
    const until = this.quarantine.get(entry.userId);
    if (until !== undefined) {
      if (until > this.now()) return;
      this.quarantine.delete(entry.userId);
    }
    const previous = this.entries.get(hash);
    if (previous) this.remove(hash, previous);
    this.entries.set(hash, entry);
    let hashes = this.byUser.get(entry.userId);
    if (!hashes) this.byUser.set(entry.userId, (hashes = new Set()));
    hashes.add(hash);
    while (this.entries.size > this.maxEntries) {
      const [oldest, value] = this.entries.entries().next().value!;
      this.remove(oldest, value);
    }
  }

  /** Forgets every cached token of a user and keeps them out of the cache for one cache life. */
  evictUser(userId: number): void {
    const now = this.now();
    for (const [id, until] of this.quarantine) if (until <= now) this.quarantine.delete(id);
    this.quarantine.set(userId, now + this.ttlMs);
    for (const hash of this.byUser.get(userId) ?? []) this.entries.delete(hash);
    this.byUser.delete(userId);
  }

  /** Forgets everything (after missing invalidations, e.g. a lost Redis connection). */
  clear(): void {
    this.entries.clear();
    this.byUser.clear();
  }

  private remove(hash: string, entry: CachedToken): void {
    this.entries.delete(hash);
    const hashes = this.byUser.get(entry.userId);
    hashes?.delete(hash);
    if (hashes && !hashes.size) this.byUser.delete(entry.userId);
  }
}
