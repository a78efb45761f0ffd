// The one serializer of a users row into the shared `User` payload (src/shared/types.ts).
// Every module that answers with a user (auth, user, coupons, trial…) goes through toUserDto/loadUser.
import { z } from 'zod';
import type { Db } from '../../db/db.ts';
import type { User } from '../../../src/shared/types.ts';
import { THEMES, type Theme } from '../../../src/shared/constants.ts';
import type { UserRowCache } from '../../lib/user-row-cache.ts';
import { premiumDaysLeft } from '../../../src/shared/premium-days.ts';

/** The columns of `users` the payload needs; select with USER_COLUMNS. */
export type UserRow = {
  id: number;
  name: string;
  call_name?: string | null;
  email: string;
  password_hash?: string | null;
  auth_provider: string;
  google_sub?: string | null;
  email_verified_at: Date | string | null;
  manual_id: number | null;
  manual_ids?: number[] | null;
  specialization_id: number | null;
  center_id: number | null;
  theme: string;
  sound_effects: boolean;
  premium_until: Date | string | null;
  is_admin: boolean;
  avatar_path: string | null;
  avatar_thumb_path: string | null;
  acknowledged_info_banner: boolean;
  last_notification_seen_date: Date | string | null;
  created_at: Date | string;
};

export const USER_COLUMNS = `id, name, call_name, email, auth_provider, email_verified_at, manual_id, manual_ids, specialization_id, center_id,
  theme, sound_effects, premium_until, is_admin, avatar_path, avatar_thumb_path, acknowledged_info_banner,
  last_notification_seen_date, created_at`;

/** Zod shape of the payload, for route `response` schemas (serializer and /api/docs). */
export const userDtoSchema = z.object({
  id: z.number(),
  name: z.string(),
  call_name: z.string().nullish(),
  email: z.string(),
  avatar_thumb_src: z.string().nullable(),
  avatar_src: z.string().nullable(),
  remaining_premium_days: z.number(),
  is_premium: z.boolean(),
  is_admin: z.boolean(),
  theme: z.enum(THEMES),
  manual_id: z.number().nullable(),
  manual_ids: z.array(z.number()),
  specialization_id: z.number().nullable(),
  center_id: z.number().nullable(),
  email_verified_at: z.string().nullable(),
  last_notification_seen_date: z.string().nullable(),
  acknowledged_info_banner: z.boolean(),
  auth_provider: z.enum(['password', 'google', 'partner']),
  sound_effects: z.boolean(),
  created_at: z.string(),
});

function toDate(v: Date | string | null | undefined): Date | null {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A timestamp as Date#toISOString writes it. */
const CANONICAL_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

function iso(v: Date | string | null | undefined): string | null {
  // loadUserRow writes the row's timestamps this way once, so GET /user from the cache parses none.
  if (typeof v === 'string' && CANONICAL_ISO.test(v)) return v;
  return toDate(v)?.toISOString() ?? null;
}

const TIMESTAMPS = ['email_verified_at', 'premium_until', 'last_notification_seen_date', 'created_at'] as const;

function media(path: string | null): string | null {
  if (!path) return null;
  const file = path.split('/').pop();
  return file ? `/media/avatars/${file}` : null;
}

/** -1 when not premium, 0 on the last day, otherwise the days left (src/shared/premium-days.ts). */
export function remainingPremiumDays(premiumUntil: Date | string | null, now = Date.now()): number {
  return premiumDaysLeft(toDate(premiumUntil), now);
}

export function toUserDto(row: UserRow, now = Date.now()): User {
  const remaining = remainingPremiumDays(row.premium_until, now);
  return {
    id: row.id,
    name: row.name,
    call_name: row.call_name ?? null,
    email: row.email,
    avatar_thumb_src: media(row.avatar_thumb_path),
    avatar_src: media(row.avatar_path),
    remaining_premium_days: remaining,
    is_premium: remaining >= 0,
    is_admin: row.is_admin,
    theme: ((THEMES as readonly string[]).includes(row.theme) ? row.theme : 'system') as Theme,
    manual_id: row.manual_id,
    // Every manual of the profile, the first being manual_id (migration 044).
    manual_ids: row.manual_ids?.length ? row.manual_ids : row.manual_id ? [row.manual_id] : [],
    specialization_id: row.specialization_id,
    center_id: row.center_id,
    email_verified_at: iso(row.email_verified_at),
    last_notification_seen_date: iso(row.last_notification_seen_date),
    acknowledged_info_banner: row.acknowledged_info_banner,
    auth_provider:
      row.auth_provider === 'google' || row.auth_provider === 'partner' ? row.auth_provider : 'password',
    sound_effects: row.sound_effects,
    created_at: iso(row.created_at) ?? new Date(0).toISOString(),
  };
}

export async function loadUserRow(db: Db, id: number): Promise<UserRow | null> {
  // One json column instead of 17 typed ones: decoding the row costs the drivers (PGlite above
  // all) less, and GET /user runs on every app start and focus (issue 12 §3). Timestamps arrive
  // as ISO strings (PostgreSQL's form: microseconds, an offset), rewritten here as
  // Date#toISOString writes them, which toUserDto then passes on without parsing them again.
  const row = await db.one<{ u: UserRow }>(`select row_to_json(x) as u from (select ${USER_COLUMNS} from users where id = $1) x`, [id]);
  const u = row?.u;
  if (!u) return null;
  for (const k of TIMESTAMPS) if (typeof u[k] === 'string') u[k] = iso(u[k]) ?? u[k];
  return u;
}

/** loadUserRow through the cache of GET /user (server/lib/user-row-cache.ts). Writers read with
 *  loadUserRow: what they answer must be what they just wrote. */
export async function loadUserRowCached(db: Db, cache: UserRowCache, id: number): Promise<UserRow | null> {
  const hit = cache.get(id);
  if (hit) return hit;
  const ticket = cache.ticket();
  const row = await loadUserRow(db, id);
  if (row) cache.set(row, ticket);
  return row;
}

/** The user's payload, or null when there is no such user. */
export async function loadUser(db: Db, id: number): Promise<User | null> {
  const row = await loadUserRow(db, id);
  return row ? toUserDto(row) : null;
}
