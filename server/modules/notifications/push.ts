// Web Push (issue 7 §4, RFC 8030/8291/8292 through the `web-push` package): delivers a stored
// notification to the user's installed apps, even closed. The VAPID key pair is generated on the
// first start and kept in server_secrets as one value (two names could be won by two different
// processes and pair a public key with the wrong private key). Sending happens after the reply,
// never fails the request that caused it, and a subscription the push service says is gone
// (404/410) is deleted.
import webpush from 'web-push';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { keptSecret } from '../../lib/kept-secrets.ts';
import { afterReply } from '../../lib/after-reply.ts';
import type { NotificationPayload, PushMessage } from '../../../src/shared/notification-payloads.ts';
import { announcementTargets, deleteSubscription, pushTargets } from './push-queries.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

const keysByDb = new WeakMap<Db, Promise<VapidKeys>>();

/** The kept VAPID pair of this database (generated and stored by the first process that asks). */
export function vapidKeys(db: Db): Promise<VapidKeys> {
  let keys = keysByDb.get(db);
  if (!keys) {
    keys = keptSecret(db, 'vapid_keys', () => JSON.stringify(webpush.generateVAPIDKeys())).then(
      (v) => JSON.parse(v) as VapidKeys,
    );
    keys.catch(() => keysByDb.delete(db));
    keysByDb.set(db, keys);
  }
  return keys;
}

/** Push services want a contact: the support address (a mailto: URL, always valid). */
const subject = (app: FastifyInstance) => `mailto:${app.config.SUPPORT_EMAIL}`;

/** How long a push service keeps an undelivered message (a device offline for a day still gets it). */
const TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/** Sends the notification to every subscription of the user, after the reply. */
export function pushToUser(app: FastifyInstance, userId: number, n: NotificationPayload): void {
  afterReply(app.log, 'web push', () => sendPush(app, userId, n));
}

/** The work of pushToUser, awaitable (tests). */
export async function sendPush(app: FastifyInstance, userId: number, n: NotificationPayload): Promise<void> {
  const targets = await pushTargets(app.db, userId);
  if (!targets.length) return;
  const keys = await vapidKeys(app.db);
  const message: PushMessage = { id: n.id, title: n.title, body: n.message, link: n.link };
  const body = JSON.stringify(message);
  await Promise.all(targets.map((s) => pushTo(app, keys, s, body, userId)));
}

/** Subscriptions read and pushed per page for an announcement (bounded memory and concurrency). */
export const ANNOUNCEMENT_PUSH_PAGE = 200;

/**
 * An announcement's pushes: the subscriptions of users who allow pushes, a page at a time, each
 * with the user's own notification id. Awaitable (the caller runs it after the reply).
 */
export async function pushAnnouncement(
  app: FastifyInstance,
  at: Date,
  n: { title: string; message: string; link: string | null },
): Promise<void> {
  let keys: VapidKeys | null = null;
  for (let after = 0; ; ) {
    const page = await announcementTargets(app.db, at, after, ANNOUNCEMENT_PUSH_PAGE);
    if (!page.length) return;
    keys ??= await vapidKeys(app.db);
    await Promise.all(
      page.map((s) => {
        const message: PushMessage = { id: s.notification_id, title: n.title, body: n.message, link: n.link };
        return pushTo(app, keys!, s, JSON.stringify(message), s.user_id);
      }),
    );
    after = page[page.length - 1]!.id;
  }
}

async function pushTo(
  app: FastifyInstance,
  keys: VapidKeys,
  s: { endpoint: string; p256dh: string; auth: string },
  body: string,
  userId: number,
): Promise<void> {
  // web-push encrypts and signs (RFC 8291, RFC 8292); the request itself goes through fetch,
  // so its status is read the same way for every push service and a hung one times out.
  const req = webpush.generateRequestDetails(
    { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
    body,
    {
      vapidDetails: { subject: subject(app), publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: TTL_SECONDS,
    },
  );
  const headers = Object.fromEntries(
    Object.entries(req.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([k, v]) => [k, String(v)]),
  );
  try {
    const res = await fetch(req.endpoint, {
      method: req.method,
      headers,
      body: req.body ? new Uint8Array(req.body) : undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) await deleteSubscription(app.db, s.endpoint);
    else if (!res.ok) app.log.warn({ status: res.status, userId }, 'web push refused');
  } catch (err) {
    app.log.warn({ err, userId }, 'web push not delivered');
  }
}
