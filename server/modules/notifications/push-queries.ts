// SQL of Web Push subscriptions and the per-user preference (migration 012).
import type { Db } from '../../db/db.ts';

/** Subscriptions to push to: none when the user turned "Notificări pe dispozitiv" off. */
export function pushTargets(db: Db, userId: number) {
  return db.query<{ endpoint: string; p256dh: string; auth: string }>(
    `select s.endpoint, s.p256dh, s.auth from push_subscriptions s join users u on u.id = s.user_id
      where s.user_id = $1 and u.push_enabled`,
    [userId],
  );
}

/**
 * One page of the devices to push an announcement to (stamped `at`, queries.ts insertForEveryone),
 * with each user's own notification id, in subscription id order after `afterId`.
 */
export function announcementTargets(db: Db, at: Date, afterId: number, limit: number) {
  return db.query<{ id: number; user_id: number; notification_id: number; endpoint: string; p256dh: string; auth: string }>(
    `select s.id, s.user_id, n.id as notification_id, s.endpoint, s.p256dh, s.auth
       from push_subscriptions s
       join users u on u.id = s.user_id and u.push_enabled
       join notifications n on n.user_id = s.user_id and n.type = 'announcement' and n.created_at = $1
      where s.id > $2
      order by s.id limit $3`,
    [at, afterId, limit],
  );
}

/** Devices one account keeps subscribed; a new one beyond it replaces the oldest. */
export const SUBSCRIPTIONS_PER_USER = 10;

/** Saves a browser's subscription for this user; a browser re-subscribing (or a new account on it) takes it over. */
export async function saveSubscription(
  db: Db,
  userId: number,
  s: { endpoint: string; p256dh: string; auth: string },
) {
  await db.query(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)
     on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
       created_at = now()`,
    [userId, s.endpoint, s.p256dh, s.auth],
  );
  await db.query(
    `delete from push_subscriptions where user_id = $1 and id not in
       (select id from push_subscriptions where user_id = $1 order by created_at desc, id desc limit $2)`,
    [userId, SUBSCRIPTIONS_PER_USER],
  );
}

/** Removes one of the user's subscriptions (another user's endpoint is left alone). */
export async function removeSubscription(db: Db, userId: number, endpoint: string) {
  await db.query('delete from push_subscriptions where user_id = $1 and endpoint = $2', [userId, endpoint]);
}

/** The push service said this endpoint is gone (404/410). */
export async function deleteSubscription(db: Db, endpoint: string) {
  await db.query('delete from push_subscriptions where endpoint = $1', [endpoint]);
}

export async function setPushEnabled(db: Db, userId: number, enabled: boolean) {
  await db.query('update users set push_enabled = $2 where id = $1', [userId, enabled]);
}

export async function pushState(db: Db, userId: number) {
  const row = await db.one<{ enabled: boolean; subscriptions: number }>(
    `select u.push_enabled as enabled, (select count(*)::int from push_subscriptions s where s.user_id = u.id) as subscriptions
       from users u where u.id = $1`,
    [userId],
  );
  return row ?? { enabled: false, subscriptions: 0 };
}
