// Coupon rules (issue 8 §5, SPEC §5): a code is checked and claimed under a row lock on the
// coupon, so concurrent claims queue and the rules (one per user, similar coupon, maximum uses)
// are read after the previous claim committed; the unique indexes of migration 015 are the last
// guard. A 'days' coupon gives its premium when redeemed; a 'percent' (or anniversary) coupon is
// kept and taken off a package's price at checkout, by the server.
import type { Db } from '../../db/db.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { ErrorCode } from '../../../src/shared/codes.ts';
import type { QuoteResponse, UserCoupon } from '../../../src/shared/coupon-payloads.ts';
import * as q from './queries.ts';

type PackageRow = { id: number; price_bani: number; is_active: boolean };

const uniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

/** Validity of the coupon itself for this user (not what the user holds). */
function checkCoupon(c: q.CouponRow | undefined, userId: number, now = Date.now()): q.CouponRow {
  if (!c) throw notFound('FORM_COUPON_NOT_FOUND');
  // A personal code (the anniversary offer) is only its owner's.
  if (c.owner_user_id !== null && c.owner_user_id !== userId) throw conflict('FORM_COUPON_NOT_ELIGIBLE');
  if (c.valid_from && new Date(c.valid_from).getTime() > now) throw badRequest('FORM_COUPON_INVALID', 'code');
  if (c.valid_until && new Date(c.valid_until).getTime() <= now) throw conflict('FORM_COUPON_EXPIRED');
  return c;
}

/** A percent coupon against a package: applicable, and the price the server will charge. */
function priceWith(c: q.CouponRow, pkg: PackageRow | undefined): { list: number; amount: number; percent: number } {
  if (!pkg || !pkg.is_active) throw notFound('FORM_PACKAGE_NOT_FOUND');
  // A 'days' coupon gives premium; it is redeemed on /setari/cupoane, it takes nothing off a price.
  if (c.kind === 'days' || c.percent_off === null) throw conflict('FORM_COUPON_MUST_CLAIM_FIRST');
  if (c.package_ids && !c.package_ids.includes(pkg.id)) throw conflict('FORM_COUPON_NOT_APPLICABLE');
  // Rounded to the ban in the customer's favour; the migration keeps percent_off ≤ 90, so > 0.
  const amount = Math.floor((pkg.price_bani * (100 - c.percent_off)) / 100);
  return { list: pkg.price_bani, amount, percent: c.percent_off };
}

/** What the user holding the coupon means for using it again. */
function heldCode(h: q.HeldRow): ErrorCode {
  return h.status === 'used' ? 'FORM_COUPON_ALREADY_USED' : 'FORM_COUPON_ALREADY_CLAIMED';
}

/** Claims under the coupon's lock (the caller's transaction). */
async function claimLocked(t: Db, userId: number, code: string): Promise<{ coupon: q.CouponRow; held: q.HeldRow }> {
  const coupon = checkCoupon(await q.lockCoupon(t, code), userId);
  const mine = await q.held(t, userId, coupon.id);
  if (mine) throw conflict(heldCode(mine));
  if (coupon.family && (await q.holdsFamily(t, userId, coupon.family))) throw conflict('FORM_HAVE_SIMILAR_COUPON');
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) throw conflict('FORM_COUPON_MAXIMUM_REACHED');
  return { coupon, held: await q.insertClaim(t, coupon, userId) };
}

/** Runs a claim transaction; a unique index hit by a concurrent twin answers as the rule would. */
async function claimTx<T>(db: Db, fn: (t: Db) => Promise<T>): Promise<T> {
  try {
    return await db.tx(fn);
  } catch (err) {
    if (uniqueViolation(err))
      // Two different coupons of one family claimed at once pass the family check together; the
      // index (user, family) stops the second. The same coupon twice hits (coupon, user).
      throw conflict((err as { constraint?: string }).constraint === 'user_coupons_one_per_family' ? 'FORM_HAVE_SIMILAR_COUPON' : 'FORM_COUPON_ALREADY_CLAIMED');
    throw err;
  }
}

/**
 * POST /coupons/redeem: claims the code. A 'days' coupon gives its premium days at once (a
 * subscription period of kind 'coupon') and is used; a percent coupon waits for the checkout.
 */
export async function redeem(db: Db, userId: number, code: string): Promise<UserCoupon> {
  const id = await claimTx(db, async (t) => {
    const { coupon, held } = await claimLocked(t, userId, code);
    if (coupon.kind === 'days') {
      await q.addFreePeriod(t, userId, 'coupon', coupon.premium_days!, held.id);
      await q.markUsed(t, held.id);
    }
    return held.id;
  });
  return q.userCoupon(db, id);
}

/** POST /coupons/quote: the reduced price, without claiming (the page shows it before paying). */
export async function quote(db: Db, userId: number, code: string, pkg: PackageRow | undefined): Promise<QuoteResponse> {
  const coupon = checkCoupon(await q.couponByCode(db, code), userId);
  const mine = await q.held(db, userId, coupon.id);
  if (mine?.status === 'used') throw conflict('FORM_COUPON_ALREADY_USED');
  if (!mine) {
    if (coupon.family && (await q.holdsFamily(db, userId, coupon.family))) throw conflict('FORM_HAVE_SIMILAR_COUPON');
    if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) throw conflict('FORM_COUPON_MAXIMUM_REACHED');
  }
  const p = priceWith(coupon, pkg);
  return { code: coupon.code, package_id: pkg!.id, percent_off: p.percent, list_price_bani: p.list, amount_bani: p.amount, discount_bani: p.list - p.amount };
}

/**
 * The checkout's coupon, in the transaction that writes the order: claimed now if the user does
 * not hold it yet, then reserved by the order. The amount is computed here, never taken from the
 * client. undefined: a concurrent twin of this checkout (double click) holds it reserved already.
 */
export async function orderWithCoupon<O extends { id: number }>(
  db: Db,
  userId: number,
  code: string,
  pkg: PackageRow | undefined,
  insert: (t: Db, amount: number) => Promise<O | undefined>,
): Promise<O | undefined> {
  return claimTx(db, async (t) => {
    const coupon = checkCoupon(await q.lockCoupon(t, code), userId);
    const price = priceWith(coupon, pkg);
    let mine = await q.held(t, userId, coupon.id);
    if (mine?.status === 'used') throw conflict('FORM_COUPON_ALREADY_USED');
    if (mine?.status === 'reserved') return undefined;
    mine ??= (await claimLocked(t, userId, code)).held;
    const order = await insert(t, price.amount);
    if (order) await q.reserve(t, mine.id, order.id, price.list);
    return order;
  });
}

export const list = (db: Db, userId: number) => q.userCoupons(db, userId);
