// Referrals' SQL (server/db/migrations/019_referrals.sql). The reward itself is given by the
// database when an order is marked paid; here: who brought whom, and the page's list.
import type { Db } from '../../db/db.ts';

/** Records that `referredId` registered through `code`; unknown codes are ignored (see service.ts). */
export async function recordReferral(db: Db, referredId: number, code: string): Promise<boolean> {
  const row = await db.one<{ id: number }>(
    `insert into referrals (referrer_id, referred_id)
     select u.id, $1 from users u where u.invitation_code = $2 and u.id <> $1
     on conflict (referred_id) do nothing
     returning id`,
    [referredId, code],
  );
  return Boolean(row);
}

/** Keeps the trigger's reward equal to the app's constant (one source of truth, src/shared). */
export async function syncRewardDays(db: Db, days: number): Promise<void> {
  await db.query('update referral_settings set reward_days = $1 where reward_days <> $1', [days]);
}

export type ReferredRow = {
  name: string;
  call_name: string | null;
  created_at: Date | string;
  rewarded_at: Date | string | null;
  reward_days: number | null;
};

export async function invitationCode(db: Db, userId: number): Promise<string | undefined> {
  return (
    await db.one<{ invitation_code: string }>('select invitation_code from users where id = $1', [userId])
  )?.invitation_code;
}

/** The people a user brought, newest first (at most `limit`). */
export function referred(db: Db, userId: number, limit: number): Promise<ReferredRow[]> {
  return db.query<ReferredRow>(
    `select u.name, u.call_name, r.created_at, r.rewarded_at, r.reward_days
       from referrals r join users u on u.id = r.referred_id
      where r.referrer_id = $1
      order by r.id desc
      limit $2`,
    [userId, limit],
  );
}

/** Days of premium this user earned as a referrer (their own reward as a referred person apart). */
export async function earnedDays(db: Db, userId: number): Promise<number> {
  const row = await db.one<{ days: number | string | null }>(
    'select coalesce(sum(reward_days), 0) as days from referrals where referrer_id = $1 and rewarded_at is not null',
    [userId],
  );
  return Number(row?.days ?? 0);
}
