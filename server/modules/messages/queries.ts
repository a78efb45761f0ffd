// SQL of the messages module. A pair's history is read through the (least, greatest, seq) index,
// whichever way each message went; unread counts through the partial index on seen_at is null.
import type { Db } from '../../db/db.ts';

export type MessageRow = {
  id: string;
  seq: number;
  sender_id: number;
  friend_id: number;
  body: string;
  created_at: Date | string;
  seen_at: Date | string | null;
  grid_id: number | null;
  grid_statement: string | null;
  grid_premium: boolean | null;
};

export type PersonRow = { id: number; name: string; avatar_thumb_path: string | null };

const MESSAGE_COLUMNS = `m.id, m.seq, m.sender_id, m.friend_id, m.body, m.created_at, m.seen_at, m.grid_id,
  g.statement as grid_statement, g.is_premium as grid_premium`;
const FROM = `messages m left join grids g on g.id = m.grid_id`;
const PAIR_KEY = `least(m.sender_id, m.friend_id) = least($1::int, $2::int) and greatest(m.sender_id, m.friend_id) = greatest($1::int, $2::int)`;

/** Friends (accepted) and neither blocked the other: the only pairs that may talk. */
export async function mayTalk(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db.one<{ ok: boolean }>(
    `select exists (select 1 from friendships f
                     where ((f.requester_id = $1 and f.addressee_id = $2) or (f.requester_id = $2 and f.addressee_id = $1))
                       and f.status = 'accepted')
        and not exists (select 1 from user_blocks b
                         where (b.blocker_id = $1 and b.blocked_id = $2) or (b.blocker_id = $2 and b.blocked_id = $1)) as ok`,
    [a, b],
  );
  return Boolean(row?.ok);
}

/** A conversation that once was (a message either way) and no block between the two: readable, not writable. */
export async function pastConversation(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db.one<{ ok: boolean }>(
    `select exists (select 1 from messages m
                     where (m.sender_id = $1 and m.friend_id = $2) or (m.sender_id = $2 and m.friend_id = $1))
        and not exists (select 1 from user_blocks b
                         where (b.blocker_id = $1 and b.blocked_id = $2) or (b.blocker_id = $2 and b.blocked_id = $1)) as ok`,
    [a, b],
  );
  return Boolean(row?.ok);
}

export function person(db: Db, userId: number): Promise<PersonRow | undefined> {
  return db.one<PersonRow>('select id, name, avatar_thumb_path from users where id = $1', [userId]);
}

export function messageById(db: Db, id: string): Promise<MessageRow | undefined> {
  return db.one<MessageRow>(`select ${MESSAGE_COLUMNS} from ${FROM} where m.id = $1`, [id]);
}

/** Stores a message; undefined when the id exists already (a retry, or a clash). */
export function insertMessage(
  db: Db,
  m: { id: string; sender_id: number; friend_id: number; body: string; grid_id: number | null },
): Promise<{ id: string } | undefined> {
  return db.one<{ id: string }>(
    `insert into messages (id, sender_id, friend_id, body, grid_id) values ($1, $2, $3, $4, $5)
     on conflict (id) do nothing returning id`,
    [m.id, m.sender_id, m.friend_id, m.body, m.grid_id],
  );
}

/** Up to `limit` messages of the pair before sequence `beforeSeq` (all when null), newest first. */
export function history(db: Db, a: number, b: number, beforeSeq: number | null, limit: number) {
  return db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from ${FROM}
      where ${PAIR_KEY} ${beforeSeq === null ? '' : 'and m.seq < $4'}
      order by m.seq desc limit $3`,
    beforeSeq === null ? [a, b, limit] : [a, b, limit, beforeSeq],
  );
}

/** Marks seen what `sender` sent `reader` and the reader had not seen yet; how many and when. */
export async function markSeen(db: Db, reader: number, sender: number): Promise<{ n: number; at: Date | string }> {
  const row = await db.one<{ n: number; at: Date | string }>(
    `with done as (update messages set seen_at = now()
                    where friend_id = $1 and sender_id = $2 and seen_at is null returning 1)
     select (select count(*)::int from done) as n, now() as at`,
    [reader, sender],
  );
  return row!;
}

/**
 * The user's conversations, most recent first: each other person once, with the last message
 * either way and the count of their messages not seen yet. Blocked pairs are left out.
 */
export function conversations(db: Db, userId: number, limit: number) {
  return db.query<
    MessageRow & { other_id: number; other_name: string; other_avatar: string | null; unread: number }
  >(
    `with last as (
       select distinct on (other_id) other_id, id
         from (select case when sender_id = $1 then friend_id else sender_id end as other_id, id, seq
                 from messages where sender_id = $1 or friend_id = $1) x
        order by other_id, seq desc)
     select ${MESSAGE_COLUMNS}, u.id as other_id, u.name as other_name, u.avatar_thumb_path as other_avatar,
            (select count(*)::int from messages x
              where x.friend_id = $1 and x.sender_id = u.id and x.seen_at is null) as unread
       from last l join ${FROM} on m.id = l.id join users u on u.id = l.other_id
      where not exists (select 1 from user_blocks b
                         where (b.blocker_id = $1 and b.blocked_id = u.id) or (b.blocker_id = u.id and b.blocked_id = $1))
      order by m.seq desc limit $2`,
    [userId, limit],
  );
}

/** Messages to the user not seen yet: the `messages` value of the layout counts. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db.one<{ n: number }>(
    'select count(*)::int as n from messages where friend_id = $1 and seen_at is null',
    [userId],
  );
  return row?.n ?? 0;
}

/** Whether `sender` has another message to `reader` not seen yet, besides `exceptId`. */
export async function unseenBefore(db: Db, reader: number, sender: number, exceptId: string): Promise<boolean> {
  const row = await db.one(
    'select 1 from messages where friend_id = $1 and sender_id = $2 and seen_at is null and id <> $3 limit 1',
    [reader, sender, exceptId],
  );
  return Boolean(row);
}
