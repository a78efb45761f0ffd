// The notifications feed in client state (SPEC §3 `notifications`, issue 7 §4): newest first,
// unique by id; the navbar count (layoutCounts.notifications) follows what arrives and is read.
import { proxy } from 'valtio';
import { app } from './app.ts';
import { adjustCount, countLive, refreshCounts, setCount } from './layout-counts.ts';
import { markNotificationsSeen } from './user.ts';
import * as notificationsApi from '../api/notifications.ts';
import type { NotificationPayload } from '../shared/notification-payloads.ts';

/** Paging of the feed: the cursor of the next older page, and whether the first page came. */
export const feed = proxy({ nextBefore: null as string | null, loaded: false, loadingMore: false });

/**
 * The newest page. `replace`: the server's page as it is (notifications read or removed elsewhere,
 * e.g. a friend request withdrawn, issue 23 §3); else one that arrived live meanwhile stays.
 */
export async function loadFirstPage(options: { replace?: boolean } = {}): Promise<void> {
  const page = await notificationsApi.getNotifications();
  // A notification that arrived live while the page loaded stays (unique by id, newest first).
  const ids = new Set(page.notifications.map((n) => n.id));
  const live = options.replace ? [] : app.notifications.filter((n) => !ids.has(n.id) && n.id > (page.notifications[0]?.id ?? 0));
  app.notifications = [...live, ...page.notifications];
  feed.nextBefore = page.next_before;
  feed.loaded = true;
}

export async function loadMore(): Promise<void> {
  if (!feed.nextBefore || feed.loadingMore) return;
  feed.loadingMore = true;
  try {
    const page = await notificationsApi.getNotifications(feed.nextBefore);
    const have = new Set(app.notifications.map((n) => n.id));
    app.notifications.push(...page.notifications.filter((n) => !have.has(n.id)));
    feed.nextBefore = page.next_before;
  } finally {
    feed.loadingMore = false;
  }
}

/** A notification that arrived live (the `notification` event): added once, counted while unread. */
export function receiveNotification(n: NotificationPayload): void {
  if (app.notifications.some((x) => x.id === n.id)) return;
  app.notifications.unshift(n);
  if (!n.read) countLive('notifications');
}

/**
 * An admin announcement arrived live (one event for everyone, without this user's notification
 * id): counted at once; a feed already loaded reads its newest page, which holds the stored copy.
 */
export function receiveAnnouncement(): void {
  countLive('notifications');
  if (feed.loaded) void loadFirstPage().catch(() => undefined);
}

export async function readNotification(id: number): Promise<void> {
  const item = app.notifications.find((n) => n.id === id);
  if (!item || item.read) return;
  await notificationsApi.markNotificationRead(id);
  item.read = true;
  adjustCount('notifications', -1);
}

/**
 * The server marked the notices leading to `link` read because what they asked for was done (a
 * confirmed sheet review): the feed shows them read and the navbar count is taken again.
 */
export function noticesDone(link: string): void {
  for (const n of app.notifications) if (n.link === link) n.read = true;
  void refreshCounts().catch(() => undefined);
}

/** "Marchează tot ca citit": every one read, the count 0, last_notification_seen_date stamped. */
export async function readAll(): Promise<string> {
  const res = await notificationsApi.markAllNotificationsRead();
  for (const n of app.notifications) n.read = true;
  setCount('notifications', 0);
  markNotificationsSeen(
    res.last_notification_seen_date ? new Date(res.last_notification_seen_date) : new Date(),
  );
  return res.success;
}

/** Counts friend screens read again after a `friends` event (src/pages/dash/friends/FriendsView.tsx). */
export const friendsLive = proxy({ version: 0 });

/**
 * A friendship or request changed, here or on the other person's side (the `friends` event):
 * the counts from the server, the friends screen and a held feed read again.
 */
export function friendsChanged(): void {
  friendsLive.version += 1;
  void refreshCounts().catch(() => undefined);
  if (feed.loaded) void loadFirstPage({ replace: true }).catch(() => undefined);
}

/** Another account signed in: nothing of the previous one's feed stays. */
export function resetNotifications(): void {
  app.notifications = [];
  feed.nextBefore = null;
  feed.loaded = false;
}
