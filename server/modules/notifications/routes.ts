// Notifications (issue 7 §4): the signed-in user's feed, mark one / all read, Web Push settings
// and subscriptions, and the admin's announcement to everyone. Every route acts on the caller's
// own rows; guards run onRequest, so a call without a token is 401 before its input is read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../src/shared/input-rules.ts';
import {
  announcementBody,
  feedQuery,
  pushPreferenceBody,
  pushSubscriptionBody,
  pushUnsubscribeBody,
} from '../../../src/shared/notification-rules.ts';
import * as notifications from './service.ts';
import { vapidKeys } from './push.ts';
import { countEveryone } from './queries.ts';

const tags = ['notifications'];
const security = [{ bearer: [] }];

/** Keyed by the signed-in user (the rate-limit hook runs after app.authenticate in onRequest). */
const perUser = (name: string, max: number, timeWindow: string) => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (req: { auth?: { id: number } | null; ip: string }) => `${name}:${req.auth?.id ?? req.ip}`,
  },
});
export const READ_RATE = { max: 300, timeWindow: '1 minute' };
export const PUSH_SUBSCRIBE_RATE = { max: 20, timeWindow: '1 hour' };
export const ANNOUNCEMENT_RATE = { max: 10, timeWindow: '1 hour' };

const notification = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
const idParams = z.object({ id: idParam('FORM_NOTIFICATION_NOT_FOUND') });

const routes: FastifyPluginAsyncZod = async (app) => {
  // Generated and kept on the first start, so every process on the database agrees from then on.
  await vapidKeys(app.db);
  const me = (req: { auth?: { id: number } | null }) => req.auth!.id;

  app.get(
    '/notifications',
    {
      onRequest: app.authenticate,
      config: perUser('notif-feed', READ_RATE.max, READ_RATE.timeWindow),
      schema: {
        tags,
        security,
        summary: 'Notificările mele, cele mai noi întâi (pagină după pagină: before = next_before)',
        querystring: feedQuery,
        response: {
          200: z.object({ notifications: z.array(notification), next_before: z.string().nullable() }),
        },
      },
    },
    async (req) => notifications.feed(app, me(req), req.query),
  );

  app.post(
    '/notifications/:id/read',
    {
      onRequest: app.authenticate,
      config: perUser('notif-read', READ_RATE.max, READ_RATE.timeWindow),
      schema: {
        tags,
        security,
        summary: 'Marchează o notificare ca citită',
        params: idParams,
        response: { 200: z.object({ notification }) },
      },
    },
    async (req) => notifications.readOne(app, me(req), req.params.id),
  );

  app.post(
    '/notifications/read-all',
    {
      onRequest: app.authenticate,
      config: perUser('notif-read-all', 30, '1 minute'),
      schema: {
        tags,
        security,
        summary: 'Marchează toate notificările ca citite (și last_notification_seen_date = acum)',
        response: {
          200: z.object({ success: z.string(), last_notification_seen_date: z.string().nullable() }),
        },
      },
    },
    async (req) => notifications.readAll(app, me(req)),
  );

  app.get(
    '/notifications/push',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Cheia publică VAPID, preferința „Notificări pe dispozitiv” și câte dispozitive sunt abonate',
        response: {
          200: z.object({ public_key: z.string(), enabled: z.boolean(), subscriptions: z.number() }),
        },
      },
    },
    async (req) => notifications.pushSettings(app, me(req)),
  );

  app.put(
    '/notifications/push',
    {
      onRequest: app.authenticate,
      config: perUser('notif-push-pref', 30, '1 minute'),
      schema: {
        tags,
        security,
        summary: 'Pornește sau oprește notificările pe dispozitiv (Web Push) pentru cont',
        body: pushPreferenceBody,
        response: { 200: z.object({ success: z.string(), enabled: z.boolean() }) },
      },
    },
    async (req) => notifications.setPreference(app, me(req), req.body.enabled),
  );

  app.post(
    '/notifications/push/subscriptions',
    {
      onRequest: app.authenticate,
      config: perUser('notif-push-sub', PUSH_SUBSCRIBE_RATE.max, PUSH_SUBSCRIBE_RATE.timeWindow),
      schema: {
        tags,
        security,
        summary: 'Abonează acest browser la notificări (PushSubscription.toJSON())',
        body: pushSubscriptionBody,
        response: { 201: z.object({ success: z.string(), enabled: z.boolean() }) },
      },
    },
    async (req, reply) => reply.code(201).send(await notifications.subscribe(app, me(req), req.body)),
  );

  app.post(
    '/notifications/push/unsubscribe',
    {
      onRequest: app.authenticate,
      config: perUser('notif-push-sub', PUSH_SUBSCRIBE_RATE.max, PUSH_SUBSCRIBE_RATE.timeWindow),
      schema: {
        tags,
        security,
        summary: 'Dezabonează un browser al meu',
        body: pushUnsubscribeBody,
        response: { 200: z.object({ success: z.string() }) },
      },
    },
    async (req) => notifications.unsubscribe(app, me(req), req.body.endpoint),
  );

  app.get(
    '/admin/announcements/recipients',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        summary: 'Câți utilizatori ar primi un anunț acum (confirmarea dinaintea trimiterii)',
        response: { 200: z.object({ count: z.number() }) },
      },
    },
    async () => ({ count: await countEveryone(app.db) }),
  );

  app.post(
    '/admin/announcements',
    {
      onRequest: app.requireAdmin,
      config: perUser('announcement', ANNOUNCEMENT_RATE.max, ANNOUNCEMENT_RATE.timeWindow),
      schema: {
        tags: ['admin'],
        security,
        summary: 'Anunț pentru toți utilizatorii: o notificare fiecăruia, live și pe dispozitiv',
        body: announcementBody,
        response: { 201: z.object({ success: z.string(), count: z.number() }) },
      },
    },
    async (req, reply) => reply.code(201).send(await notifications.announce(app, req.body)),
  );
};
export default routes;
