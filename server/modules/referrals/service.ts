// Referrals (issue 8 §5). Whoever registers through a personal link (/inregistrare?ref=CODE) is
// recorded once; the reward is the database's (019_referrals.sql). Rules, written down:
// - a code that matches nobody is ignored, silently: a stale link never stops a registration, and
//   the answer does not tell a stranger which codes exist;
// - nobody refers themselves (the check in SQL; a new account cannot carry its own code anyway);
// - the reward comes with the referred person's first paid order only, once, to both.
import type { Db } from '../../db/db.ts';
import {
  REFERRAL_REWARD_DAYS,
  referralPath,
  type ReferralsResponse,
} from '../../../src/shared/referral-rules.ts';
import { unauthorized } from '../../lib/errors.ts';
import * as q from './queries.ts';

/** How many referred people the page lists at most (newest first). */
export const REFERRED_LIST_MAX = 200;

export async function referralsOf(db: Db, userId: number): Promise<ReferralsResponse> {
  const code = await q.invitationCode(db, userId);
  if (!code) throw unauthorized();
  const [rows, earned] = await Promise.all([
    q.referred(db, userId, REFERRED_LIST_MAX),
    q.earnedDays(db, userId),
  ]);
  return {
    code,
    path: referralPath(code),
    reward_days: REFERRAL_REWARD_DAYS,
    earned_days: earned,
    referred: rows.map((r) => ({
      // What they asked to be called when set (issue 23 §3); else, as before, only the first word.
      first_name: r.call_name?.trim() || (r.name.trim().split(/\s+/)[0] ?? ''),
      joined_at: new Date(r.created_at).toISOString(),
      rewarded_at: r.rewarded_at ? new Date(r.rewarded_at).toISOString() : null,
      reward_days: r.reward_days,
    })),
  };
}

export { recordReferral } from './queries.ts';
