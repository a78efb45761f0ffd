// SQL of the friends module. A pair has at most one friendships row, whichever way it was asked
// (unique index on least/greatest), so every lookup of a pair reads both directions.
import type { Db } from '../../db/db.ts';
import { FOLD_FROM, FOLD_TO, SEARCH_RESULTS_MAX, foldName, type SearchQuery } from '../../../src/shared/friend-rules.ts';
import { likeAnywhere } from '../../lib/like.ts';

export type FriendshipRow = {
  id: number;
  requester_id: number;
  addressee_id: number;
  status: 'pending' | 'accepted' | 'rejected';
};

export type PersonRow = {
  id: number;
  name: string;
  avatar_thumb_path: string | null;
};

const PAIR = `(requester_id = $1 and addressee_id = $2) or (requester_id = $2 and addressee_id = $1)`;

/** The pair's row, whichever of the two asked. */
export function pairRow(db: Db, a: number, b: number): Promise<FriendshipRow | undefined> {
  return db.one<FriendshipRow>(
    `select id, requester_id, addressee_id, status from friendships where ${PAIR}`,
    [a, b],
  );
}

/** True when either user blocked the other. */
export async function blockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db.one(
    `select 1 from user_blocks where (blocker_id = $1 and blocked_id = $2) or (blocker_id = $2 and blocked_id = $1)`,
    [a, b],
  );
  return Boolean(row);
}

export async function userExists(db: Db, userId: number): Promise<boolean> {
  return Boolean(await db.one('select 1 from users where id = $1', [userId]));
}

/** A new pending request; undefined when the pair already has a row (a concurrent request). */
export function insertRequest(db: Db, from: number, to: number): Promise<{ id: number } | undefined> {
  return db.one<{ id: number }>(
    `insert into friendships (requester_id, addressee_id) values ($1, $2) on conflict do nothing returning id`,
    [from, to],
  );
}

/** Turns the pair's row (a request the other side rejected) into a new request from `from`. */
export function renewRequest(db: Db, rowId: number, from: number, to: number): Promise<unknown> {
  return db.query(
    `update friendships set requester_id = $2, addressee_id = $3, status = 'pending', created_at = now(), responded_at = null
      where id = $1`,
    [rowId, from, to],
  );
}

/** Answers the pending request `requester` → `addressee`; undefined when there is none. */
export function answerRequest(
  db: Db,
  requester: number,
  addressee: number,
  status: 'accepted' | 'rejected',
): Promise<{ id: number } | undefined> {
  return db.one<{ id: number }>(
    `update friendships set status = $3, responded_at = now()
      where requester_id = $1 and addressee_id = $2 and status = 'pending' returning id`,
    [requester, addressee, status],
  );
}

/** Withdraws the pending request `requester` → `addressee`; undefined when there is none. */
export function deletePending(
  db: Db,
  requester: number,
  addressee: number,
): Promise<{ id: number } | undefined> {
  return db.one<{ id: number }>(
    `delete from friendships where requester_id = $1 and addressee_id = $2 and status = 'pending' returning id`,
    [requester, addressee],
  );
}

/** Ends the friendship of a and b; undefined when they are not friends. */
export function deleteAccepted(db: Db, a: number, b: number): Promise<{ id: number } | undefined> {
  return db.one<{ id: number }>(
    `delete from friendships where (${PAIR}) and status = 'accepted' returning id`,
    [a, b],
  );
}

/** Forgets every row of the pair (a block ends friendship and requests alike). */
export function deletePair(db: Db, a: number, b: number): Promise<unknown> {
  return db.query(`delete from friendships where ${PAIR}`, [a, b]);
}

export function insertBlock(
  db: Db,
  blocker: number,
  blocked: number,
): Promise<{ blocked_id: number } | undefined> {
  return db.one<{ blocked_id: number }>(
    `insert into user_blocks (blocker_id, blocked_id) values ($1, $2) on conflict do nothing returning blocked_id`,
    [blocker, blocked],
  );
}

export function deleteBlock(
  db: Db,
  blocker: number,
  blocked: number,
): Promise<{ blocked_id: number } | undefined> {
  return db.one<{ blocked_id: number }>(
    `delete from user_blocks where blocker_id = $1 and blocked_id = $2 returning blocked_id`,
    [blocker, blocked],
  );
}

/** Pending requests others sent to `userId`: the `friendships` value of the layout counts. */
export async function pendingIncomingCount(db: Db, userId: number): Promise<number> {
  const row = await db.one<{ n: number }>(
    `select count(*)::int as n from friendships where addressee_id = $1 and status = 'pending'`,
    [userId],
  );
  return row?.n ?? 0;
}

export function invitationCode(db: Db, userId: number): Promise<{ invitation_code: string } | undefined> {
  return db.one<{ invitation_code: string }>('select invitation_code from users where id = $1', [userId]);
}

/** The user's friends, newest friendship first. No e-mail: a person's address is theirs alone to
 *  see (issue 32 §4); a friend is found by it only when the searcher already knows it. */
export function friendsOf(db: Db, userId: number) {
  return db.query<PersonRow & { since: Date | string }>(
    `select u.id, u.name, u.avatar_thumb_path, coalesce(f.responded_at, f.created_at) as since
       from friendships f
       join users u on u.id = case when f.requester_id = $1 then f.addressee_id else f.requester_id end
      where (f.requester_id = $1 or f.addressee_id = $1) and f.status = 'accepted'
      order by since desc, u.id`,
    [userId],
  );
}

/** Pending requests to the user (`incoming`) or from the user (`outgoing`), newest first. */
export function pendingOf(db: Db, userId: number, direction: 'incoming' | 'outgoing') {
  const [mine, theirs] =
    direction === 'incoming' ? ['addressee_id', 'requester_id'] : ['requester_id', 'addressee_id'];
  return db.query<PersonRow & { created_at: Date | string }>(
    `select u.id, u.name, u.avatar_thumb_path, f.created_at
       from friendships f join users u on u.id = f.${theirs}
      where f.${mine} = $1 and f.status = 'pending'
      order by f.created_at desc, u.id`,
    [userId],
  );
}

export function blockedBy(db: Db, userId: number) {
  return db.query<PersonRow & { created_at: Date | string }>(
    `select u.id, u.name, u.avatar_thumb_path, b.created_at
       from user_blocks b join users u on u.id = b.blocked_id
      where b.blocker_id = $1 order by b.created_at desc, u.id`,
    [userId],
  );
}

/**
 * People the viewer may find: never the viewer, never someone either of the two blocked. An
 * e-mail matches exactly; a name matches anywhere in the name, case-insensitively; a text shaped
 * like an invitation code matches that code too. Each with the pair's friendship row, if any.
 */
export function searchPeople(db: Db, viewer: number, q: SearchQuery) {
  const where =
    q.kind === 'email'
      ? 'u.email = $2'
      : // Diacritics ignored on both sides (FOLD_FROM/FOLD_TO are fixed letters, not user input).
        `(translate(u.name, '${FOLD_FROM}', '${FOLD_TO}') ilike $2 escape '\\'${q.code ? ' or u.invitation_code = $3' : ''})`;
  const params: unknown[] =
    q.kind === 'email'
      ? [viewer, q.email]
      : [viewer, likeAnywhere(foldName(q.name)), ...(q.code ? [q.code] : [])];
  return db.query<PersonRow & { requester_id: number | null; status: FriendshipRow['status'] | null }>(
    `select u.id, u.name, u.avatar_thumb_path, f.requester_id, f.status
       from users u
       left join friendships f on (f.requester_id = $1 and f.addressee_id = u.id) or (f.requester_id = u.id and f.addressee_id = $1)
      where ${where} and u.id <> $1
        and not exists (select 1 from user_blocks b
                         where (b.blocker_id = $1 and b.blocked_id = u.id) or (b.blocker_id = u.id and b.blocked_id = $1))
      order by u.name, u.id
      limit ${SEARCH_RESULTS_MAX}`,
    params,
  );
}
