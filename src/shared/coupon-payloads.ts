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
