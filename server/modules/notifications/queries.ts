// SQL of the notifications feed. Every statement names the owner (user_id), so a row of another
// user is never read or changed: it simply is not found.
import type { Db } from '../../db/db.ts';
import type { NotificationPayload } from '../../../src/shared/notification-payloads.ts';

export type NotificationRow = {
  id: number;
  title: string;
  message: string;
  type: string;
  link: string | null;
  read_at: Date | string | null;
  created_at: Date | string;
};
const COLUMNS = 'id, title, message, type, link, read_at, created_at';

export function serializeNotification(r: NotificationRow): NotificationPayload {
  return {
    id: r.id,
    title: r.title,
    message: r.message,
    type: r.type,
    link: r.link,
    read: r.read_at !== null,
    created_at: new Date(r.created_at).toISOString(),
  };
}

export async function insertNotification(
  db: Db,
  userId: number,
  n: { type: string; title: string; message: string; link?: string; subject_user_id?: number },
): Promise<NotificationRow> {
  const row = await db.one<NotificationRow>(
    `insert into notifications (user_id, title, message, type, link, subject_user_id)
     values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
    [userId, n.title, n.message, n.type, n.link ?? null, n.subject_user_id ?? null],
  );
  if (!row) throw new Error('notification not stored');
  return row;
}

/**
 * `userId`'s notifications of `type` about `subject`: marked read (the thing was handled) or
 * deleted (the thing no longer exists). Answers how many changed.
 */
export async function settleAbout(db: Db, userId: number, subject: number, type: string, how: 'read' | 'delete'): Promise<number> {
  const sql =
    how === 'read'
      ? `with x as (update notifications set read_at = now()
                     where user_id = $1 and subject_user_id = $2 and type = $3 and read_at is null returning 1)
         select count(*)::int as n from x`
      : `with x as (delete from notifications where user_id = $1 and subject_user_id = $2 and type = $3 returning 1)
         select count(*)::int as n from x`;
  const row = await db.one<{ n: number }>(sql, [userId, subject, type]);
  return row?.n ?? 0;
}

/** One page, newest first, strictly older than `before` (an id) when given. */
export function feedPage(db: Db, userId: number, before: number | null, limit: number) {
  return db.query<NotificationRow>(
    `select ${COLUMNS} from notifications
      where user_id = $1 and ($2::int is null or id < $2::int)
      order by id desc limit $3`,
    [userId, before, limit],
  );
}

/** Marks one of the user's notifications read (idempotent); null when it is not theirs or absent. */
export function markRead(db: Db, userId: number, id: number) {
  return db.one<NotificationRow>(
    `update notifications set read_at = coalesce(read_at, now()) where id = $1 and user_id = $2 returning ${COLUMNS}`,
    [id, userId],
  );
}

/** Marks every notification read and stamps last_notification_seen_date (SPEC §3), in one statement. */
export async function markAllRead(db: Db, userId: number): Promise<string | null> {
  const row = await db.one<{ seen: Date | string }>(
    `with done as (update notifications set read_at = now() where user_id = $1 and read_at is null)
     update users set last_notification_seen_date = now() where id = $1 returning last_notification_seen_date as seen`,
    [userId],
  );
  return row ? new Date(row.seen).toISOString() : null;
}

/** Who an announcement reaches: every user, as insertForEveryone writes (the admin confirms this number first). */
export async function countEveryone(db: Db): Promise<number> {
  const row = await db.one<{ n: number }>('select count(*)::int as n from users');
  return row?.n ?? 0;
}

/**
 * An announcement: one notification for every user, in one statement, all stamped `at` (which
 * names the announcement's rows for Web Push). Only the count comes back: nothing per user is
 * held in memory, however many users there are.
 */
export async function insertForEveryone(
  db: Db,
  n: { title: string; message: string; link: string | null; at: Date },
): Promise<number> {
  const row = await db.one<{ n: number }>(
    `with made as (
       insert into notifications (user_id, title, message, type, link, created_at)
         select id, $1, $2, 'announcement', $3, $4 from users
       returning 1)
     select count(*)::int as n from made`,
    [n.title, n.message, n.link, n.at],
  );
  return row?.n ?? 0;
}
