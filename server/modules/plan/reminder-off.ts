// Turning the plan reminder off from the mail's link (issue 31 §1), without a sign-in: the token
// (reminder-off-token.ts) is the only credential. Idempotent: the link used again answers the same
// success with `was_on: false`. Only the reminder's hour is cleared; the plan and its other
// settings stay as they were (PUT /plan/settings would start a new plan).
import type { Db } from '../../db/db.ts';
import type { Config } from '../../config.ts';
import type { ReminderOffResponse } from '../../../src/shared/plan-payloads.ts';
import { reminderOffSecret, tokenUser, verifyReminderOff } from './reminder-off-token.ts';

export async function turnReminderOff(
  db: Db,
  config: Pick<Config, 'UNSUBSCRIBE_SECRET'>,
  token: string | undefined,
  now = new Date(),
): Promise<ReminderOffResponse> {
  const userId = tokenUser(token);
  // Only a token of the right shape costs a database read (a primary-key lookup).
  const user = userId === null ? undefined : await db.one<{ email: string }>('select email from users where id = $1', [userId]);
  const id = verifyReminderOff(await reminderOffSecret(db, config), token ?? '', user?.email ?? null, now);
  const changed = await db.query(
    'update plan_settings set reminder_hour = null, updated_at = now() where user_id = $1 and reminder_hour is not null returning user_id',
    [id],
  );
  return { success: 'PLAN_REMINDER_TURNED_OFF', was_on: changed.length === 1 };
}
