// SQL of the account module. Every statement is scoped to one user id given by the caller
// (always req.auth.id), so one user's token can never touch another user's row.
import type { Db } from '../../db/db.ts';
import type { LayoutCounts, ListItem, ProfileLists, TestsCount } from '../../../src/shared/types.ts';

export type AccountRow = {
  id: number;
  email: string;
  auth_provider: string;
  password_hash: string | null;
  avatar_path: string | null;
  avatar_thumb_path: string | null;
};

export function accountRow(db: Db, id: number): Promise<AccountRow | undefined> {
  return db.one<AccountRow>(
    'select id, email, auth_provider, password_hash, avatar_path, avatar_thumb_path from users where id = $1',
    [id],
  );
}

/** Columns the settings screens may change directly, with their new values. */
export type UserPatch = Partial<{
  name: string;
  call_name: string | null;
  theme: string;
  sound_effects: boolean;
  acknowledged_info_banner: boolean;
  manual_id: number;
  manual_ids: number[];
  specialization_id: number;
  center_id: number;
  avatar_path: string | null;
  avatar_thumb_path: string | null;
}>;

const PATCHABLE = new Set<keyof UserPatch>([
  'name',
  'call_name',
  'theme',
  'sound_effects',
  'acknowledged_info_banner',
  'manual_id',
  'manual_ids',
  'specialization_id',
  'center_id',
  'avatar_path',
  'avatar_thumb_path',
]);

export async function updateUser(db: Db, id: number, patch: UserPatch): Promise<boolean> {
  const keys = (Object.keys(patch) as (keyof UserPatch)[]).filter(
    (k) => PATCHABLE.has(k) && patch[k] !== undefined,
  );
  if (!keys.length) return true;
  const sets = keys.map((k, i) => `${k} = $${i + 2}`).join(', ');
  const rows = await db.query(`update users set ${sets}, updated_at = now() where id = $1 returning id`, [
    id,
    ...keys.map((k) => patch[k]),
  ]);
  return rows.length === 1;
}

/**
 * The navbar badges in one round trip (issue 12 §3 keeps this hot path cheap): unread
 * notifications (not marked read and newer than the user's last "seen" stamp), messages to the
 * user not seen yet, and friend requests waiting for the user's answer. The last two are the
 * same counts as unreadCount (server/modules/messages/queries.ts) and pendingIncomingCount
 * (server/modules/friends/queries.ts), inlined here to save two round trips.
 */
export async function layoutCounts(db: Db, userId: number): Promise<LayoutCounts> {
  const row = await db.one<LayoutCounts>(
    `select (select count(*)::int
               from notifications n join users u on u.id = n.user_id
              where n.user_id = $1 and n.read_at is null
                and (u.last_notification_seen_date is null or n.created_at > u.last_notification_seen_date)) as notifications,
            (select count(*)::int from messages where friend_id = $1 and seen_at is null) as messages,
            (select count(*)::int from friendships where addressee_id = $1 and status = 'pending') as friendships`,
    [userId],
  );
  return { messages: row?.messages ?? 0, friendships: row?.friendships ?? 0, notifications: row?.notifications ?? 0 };
}

export async function testsCount(db: Db, userId: number): Promise<TestsCount> {
  const counts: TestsCount = { abandoned: 0, finished: 0, unfinished: 0 };
  const rows = await db.query<{ status: string; n: number }>(
    `select status, count(*)::int as n from tests
      where user_id = $1 and status in ('unfinished', 'finished', 'abandoned')
      group by status`,
    [userId],
  );
  for (const r of rows) counts[r.status as keyof TestsCount] = r.n;
  return counts;
}

export async function profileLists(db: Db): Promise<ProfileLists> {
  const [manuals, specializations, centers] = await Promise.all([
    db.query<ListItem>('select id, title as name from manuals where is_published order by sort, title, id'),
    db.query<ListItem>('select id, name from specializations order by sort, name, id'),
    db.query<ListItem>('select id, name from centers order by sort, name, id'),
  ]);
  return { manuals, specializations, centers };
}

/** Which of the profile ids exist (every manual, published). */
export async function profileIdsExist(
  db: Db,
  ids: { manual_ids: number[]; specialization_id: number; center_id: number },
): Promise<{ manual: boolean; specialization: boolean; center: boolean }> {
  const row = await db.one<{ manual: boolean; specialization: boolean; center: boolean }>(
    `select (select count(*) from manuals where id = any($1::int[]) and is_published) = cardinality($1::int[]) as manual,
            exists(select 1 from specializations where id = $2) as specialization,
            exists(select 1 from centers where id = $3) as center`,
    [ids.manual_ids, ids.specialization_id, ids.center_id],
  );
  return row ?? { manual: false, specialization: false, center: false };
}

export async function emailTakenByOther(db: Db, email: string, userId: number): Promise<boolean> {
  const row = await db.one<{ taken: boolean }>(
    'select exists(select 1 from users where email = $1 and id <> $2) as taken',
    [email, userId],
  );
  return row?.taken === true;
}
