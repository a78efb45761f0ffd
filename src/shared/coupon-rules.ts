// Input rules of the coupons API (server/modules/coupons) and of the coupon forms. Codes are
// catalogue codes (src/shared/codes.ts).
import { z } from 'zod';
import { id } from './input-rules.ts';

export const COUPON_CODE_MIN = 4;
export const COUPON_CODE_MAX = 40;

/** What the user types: spaces around dropped, letters upper-cased ("aniv-ab12" is "ANIV-AB12"). */
export const couponCode = z
  .string({ error: 'FORM_COUPON_CODE_REQUIRED' })
  .max(200, 'FORM_COUPON_CODE_TOO_LONG')
  .transform((s) => s.trim().toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'FORM_COUPON_CODE_REQUIRED')
      .min(COUPON_CODE_MIN, 'FORM_COUPON_CODE_TOO_SHORT')
      .max(COUPON_CODE_MAX, 'FORM_COUPON_CODE_TOO_LONG')
      .regex(/^[A-Z0-9-]+$/, 'FORM_COUPON_INVALID'),
  );

export const redeemBody = z.object({ code: couponCode });
export const quoteBody = z.object({ code: couponCode, package_id: id('FORM_PACKAGE_NOT_FOUND') });

/** The anniversary offer's type: {product}_story_code_1, product in lower case (SPEC §5). */
export const storyCouponType = (product: string) => `${product.toLowerCase().replace(/[^a-z0-9]/g, '')}_story_code_1`;
const couponType = z.string({ error: 'FORM_COUPON_TYPE_INVALID' }).max(60, 'FORM_COUPON_TYPE_INVALID').regex(/^[a-z0-9_]+$/, 'FORM_COUPON_TYPE_INVALID');
export const generateBody = z.object({ type: couponType });
export const remainingQuery = z.object({ type: couponType });
