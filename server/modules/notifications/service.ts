// Rules of the notifications feed (issue 7 §4): a user reads and changes only their own
// notifications (another user's is "not found"), marking all read stamps
// last_notification_seen_date (SPEC §3), an announcement reaches every user, and a push
// subscription's endpoint must be https in production.
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../lib/errors.ts';
import { afterReply } from '../../lib/after-reply.ts';
import {
  FEED_PAGE,
  type AnnouncementBody,
  type PushSubscriptionBody,
} from '../../../src/shared/notification-rules.ts';
import {
  ANNOUNCEMENT_EVENT,
  ANNOUNCEMENTS_CHANNEL,
  type AnnouncementEvent,
  type NotificationsPage,
} from '../../../src/shared/notification-payloads.ts';
import { feedPage, insertForEveryone, markAllRead, markRead, serializeNotification } from './queries.ts';
import { pushState, removeSubscription, saveSubscription, setPushEnabled } from './push-queries.ts';
import { pushAnnouncement, vapidKeys } from './push.ts';

export async function feed(
  app: FastifyInstance,
  userId: number,
  q: { before?: number; limit?: number },
): Promise<NotificationsPage> {
  const limit = q.limit ?? FEED_PAGE;
  // One row more than asked tells whether an older page exists without a count.
  const rows = await feedPage(app.db, userId, q.before ?? null, limit + 1);
  const page = rows.slice(0, limit);
  return {
    notifications: page.map(serializeNotification),
    next_before: rows.length > limit ? String(page[page.length - 1]!.id) : null,
  };
}

export async function readOne(app: FastifyInstance, userId: number, id: number) {
  const row = await markRead(app.db, userId, id);
  if (!row) throw notFound('FORM_NOTIFICATION_NOT_FOUND');
  return { notification: serializeNotification(row) };
}

export async function readAll(app: FastifyInstance, userId: number) {
  const seen = await markAllRead(app.db, userId);
  return { success: 'NOTIFICATIONS_ALL_READ' as const, last_notification_seen_date: seen };
}

/**
 * An announcement to every user (issue 7 §4), so it scales to any number of users: one
 * INSERT…SELECT stores each user's copy (only the count comes back), one event on the channel
 * every signed-in app listens to brings it live, and Web Push goes out a page of subscriptions at
 * a time after the reply.
 */
export async function announce(app: FastifyInstance, body: AnnouncementBody) {
  const at = new Date();
  const n = { title: body.title, message: body.message, link: body.link ?? null };
  const count = await insertForEveryone(app.db, { ...n, at });
  const live: AnnouncementEvent = { ...n, created_at: at.toISOString() };
  afterReply(app.log, 'announcement delivery', async () => {
    await app.realtime
      .trigger(ANNOUNCEMENTS_CHANNEL, ANNOUNCEMENT_EVENT, live)
      .catch((err: unknown) => app.log.warn({ err }, 'live announcement not delivered'));
    await pushAnnouncement(app, at, n);
  });
  return { success: 'ANNOUNCEMENT_SENT' as const, count };
}

/** Loopback, private and link-local hosts (IPv6 hosts come bracketed from URL.hostname). */
const PRIVATE_HOST =
  /^(localhost$|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|0\.|\[::1?\]$|\[f[cde][0-9a-f]:|\[::ffff:)/i;

/**
 * A subscription must name a push service: in production only https, never a local or private
 * address (the server would otherwise post to any URL a client chooses).
 */
function checkEndpoint(app: FastifyInstance, endpoint: string) {
  if (app.config.NODE_ENV !== 'production') return;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || PRIVATE_HOST.test(url.hostname))
    throw badRequest('FORM_PUSH_SUBSCRIPTION_INVALID', 'endpoint');
}

export async function pushSettings(app: FastifyInstance, userId: number) {
  const [keys, state] = await Promise.all([vapidKeys(app.db), pushState(app.db, userId)]);
  return { public_key: keys.publicKey, enabled: state.enabled, subscriptions: state.subscriptions };
}

export async function subscribe(app: FastifyInstance, userId: number, body: PushSubscriptionBody) {
  checkEndpoint(app, body.endpoint);
  await saveSubscription(app.db, userId, { endpoint: body.endpoint, ...body.keys });
  // Subscribing on a device is asking for pushes: it turns the preference back on.
  await setPushEnabled(app.db, userId, true);
  return { success: 'PUSH_ENABLED' as const, enabled: true };
}

export async function unsubscribe(app: FastifyInstance, userId: number, endpoint: string) {
  await removeSubscription(app.db, userId, endpoint);
  return { success: 'PUSH_DISABLED' as const };
}

export async function setPreference(app: FastifyInstance, userId: number, enabled: boolean) {
  await setPushEnabled(app.db, userId, enabled);
  return { success: enabled ? ('PUSH_ENABLED' as const) : ('PUSH_DISABLED' as const), enabled };
}
