// Input rules of the coupons API (server/modules/coupons) and of the coupon forms. Codes are
// catalogue codes (src/shared/codes.ts).
import { z } from 'zod';
import { DATE_MAX, DATE_MIN, id, idParam, intQuery } from './input-rules.ts';

export const COUPON_CODE_MIN = 4;
export const COUPON_CODE_MAX = 40;

/** A code's characters (migration 015: `^[A-Z0-9-]{4,40}$`), after trimming and upper-casing. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9-]+$/;

/**
 * What is typed: spaces around dropped, letters upper-cased ("aniv-ab12" is "ANIV-AB12"). A code
 * the user types (loose) also loses the spaces inside and reads a typographic dash as "-" (issue 23
 * §1: "zile 7", "ANIV – AB12" copied from a message): codes have no spaces, so nothing is mistaken.
 */
const codeWith = (invalid: string, loose = false) =>
  z
    .string({ error: 'FORM_COUPON_CODE_REQUIRED' })
    .max(200, 'FORM_COUPON_CODE_TOO_LONG')
    .transform((s) => (loose ? s.replace(/[\u2010-\u2015\u2212]/g, '-').replace(/\s+/g, '') : s.trim()).toUpperCase())
    .pipe(
      z
        .string()
        .min(1, 'FORM_COUPON_CODE_REQUIRED')
        .min(COUPON_CODE_MIN, 'FORM_COUPON_CODE_TOO_SHORT')
        .max(COUPON_CODE_MAX, 'FORM_COUPON_CODE_TOO_LONG')
        .regex(COUPON_CODE_PATTERN, invalid),
    );

/** A code a user redeems: one that breaks the pattern cannot exist, so it is "not valid". */
export const couponCode = codeWith('FORM_COUPON_INVALID', true);

export const redeemBody = z.object({ code: couponCode });
export const quoteBody = z.object({ code: couponCode, package_id: id('FORM_PACKAGE_NOT_FOUND') });

/** The anniversary offer's type: {product}_story_code_1, product in lower case (SPEC §5). */
export const storyCouponType = (product: string) => `${product.toLowerCase().replace(/[^a-z0-9]/g, '')}_story_code_1`;
const couponType = z.string({ error: 'FORM_COUPON_TYPE_INVALID' }).max(60, 'FORM_COUPON_TYPE_INVALID').regex(/^[a-z0-9_]+$/, 'FORM_COUPON_TYPE_INVALID');
export const generateBody = z.object({ type: couponType });
export const remainingQuery = z.object({ type: couponType });

// A coupon the team makes (POST /admin/coupons and server/cli/coupon-create.ts): the rules of
// migration 015's checks, so a bad value is a field code, never a constraint error.
export const COUPON_KINDS = ['percent', 'days'] as const;
export type NewCouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_PERCENT_MAX = 90;
export const COUPON_DAYS_MAX = 366;
export const COUPON_MAX_USES_MAX = 1_000_000;
export const COUPON_PACKAGES_MAX = 20;
export const COUPON_FAMILY_PATTERN = /^[a-z0-9_]{1,60}$/;

/** A calendar day AAAA-LL-ZZ that exists (no 30 February) within the years the app stores. */
const day = z
  .string({ error: 'FORM_COUPON_DATE_INVALID' })
  .max(10, 'FORM_COUPON_DATE_INVALID')
  .refine((v) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
    const t = Date.parse(`${v}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === v && t >= DATE_MIN && t < DATE_MAX;
  }, 'FORM_COUPON_DATE_INVALID');
/** An optional value: absent, null or '' (an empty form field) is "none". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable());
const wholeNumber = (min: number, max: number, code: string) => z.number({ error: code }).int(code).min(min, code).max(max, code);

export const newCouponBody = z
  .object({
    code: codeWith('FORM_COUPON_CODE_CHARS'),
    kind: z.enum(COUPON_KINDS, { error: 'FORM_COUPON_KIND_INVALID' }),
    /** Percent off (1–90) or premium days (1–366), by kind. */
    value: z.number({ error: 'FORM_COUPON_VALUE_INVALID' }).int('FORM_COUPON_VALUE_INVALID'),
    /** First day it can be claimed, from 00:00 Romanian time; null: at once. */
    valid_from: optional(day),
    /** Last day it can be claimed or used, through 24:00 Romanian time; null: no end. */
    valid_until: optional(day),
    /** How many users may claim it; null: no limit. */
    max_uses: optional(wholeNumber(1, COUPON_MAX_USES_MAX, 'FORM_COUPON_MAX_USES_RANGE')),
    /** Packages a percent coupon applies to; null or empty: every package. */
    package_ids: optional(
      z
        .array(id('FORM_COUPON_PACKAGES_UNKNOWN'), { error: 'FIELD_INVALID' })
        .max(COUPON_PACKAGES_MAX, 'FIELD_TOO_LONG')
        .transform((ids) => (ids.length ? [...new Set(ids)] : null)),
    ),
    /** Coupons of one family: a user holds at most one of them ("similar coupon owned"). */
    family: optional(z.string({ error: 'FORM_COUPON_FAMILY_INVALID' }).max(200, 'FORM_COUPON_FAMILY_INVALID').regex(COUPON_FAMILY_PATTERN, 'FORM_COUPON_FAMILY_INVALID')),
  })
  .superRefine((c, ctx) => {
    const max = c.kind === 'percent' ? COUPON_PERCENT_MAX : COUPON_DAYS_MAX;
    if (c.value < 1 || c.value > max)
      ctx.addIssue({ code: 'custom', path: ['value'], message: c.kind === 'percent' ? 'FORM_COUPON_PERCENT_RANGE' : 'FORM_COUPON_DAYS_RANGE' });
    // Whole days: "until" the same day as "from" would still be a day, but the rule stays the CLI's.
    if (c.valid_from && c.valid_until && c.valid_until <= c.valid_from)
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: 'FORM_COUPON_UNTIL_BEFORE_FROM' });
  })
  .transform((c) => ({
    code: c.code,
    kind: c.kind,
    percent_off: c.kind === 'percent' ? c.value : null,
    premium_days: c.kind === 'days' ? c.value : null,
    valid_from: c.valid_from,
    valid_until: c.valid_until,
    max_uses: c.max_uses,
    package_ids: c.package_ids,
    family: c.family,
  }));
export type NewCouponBody = z.input<typeof newCouponBody>;
/** The coupon to insert, as the server and the CLI receive it. */
export type NewCoupon = z.output<typeof newCouponBody>;

export const adminCouponsQuery = z.object({ page: intQuery(1, 10_000).default(1) });
export const adminCouponParams = z.object({ id: idParam('FORM_COUPON_NOT_FOUND') });
