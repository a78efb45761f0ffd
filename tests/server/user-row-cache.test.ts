// The user row cache on its own: tickets against announced changes (a read that raced a change is
// not kept), cache life, size bound, and the off state while announcements might be missed.
import { describe, expect, it } from 'vitest';
import { UserRowCache } from '../../server/lib/user-row-cache.ts';
import type { UserRow } from '../../server/modules/auth/user-dto.ts';

function setup(maxEntries = 3) {
  let now = 1_000_000;
  const cache = new UserRowCache({ ttlMs: 60_000, maxEntries, now: () => now });
  cache.setListening(true);
  return { cache, advance: (ms: number) => (now += ms) };
}

const row = (id: number, name = `Nume ${id}`): UserRow => ({
  id,
  name,
  email: `u${id}@exemplu.ro`,
  auth_provider: 'password',
  email_verified_at: null,
  manual_id: null,
  specialization_id: null,
  center_id: null,
  theme: 'light',
  sound_effects: true,
  premium_until: null,
  is_admin: false,
  avatar_path: null,
  avatar_thumb_path: null,
  acknowledged_info_banner: false,
  last_notification_seen_date: null,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('UserRowCache', () => {
  it('keeps a row read with a ticket and drops it when its user changes', () => {
    const { cache } = setup();
    cache.set(row(1), cache.ticket());
    expect(cache.get(1)?.name).toBe('Nume 1');
    cache.changed(1);
    expect(cache.get(1)).toBeUndefined();
  });

  it('does not keep a row whose user changed after the ticket was taken (read before the commit)', () => {
    const { cache } = setup();
    const ticket = cache.ticket();
    cache.changed(1); // the announcement overtakes the read's answer
    cache.set(row(1, 'vechi'), ticket);
    expect(cache.get(1)).toBeUndefined();
    // A change to someone else does not stop it; a read after the change is kept.
    const next = cache.ticket();
    cache.changed(2);
    cache.set(row(1, 'nou'), next);
    expect(cache.get(1)?.name).toBe('nou');
  });

  it('forgets a row after the cache life', () => {
    const { cache, advance } = setup();
    cache.set(row(1), cache.ticket());
    advance(59_999);
    expect(cache.get(1)).toBeDefined();
    advance(1);
    expect(cache.get(1)).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const { cache } = setup(2);
    cache.set(row(1), cache.ticket());
    cache.set(row(2), cache.ticket());
    expect(cache.get(1)).toBeDefined();
    cache.set(row(3), cache.ticket());
    expect(cache.size).toBe(2);
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBeDefined();
  });

  it('with more changes than it remembers, refuses any read older than the forgotten ones', () => {
    const { cache } = setup(2);
    const ticket = cache.ticket();
    cache.changed(1);
    cache.changed(2);
    cache.changed(3); // user 1's change is forgotten: every user counts as changed then
    cache.set(row(1), ticket);
    cache.set(row(4), ticket);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(4)).toBeUndefined();
    cache.set(row(4), cache.ticket());
    expect(cache.get(4)).toBeDefined();
  });

  it('is off while announcements might be missed, and starts empty when they are heard again', () => {
    const { cache } = setup();
    cache.set(row(1), cache.ticket());
    const inFlight = cache.ticket();
    cache.setListening(false);
    expect(cache.enabled).toBe(false);
    expect(cache.get(1)).toBeUndefined();
    cache.set(row(2), cache.ticket());
    cache.setListening(true);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(2)).toBeUndefined();
    // A read that started before the outage is not kept either: a change may have gone unheard.
    cache.set(row(3), inFlight);
    expect(cache.get(3)).toBeUndefined();
    cache.set(row(3), cache.ticket());
    expect(cache.get(3)).toBeDefined();
  });
});
