// The coupons admin (issue 8 §5): the rules of a new coupon are the shared newCouponBody's
// (src/shared/coupon-rules.ts), checked before this; here what only the database knows: the code
// is free, the packages exist. The CLI (server/cli/coupon-create.ts) makes coupons through here too.
import type { Db } from '../../db/db.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AdminCoupon, AdminCouponsResponse } from '../../../src/shared/coupon-payloads.ts';
import type { NewCoupon } from '../../../src/shared/coupon-rules.ts';
import * as q from './admin-queries.ts';

export async function list(db: Db, page: number): Promise<AdminCouponsResponse> {
  const { coupons, total } = await q.listPage(db, page);
  return { coupons, total, page, per_page: q.ADMIN_COUPONS_PER_PAGE };
}

/** Makes the coupon: 422 FORM_COUPON_PACKAGES_UNKNOWN, 409 FORM_COUPON_CODE_TAKEN. */
export async function create(db: Db, c: NewCoupon): Promise<AdminCoupon> {
  if (c.package_ids && (await q.countPackages(db, c.package_ids)) !== c.package_ids.length)
    throw badRequest('FORM_COUPON_PACKAGES_UNKNOWN', 'package_ids');
  // on conflict do nothing: two admins saving one code at once get one coupon and one clear refusal.
  const id = await q.insert(db, c);
  if (id === undefined) throw conflict('FORM_COUPON_CODE_TAKEN', 'code');
  return (await q.byId(db, id))!;
}

/**
 * Ends the coupon now: nobody can claim it, and a held discount not yet paid with no longer
 * applies at checkout (FORM_COUPON_EXPIRED). Days already given and paid orders stay.
 */
export async function disable(db: Db, id: number): Promise<AdminCoupon> {
  if (!(await q.disable(db, id))) throw notFound('FORM_COUPON_NOT_FOUND');
  return (await q.byId(db, id))!;
}
