// Notification payloads (SPEC §3 Notification, issue 7 §4), shared by the server's serializers and the app.
import type { NotificationItem } from './types.ts';

/** One notification of the feed: SPEC §3's fields plus where it leads and whether it was read. */
export type NotificationPayload = NotificationItem & {
  /** In-app path opened when the notification is clicked (always starts with '/'), or null. */
  link: string | null;
  read: boolean;
};

/** GET /notifications: a page, newest first; `next_before` is the cursor of the next (older) page. */
export type NotificationsPage = { notifications: NotificationPayload[]; next_before: string | null };

/** The `notification` event on `private-user.{id}` carries the stored notification. */
export type NotificationEvent = NotificationPayload;

/**
 * An admin announcement goes live once, on `private-announcements` (every signed-in user's app
 * listens there), not once per user: each user's stored copy has its own id, which the app reads
 * with the feed. The event carries the common fields.
 */
export const ANNOUNCEMENTS_CHANNEL = 'private-announcements';
export const ANNOUNCEMENT_EVENT = 'announcement';
export type AnnouncementEvent = { title: string; message: string; link: string | null; created_at: string };

/** What a Web Push message carries (the service worker shows it). */
export type PushMessage = { title: string; body: string; link: string | null; id: number };

/** Kinds the server creates; the app styles by kind and shows unknown ones like 'info'. */
export const NOTIFICATION_TYPES = [
  'info',
  'friend_request',
  'friend_accepted',
  'report',
  'announcement',
  'message',
  'comment_reply',
  'scan',
  'group_invite',
  'group_removed',
] as const;
