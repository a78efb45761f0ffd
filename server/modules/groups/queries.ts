// SQL of the group tests. Every change runs in a transaction that first locks the group row
// (lockGroup: select … for update), so concurrent start/kick/stop/answer on any process queue up.
import type { Db } from '../../db/db.ts';
import type { GroupMemberStatus, GroupStatus } from '../../../src/shared/group-payloads.ts';

export type GroupRow = {
  id: number;
  hash: string;
  access_code: string;
  creator_id: number;
  manual_id: number | null;
  status: GroupStatus;
  grid_count: number;
  per_grid_s: number;
  /** Seconds between a grid's close and the next one's opening (the creator's choice). */
  pause_s: number;
  position: number | null;
  grid_opened_at: Date | null;
  grid_closes_at: Date | null;
  created_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
};
export type MemberRow = {
  user_id: number;
  name: string;
  status: GroupMemberStatus;
  ready: boolean;
  joined_at: Date | null;
  reviewed_at: Date | null;
};

const COLS = `id, hash, access_code, creator_id, manual_id, status, grid_count, per_grid_s, pause_s, position,
  grid_opened_at, grid_closes_at, created_at, started_at, ended_at`;

export const groupByHash = (db: Db, hash: string) =>
  db.one<GroupRow>(`select ${COLS} from group_tests where hash = $1`, [hash]);
export const lockGroup = (db: Db, hash: string) =>
  db.one<GroupRow>(`select ${COLS} from group_tests where hash = $1 for update`, [hash]);
export const lockGroupByCode = (db: Db, code: string) =>
  db.one<GroupRow>(`select ${COLS} from group_tests where access_code = $1 for update`, [code]);

export function members(db: Db, groupId: number): Promise<MemberRow[]> {
  return db.query<MemberRow>(
    `select m.user_id, u.name, m.status, m.ready, m.joined_at, m.reviewed_at
       from group_members m join users u on u.id = m.user_id
      where m.group_id = $1 order by m.joined_at nulls last, m.user_id`,
    [groupId],
  );
}

export const member = (db: Db, groupId: number, userId: number) =>
  db.one<MemberRow>(
    `select m.user_id, u.name, m.status, m.ready, m.joined_at, m.reviewed_at
       from group_members m join users u on u.id = m.user_id where m.group_id = $1 and m.user_id = $2`,
    [groupId, userId],
  );

export function setMember(db: Db, groupId: number, userId: number, status: GroupMemberStatus, ready = false) {
  return db.query(
    `update group_members set status = $3, ready = $4,
            joined_at = case when $3 = 'joined' then coalesce(joined_at, now()) else joined_at end
      where group_id = $1 and user_id = $2`,
    [groupId, userId, status, ready],
  );
}

export function insertMember(db: Db, groupId: number, userId: number, status: GroupMemberStatus, invitedBy: number | null) {
  return db.one<{ user_id: number }>(
    `insert into group_members (group_id, user_id, status, invited_by, joined_at)
     values ($1, $2, $3, $4, case when $3 = 'joined' then now() end)
     on conflict (group_id, user_id) do nothing returning user_id`,
    [groupId, userId, status, invitedBy],
  );
}

/** Seats taken (joined or invited: GROUP_MEMBERS_MAX counts both), read under the group row lock. */
export async function seatsTaken(db: Db, groupId: number): Promise<number> {
  const row = await db.one<{ n: number }>(
    "select count(*)::int as n from group_members where group_id = $1 and status in ('invited', 'joined')",
    [groupId],
  );
  return row?.n ?? 0;
}

/** Users among `ids` that are accepted friends of `userId` (and not blocked either way). */
export async function friendsAmong(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  const rows = await db.query<{ id: number }>(
    `select case when f.requester_id = $1 then f.addressee_id else f.requester_id end as id
       from friendships f
      where f.status = 'accepted' and (f.requester_id = $1 or f.addressee_id = $1)
        and (case when f.requester_id = $1 then f.addressee_id else f.requester_id end) = any($2::int[])
        and not exists (select 1 from user_blocks b where (b.blocker_id = f.requester_id and b.blocked_id = f.addressee_id)
                                                      or (b.blocker_id = f.addressee_id and b.blocked_id = f.requester_id))`,
    [userId, ids],
  );
  return new Set(rows.map((r) => r.id));
}

/** Users among `ids` that are premium now (or admins, as isPremium in the practice engine). */
export async function premiumAmong(db: Db, ids: number[]): Promise<Set<number>> {
  const rows = await db.query<{ id: number }>(
    `select id from users where id = any($1::int[]) and (is_admin or (premium_until is not null and premium_until > now()))`,
    [ids],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * The caller's friends (accepted, not blocked either way) and whether each could take part in a
 * group test now (premium or admin, as premiumAmong): the pages mark who cannot be invited.
 */
export function friendsForGroup(db: Db, userId: number): Promise<Array<{ id: number; name: string; premium: boolean }>> {
  return db.query(
    `select u.id, u.name, (u.is_admin or (u.premium_until is not null and u.premium_until > now())) as premium
       from friendships f
       join users u on u.id = case when f.requester_id = $1 then f.addressee_id else f.requester_id end
      where f.status = 'accepted' and (f.requester_id = $1 or f.addressee_id = $1)
        and not exists (select 1 from user_blocks b where (b.blocker_id = f.requester_id and b.blocked_id = f.addressee_id)
                                                      or (b.blocker_id = f.addressee_id and b.blocked_id = f.requester_id))
      order by u.name, u.id limit 500`,
    [userId],
  );
}

export type StandingRow = { user_id: number; name: string; score: number; answered: number };

/** Points of every joined or left member over the closed grids only (the open grid stays hidden). */
export function standings(db: Db, groupId: number): Promise<StandingRow[]> {
  return db.query<StandingRow>(
    `select m.user_id, u.name,
            coalesce(sum(a.points) filter (where g.closed_at is not null), 0)::float8 as score,
            (count(a.position) filter (where g.closed_at is not null))::int as answered
       from group_members m join users u on u.id = m.user_id
       left join group_answers a on a.group_id = m.group_id and a.user_id = m.user_id
       left join group_test_grids g on g.group_id = a.group_id and g.position = a.position
      where m.group_id = $1 and (m.status in ('joined', 'left') and m.joined_at is not null)
      group by m.user_id, u.name
      order by score desc, u.name, m.user_id`,
    [groupId],
  );
}
