// Input rules of the notifications API (issue 7 §4), shared by the server's routes and the app.
import { z } from 'zod';
import { idParam, intQuery, storableText, text } from './input-rules.ts';

/** Feed page size: the default and the most one page may ask for. */
export const FEED_PAGE = 20;
export const FEED_PAGE_MAX = 50;

export const feedQuery = z.object({
  before: idParam('FIELD_INVALID').optional(),
  limit: intQuery(1, FEED_PAGE_MAX).optional(),
});

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_MESSAGE_MAX = 2000;
/** An in-app path a notification may lead to: starts with one '/', no scheme, no '//' host. */
export const IN_APP_LINK = /^\/(?!\/)[A-Za-z0-9\-._~/?&=%#]{0,300}$/;

export const announcementBody = z.object({
  title: text(
    { required: 'FIELD_REQUIRED', short: 'FIELD_TOO_SHORT', long: 'FIELD_TOO_LONG' },
    3,
    ANNOUNCEMENT_TITLE_MAX,
  ),
  message: text(
    { required: 'FIELD_REQUIRED', short: 'FIELD_TOO_SHORT', long: 'FIELD_TOO_LONG' },
    3,
    ANNOUNCEMENT_MESSAGE_MAX,
  ),
  link: z.string({ error: 'FORM_URL_INVALID' }).regex(IN_APP_LINK, 'FORM_URL_INVALID').optional(),
});
export type AnnouncementBody = z.infer<typeof announcementBody>;

/** A push-service URL: bounded; the server also asks for https in production. */
export const PUSH_ENDPOINT_MAX = 1024;
const base64url = (bytes: number) =>
  z
    .string({ error: 'FORM_PUSH_SUBSCRIPTION_INVALID' })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'FORM_PUSH_SUBSCRIPTION_INVALID')
    .refine(
      (s) => Math.floor((s.replace(/=+$/, '').length * 3) / 4) === bytes,
      'FORM_PUSH_SUBSCRIPTION_INVALID',
    );

const endpoint = z
  .string({ error: 'FORM_PUSH_SUBSCRIPTION_INVALID' })
  .max(PUSH_ENDPOINT_MAX, 'FORM_PUSH_SUBSCRIPTION_INVALID')
  .refine(storableText, 'FORM_PUSH_SUBSCRIPTION_INVALID')
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'FORM_PUSH_SUBSCRIPTION_INVALID');

/** PushSubscription.toJSON(): p256dh is an uncompressed P-256 point (65 bytes), auth 16 bytes. */
export const pushSubscriptionBody = z.object({
  endpoint,
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }, { error: 'FORM_PUSH_SUBSCRIPTION_INVALID' }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushUnsubscribeBody = z.object({ endpoint });
export const pushPreferenceBody = z.object({ enabled: z.boolean({ error: 'FIELD_INVALID' }) });
