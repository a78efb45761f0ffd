// The token cache on its own: size bound (least recently used goes first), cache life, the
// token's own expiry, and the quarantine after an eviction.
import { describe, expect, it } from 'vitest';
import { TokenCache, type CachedToken } from '../../server/lib/token-cache.ts';

function setup(maxEntries = 3) {
  let now = 1_000_000;
  const cache = new TokenCache({ ttlMs: 30_000, maxEntries, now: () => now });
  const entry = (userId: number, tokenId = userId, expiresIn = 86_400_000): CachedToken => ({
    tokenId,
    userId,
    expiresAt: now + expiresIn,
    lastUsedAt: now,
    loadedAt: now,
  });
  return { cache, entry, advance: (ms: number) => (now += ms) };
}

describe('TokenCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const { cache, entry } = setup(3);
    cache.set('a', entry(1));
    cache.set('b', entry(2));
    cache.set('c', entry(3));
    expect(cache.get('a')?.userId).toBe(1); // a is now the most recent
    cache.set('d', entry(4));
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('d')).toBeDefined();
  });

  it('forgets an entry after the cache life, and at the token’s own expiry if sooner', () => {
    const { cache, entry, advance } = setup();
    cache.set('long', entry(1));
    cache.set('short', entry(2, 2, 5_000));
    advance(5_000);
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')).toBeDefined();
    advance(25_000);
    expect(cache.get('long')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts every token of a user and caches none of theirs for one cache life', () => {
    const { cache, entry, advance } = setup(10);
    cache.set('a1', entry(1, 11));
    cache.set('a2', entry(1, 12));
    cache.set('b', entry(2));
    cache.evictUser(1);
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.set('a1', entry(1, 11));
    expect(cache.get('a1')).toBeUndefined();
    advance(30_000);
    cache.set('a1', entry(1, 11));
    expect(cache.get('a1')).toBeDefined();
  });
});
