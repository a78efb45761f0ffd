// Input rules of the payments API and the sandbox provider's card form, shared by the server's
// schemas and the app's forms. Codes are catalogue codes (src/shared/codes.ts).
import { z } from 'zod';
import { id } from './input-rules.ts';
import { uuid } from './validation.ts';
import { couponCode } from './coupon-rules.ts';

export const checkoutBody = z.object({
  package_id: id('FORM_PACKAGE_NOT_FOUND'),
  /** One per checkout attempt, made by the client: a retry or a double click sends the same one. */
  idempotency_key: uuid,
  /** A percent (or anniversary) coupon: the server takes it off the price (server/modules/coupons). */
  coupon_code: couponCode.optional(),
  /** Pay with this saved card (GET /cards) instead of typing one; the user's own, else FORM_CARD_NOT_FOUND. */
  card_id: id('FORM_CARD_NOT_FOUND').optional(),
  /**
   * The card this payment is made with becomes the one renewals charge (the default card) once the
   * payment went through; false keeps the default card as it is (issue 32 §1). Absent: true.
   */
  use_for_renewal: z.boolean({ error: 'FIELD_INVALID' }).optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

/** Sandbox intent ids are ours: pi_sbx_ and 24 hex digits. */
export const INTENT_ID = /^pi_sbx_[0-9a-f]{24}$/;
export const intentParams = z.object({ intent: z.string().max(40).regex(INTENT_ID, 'FORM_PAYMENT_NOT_FOUND') });
const clientSecret = z.string({ error: 'FORM_PAYMENT_NOT_FOUND' }).max(200, 'FORM_PAYMENT_NOT_FOUND').regex(/^pi_sbx_[0-9a-f]{24}_secret_[0-9a-f]{48}$/, 'FORM_PAYMENT_NOT_FOUND');
export const intentQuery = z.object({ client_secret: clientSecret });

/** Digits only, after the form removed spaces; 12 to 19 digits is every card scheme's length. */
export const cardNumber = z
  .string({ error: 'FIELD_REQUIRED' })
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().min(1, 'FIELD_REQUIRED').regex(/^\d{12,19}$/, 'FORM_CARD_WRONG_NUMBER'));

export const cardConfirmBody = z.object({
  client_secret: clientSecret,
  number: cardNumber,
  exp_month: z.number({ error: 'FIELD_INVALID' }).int('FIELD_INVALID').min(1, 'FIELD_INVALID').max(12, 'FIELD_INVALID'),
  /** Four digits (the form turns "27" into 2027). */
  exp_year: z.number({ error: 'FIELD_INVALID' }).int('FIELD_INVALID').min(2000, 'FIELD_INVALID').max(2100, 'FIELD_INVALID'),
  cvc: z.string({ error: 'FIELD_REQUIRED' }).regex(/^\d{3,4}$/, 'FORM_CARD_WRONG_CVV'),
});
export type CardConfirmBody = z.infer<typeof cardConfirmBody>;

export const threeDsBody = z.object({
  client_secret: clientSecret,
  result: z.enum(['approve', 'reject'], { error: 'FIELD_INVALID' }),
});

/** Whole lei with two decimals and a comma, as Romanian prices read: 4900 → "49,00 lei". */
export function formatLei(bani: number): string {
  const lei = Math.floor(bani / 100);
  const rest = String(bani % 100).padStart(2, '0');
  return `${lei.toLocaleString('ro-RO')},${rest} lei`;
}
