// The one way server code tells a user something (issue 7 §4): the notification is stored (the
// feed and the navbar count read it), published live on the user's private channel, and pushed
// to their devices (Web Push) after the reply. Only storing can fail the caller; the live event
// and the push are best effort, logged when they fail.
import type { FastifyInstance } from 'fastify';
import type { NotificationPayload } from '../../../src/shared/notification-payloads.ts';
import { insertNotification, serializeNotification } from './queries.ts';
import { pushToUser } from './push.ts';

export type NotifyInput = {
  type: string;
  title: string;
  message: string;
  link?: string;
  /** Whom it is about (a friend request's sender): settled with it (queries.ts settleAbout). */
  subject_user_id?: number;
};

/** Channel every live notification of a user goes to (authorised only for that user). */
export const userChannel = (userId: number) => `private-user.${userId}`;

export async function notify(app: FastifyInstance, userId: number, n: NotifyInput): Promise<void> {
  await notifyReturning(app, userId, n);
}

/** notify, answering the stored notification (coupon generation puts it in its reply, SPEC §7). */
export async function notifyReturning(app: FastifyInstance, userId: number, n: NotifyInput): Promise<NotificationPayload> {
  const payload = serializeNotification(await insertNotification(app.db, userId, n));
  await publish(app, userId, payload);
  return payload;
}

/** Live event and push for an already stored notification (announcements have their own: service.ts announce). */
export async function publish(
  app: FastifyInstance,
  userId: number,
  payload: NotificationPayload,
): Promise<void> {
  try {
    await app.realtime.trigger(userChannel(userId), 'notification', payload);
  } catch (err) {
    app.log.warn({ err, userId }, 'live notification not delivered');
  }
  pushToUser(app, userId, payload);
}
