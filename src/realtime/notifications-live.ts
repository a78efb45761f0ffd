// Live notifications (issue 7 §4): the `notification` event on the signed-in user's private
// channel adds the notification to the feed and the navbar count. It follows the account like
// src/realtime/user-channel.ts: another account without a reload drops the old feed and listens
// on the new account's channel only.
import type Echo from 'laravel-echo';
import { subscribe } from 'valtio';
import { app } from '../state/app.ts';
import { friendsChanged, receiveAnnouncement, receiveNotification, resetNotifications } from '../state/notifications.ts';
import { FRIENDS_EVENT } from '../shared/friend-rules.ts';
import {
  ANNOUNCEMENT_EVENT,
  ANNOUNCEMENTS_CHANNEL,
  type NotificationEvent,
} from '../shared/notification-payloads.ts';

export const NOTIFICATION_EVENT = 'notification';
/** Echo's name for it (Echo adds the `private-` prefix). */
const ANNOUNCEMENTS = ANNOUNCEMENTS_CHANNEL.slice('private-'.length);
let current: { echo: Echo<'pusher'>; userId: number } | null = null;
let stop: (() => void) | null = null;

type Channels = Record<string, { stopListening(event: string): unknown } | undefined>;

/** Stops this listener on a channel still subscribed; never subscribes again a channel already left. */
function stopOn(c: { echo: Echo<'pusher'>; userId: number }) {
  const channels = (c.echo.connector as unknown as { channels: Channels }).channels;
  channels[`private-user.${c.userId}`]?.stopListening(`.${NOTIFICATION_EVENT}`);
  channels[`private-user.${c.userId}`]?.stopListening(`.${FRIENDS_EVENT}`);
  c.echo.leave(ANNOUNCEMENTS);
}

function attach(echo: Echo<'pusher'>, userId: number | null) {
  if (current && (current.userId !== userId || current.echo !== echo)) {
    stopOn(current);
    current = null;
    resetNotifications();
  }
  if (userId === null || current) return;
  current = { echo, userId };
  echo
    .private(`user.${userId}`)
    .listen(`.${NOTIFICATION_EVENT}`, (n: NotificationEvent) => receiveNotification(n))
    // A request sent, answered or withdrawn, a friend removed (issue 23 §3): read again.
    .listen(`.${FRIENDS_EVENT}`, () => friendsChanged())
    // Events sent while the channel was not (yet, or no longer) subscribed are not replayed: on
    // every (re)subscription what they would have changed is read again — the counts, the feed if
    // held, the friends screen's lists — so none is missed (a request sent while the page loaded
    // stayed off an open /notificari until a reload).
    .subscribed(() => {
      if (current?.userId === userId) friendsChanged();
    });
  // Announcements come once for everyone on their own channel (authorised for any signed-in user).
  echo.private(ANNOUNCEMENTS).listen(`.${ANNOUNCEMENT_EVENT}`, () => receiveAnnouncement());
}

/** Listens for notifications from now on, following account changes; returns the cleanup. */
export function followNotifications(echo: Echo<'pusher'>): () => void {
  if (stop) return stop;
  attach(echo, app.user?.id ?? null);
  const unsub = subscribe(app, () => attach(echo, app.user?.id ?? null));
  stop = () => {
    unsub();
    if (current) stopOn(current);
    current = null;
    stop = null;
  };
  return stop;
}
