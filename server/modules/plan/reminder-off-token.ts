// The plan reminder's unsubscribe token (issue 31 §1): stateless, so a link works without a sign-in
// and without a table of tokens. `<user id>.<expiry>.<mac>` (shape in src/shared/plan/reminder-off.ts),
// the MAC an HMAC-SHA256 under UNSUBSCRIBE_SECRET (or a secret generated once and kept in
// server_secrets, like the grid preview's: no default secret ships) over the purpose, the user, the
// expiry and the account's address at sending time. So a token
// - does one thing: the purpose string is signed, no other link of the product verifies with it;
// - names one account, whose id a forger cannot change without the MAC failing;
// - ends: after REMINDER_OFF_LINK_DAYS, when the account's e-mail address changes (the mail went
//   to the old address, which may be someone else's now), when the account is deleted, and all at
//   once when the secret is replaced (the next start reads the new one).
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import type { Config } from '../../config.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { keptSecret } from '../../lib/kept-secrets.ts';
import { REMINDER_OFF_LINK_DAYS, REMINDER_OFF_TOKEN } from '../../../src/shared/plan/reminder-off.ts';

const PURPOSE = 'plan-reminder-off:v1';
const cache = new WeakMap<Db, Promise<string>>();

export function reminderOffSecret(db: Db, config: Pick<Config, 'UNSUBSCRIBE_SECRET'>): Promise<string> {
  if (config.UNSUBSCRIBE_SECRET) return Promise.resolve(config.UNSUBSCRIBE_SECRET);
  let s = cache.get(db);
  if (!s) {
    s = keptSecret(db, 'plan_reminder_off', () => randomBytes(32).toString('base64url'));
    // A failed read (database away) is not kept: the next request tries again.
    s.catch(() => cache.delete(db));
    cache.set(db, s);
  }
  return s;
}

function mac(secret: string, userId: number, exp: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`${PURPOSE}:${userId}:${exp}:${email.trim().toLowerCase()}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** A token for this account and address, valid REMINDER_OFF_LINK_DAYS from `now`. */
export function signReminderOff(secret: string, userId: number, email: string, now = new Date()): string {
  const exp = (Math.floor(now.getTime() / 1000) + REMINDER_OFF_LINK_DAYS * 86_400).toString(36);
  return `${userId}.${exp}.${mac(secret, userId, exp, email)}`;
}

/** The user id of a token's shape, or null (checked before any database read). */
export function tokenUser(token: string | undefined): number | null {
  if (!token || !REMINDER_OFF_TOKEN.test(token)) return null;
  const id = Number(token.split('.')[0]);
  // Ten digits may pass an integer column's range: such an id is no account's.
  return id <= 2_147_483_647 ? id : null;
}

/**
 * The account a token was signed for, given that account's current address (null: no such
 * account). 403 FORM_REMINDER_LINK_INVALID when malformed, forged, another account's or another
 * address's; 410 FORM_REMINDER_LINK_EXPIRED when genuine but old.
 */
export function verifyReminderOff(secret: string, token: string, email: string | null, now = new Date()): number {
  const userId = tokenUser(token);
  if (userId === null || email === null) throw forbidden('FORM_REMINDER_LINK_INVALID');
  const [, exp, sig] = token.split('.') as [string, string, string];
  if (!safeEqual(mac(secret, userId, exp, email), sig)) throw forbidden('FORM_REMINDER_LINK_INVALID');
  if (parseInt(exp, 36) * 1000 < now.getTime()) throw new AppError(410, 'FORM_REMINDER_LINK_EXPIRED');
  return userId;
}
