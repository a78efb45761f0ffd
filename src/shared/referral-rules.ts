// Referrals (issue 8 §5): the reward, the code a link carries, and the page's payload. Shared by
// /setari/referrali, the registration form and the server's referrals module.
import { z } from 'zod';
import { INVITATION_CODE_PATTERN } from './input-rules.ts';

/**
 * When someone who registered through your link pays for the first time, you and they each get
 * this many days of premium (a subscription period of kind 'referral', given by the database in
 * the payment's own transaction: server/db/migrations/019_referrals.sql).
 */
export const REFERRAL_REWARD_DAYS = 14;

/** The query parameter of a referral link: /inregistrare?ref=CODE. */
export const REFERRAL_PARAM = 'ref';

/** A referral code is the referrer's invitation code (12 hex digits), upper-cased. */
export const referralCode = z
  .string({ error: 'FORM_INVITATION_CODE_INVALID' })
  .trim()
  .regex(INVITATION_CODE_PATTERN, 'FORM_INVITATION_CODE_INVALID')
  .transform((v) => v.toUpperCase());

export type ReferredPerson = {
  /** First name only: the referrer sees who joined, not their account. */
  first_name: string;
  joined_at: string;
  /** Set once their first payment gave both the reward. */
  rewarded_at: string | null;
  reward_days: number | null;
};

export type ReferralsResponse = {
  code: string;
  /** Path of the personal link (the app prefixes its own origin). */
  path: string;
  reward_days: number;
  earned_days: number;
  referred: ReferredPerson[];
};

/** The path of a personal link. */
export const referralPath = (code: string) => `/inregistrare?${REFERRAL_PARAM}=${encodeURIComponent(code)}`;
