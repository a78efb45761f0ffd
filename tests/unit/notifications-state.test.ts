// The notifications state (SPEC §3 `notifications`, issue 7 §4): a live notification is added
// once and counted while unread; reading one lowers the count; "mark all" zeroes it and stamps
// last_notification_seen_date; the first page keeps what arrived live meanwhile; the navbar adds
// one for an unseen announcement.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../src/state/app.ts';
import type { NotificationPayload } from '../../src/shared/notification-payloads.ts';
import type { User } from '../../src/shared/types.ts';
import { notificationsBadge } from '../../src/shell/nav.ts';

vi.mock('../../src/api/notifications.ts', () => ({
  getNotifications: vi.fn(),
  markNotificationRead: vi.fn(async (id: number) => ({ notification: { id } })),
  markAllNotificationsRead: vi.fn(async () => ({
    success: 'NOTIFICATIONS_ALL_READ',
    last_notification_seen_date: '2026-11-23T12:00:00.000Z',
  })),
}));
const apiMock = await import('../../src/api/notifications.ts');
const state = await import('../../src/state/notifications.ts');

const item = (id: number, read = false): NotificationPayload => ({
  id,
  title: `T${id}`,
  message: 'm',
  type: 'info',
  link: null,
  read,
  created_at: new Date(Date.UTC(2026, 10, 23, 10, 0, id)).toISOString(),
});

beforeEach(() => {
  state.resetNotifications();
  app.layoutCounts = { messages: 0, friendships: 0, notifications: 0 };
  app.user = { id: 1, last_notification_seen_date: null } as unknown as User;
});

describe('notifications state', () => {
  it('a live notification is added once, newest first, and counted while unread', () => {
    state.receiveNotification(item(1));
    state.receiveNotification(item(2));
    state.receiveNotification(item(2));
    state.receiveNotification(item(3, true));
    expect(app.notifications.map((n) => n.id)).toEqual([3, 2, 1]);
    expect(app.layoutCounts.notifications).toBe(2);
  });

  it('the first page keeps a newer notification that arrived live while it loaded', async () => {
    state.receiveNotification(item(9));
    vi.mocked(apiMock.getNotifications).mockResolvedValueOnce({
      notifications: [item(8), item(7)],
      next_before: '7',
    });
    await state.loadFirstPage();
    expect(app.notifications.map((n) => n.id)).toEqual([9, 8, 7]);
    expect(state.feed.nextBefore).toBe('7');
    vi.mocked(apiMock.getNotifications).mockResolvedValueOnce({
      notifications: [item(7), item(6)],
      next_before: null,
    });
    await state.loadMore();
    expect(app.notifications.map((n) => n.id)).toEqual([9, 8, 7, 6]);
    expect(state.feed.nextBefore).toBeNull();
  });

  it('reading one lowers the count once; mark all zeroes it and stamps the last-seen date', async () => {
    state.receiveNotification(item(1));
    state.receiveNotification(item(2));
    await state.readNotification(1);
    await state.readNotification(1);
    expect(app.layoutCounts.notifications).toBe(1);
    expect(apiMock.markNotificationRead).toHaveBeenCalledTimes(1);
    expect(await state.readAll()).toBe('NOTIFICATIONS_ALL_READ');
    expect(app.notifications.every((n) => n.read)).toBe(true);
    expect(app.layoutCounts.notifications).toBe(0);
    expect(app.user?.last_notification_seen_date).toBe('2026-11-23T12:00:00.000Z');
  });

  it('the navbar badge adds one while the announcement is unseen', () => {
    expect(notificationsBadge({ messages: 0, friendships: 0, notifications: 2 }, false)).toBe(3);
    expect(notificationsBadge({ messages: 0, friendships: 0, notifications: 2 }, true)).toBe(2);
  });
});

describe('the private channel (re)subscribed', () => {
  it('reads again the feed held and the friends screen, not only the counts: what arrived unsubscribed is not lost', async () => {
    const live = await import('../../src/realtime/notifications-live.ts');
    let onSubscribed: (() => void) | null = null;
    const channel = {
      listen: () => channel,
      subscribed: (f: () => void) => ((onSubscribed = f), channel),
    };
    const echo = { private: () => channel, leave: () => undefined, connector: { channels: {} } };
    // The feed was loaded (an open /notificari) before the channel was subscribed.
    vi.mocked(apiMock.getNotifications).mockResolvedValueOnce({ notifications: [item(1)], next_before: null } as never);
    await state.loadFirstPage();
    expect(app.notifications.map((n) => n.id)).toEqual([1]);
    const stop = live.followNotifications(echo as never);
    // A request arrived meanwhile: the server's feed has it, no event will come for it.
    vi.mocked(apiMock.getNotifications).mockResolvedValueOnce({ notifications: [item(2), item(1)], next_before: null } as never);
    const version = state.friendsLive.version;
    onSubscribed!();
    await vi.waitFor(() => expect(app.notifications.map((n) => n.id)).toEqual([2, 1]));
    expect(state.friendsLive.version).toBe(version + 1);
    stop();
  });
});
