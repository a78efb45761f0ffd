// Payloads of the coupons API (server/modules/coupons), declared once for the server and the app.
import type { User } from './types.ts';
import type { NotificationPayload } from './notification-payloads.ts';

export type CouponKind = 'percent' | 'days' | 'story';
export type UserCouponStatus = 'claimed' | 'reserved' | 'used';

/** A coupon the user holds (GET /coupons), newest first. */
export type UserCoupon = {
  id: number;
  code: string;
  kind: CouponKind;
  /** Off a package's price at checkout (percent and anniversary coupons). */
  percent_off: number | null;
  /** Premium days it gave (days and anniversary coupons). */
  premium_days: number | null;
  /** Packages it applies to; null: every package. */
  package_ids: number[] | null;
  valid_until: string | null;
  /** claimed: usable; reserved: a checkout in progress carries it; used. */
  status: UserCouponStatus;
  claimed_at: string;
  used_at: string | null;
};
export type CouponsResponse = { coupons: UserCoupon[] };
export type RedeemResponse = { success: 'COUPON_APPLIED'; coupon: UserCoupon; user: User };

/** POST /coupons/quote: the price the server will charge for the package with the code. */
export type QuoteResponse = { code: string; package_id: number; percent_off: number; list_price_bani: number; amount_bani: number; discount_bani: number };

export type RemainingResponse = { remaining_count: number; already_claimed: boolean };
export type GenerateResponse = {
  success: 'COUPON_CLAIMED';
  code: string;
  coupon: UserCoupon;
  user: User;
  notification: NotificationPayload;
};
export type TrialResponse = { success: 'USER_TRIAL_ACTIVATED_SUCCESSFULLY'; user: User };

/** Where an admin-listed coupon stands now: claimable, not started, all uses taken, or over. */
export type CouponState = 'active' | 'scheduled' | 'exhausted' | 'ended';

/** A coupon in GET /admin/coupons, newest first. */
export type AdminCoupon = {
  id: number;
  code: string;
  kind: CouponKind;
  percent_off: number | null;
  premium_days: number | null;
  valid_from: string | null;
  valid_until: string | null;
  max_uses: number | null;
  /** Users who claimed it (what max_uses counts). */
  uses: number;
  /** Of those, how many used it: its days given, or a paid order took its discount. */
  used: number;
  family: string | null;
  package_ids: number[] | null;
  /** A personal anniversary code (one user's), not one the team made. */
  personal: boolean;
  state: CouponState;
  created_at: string;
};
export type AdminCouponsResponse = { coupons: AdminCoupon[]; total: number; page: number; per_page: number };
export type AdminCouponResponse = { success: 'COUPON_CREATED' | 'COUPON_DISABLED'; coupon: AdminCoupon };
