// Notifications (server/modules/notifications): the feed, read marks, Web Push settings and the
// admin's announcement.
import { api } from './client.ts';
import type { NotificationPayload, NotificationsPage } from '../shared/notification-payloads.ts';
import type { AnnouncementBody } from '../shared/notification-rules.ts';

export type PushSettings = { public_key: string; enabled: boolean; subscriptions: number };

export const getNotifications = (before?: string | null): Promise<NotificationsPage> =>
  api.get('notifications', before ? { before } : undefined);
export const markNotificationRead = (id: number): Promise<{ notification: NotificationPayload }> =>
  api.post(`notifications/${id}/read`);
export const markAllNotificationsRead = (): Promise<{
  success: string;
  last_notification_seen_date: string | null;
}> => api.post('notifications/read-all');
export const getPushSettings = (): Promise<PushSettings> => api.get('notifications/push');
export const setPushPreference = (enabled: boolean): Promise<{ success: string; enabled: boolean }> =>
  api.put('notifications/push', { enabled });
export const savePushSubscription = (sub: {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}): Promise<{ success: string; enabled: boolean }> => api.post('notifications/push/subscriptions', sub);
export const removePushSubscription = (endpoint: string): Promise<{ success: string }> =>
  api.post('notifications/push/unsubscribe', { endpoint });
export const sendAnnouncement = (body: AnnouncementBody): Promise<{ success: string; count: number }> =>
  api.post('admin/announcements', body);
/** How many users an announcement would reach now (shown before sending). */
export const getAnnouncementRecipients = (): Promise<{ count: number }> => api.get('admin/announcements/recipients');
