// SQL of the coupons module (migration 015): coupons, the coupons users hold, the anniversary
// campaign's counter, and premium periods given without payment (users.premium_until follows
// subscriptions through the trigger of migration 014; nothing here writes it).
import type { Db } from '../../db/db.ts';
import type { CouponKind, UserCoupon, UserCouponStatus } from '../../../src/shared/coupon-payloads.ts';

export type CouponRow = {
  id: number;
  code: string;
  kind: CouponKind;
  percent_off: number | null;
  premium_days: number | null;
  family: string | null;
  valid_from: Date | string | null;
  valid_until: Date | string | null;
  max_uses: number | null;
  uses: number;
  package_ids: number[] | null;
  owner_user_id: number | null;
  campaign: string | null;
};
const COUPON_COLS = `id, code, kind, percent_off, premium_days, family, valid_from, valid_until, max_uses, uses,
  package_ids, owner_user_id, campaign`;

export type HeldRow = { id: number; coupon_id: number; status: UserCouponStatus; order_id: number | null };

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The coupon row locked for this transaction: concurrent claims of one coupon queue up here. */
export function lockCoupon(t: Db, code: string): Promise<CouponRow | undefined> {
  return t.one<CouponRow>(`select ${COUPON_COLS} from coupons where code = $1 for update`, [code]);
}

export function couponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  return db.one<CouponRow>(`select ${COUPON_COLS} from coupons where code = $1`, [code]);
}

export function held(db: Db, userId: number, couponId: number): Promise<HeldRow | undefined> {
  return db.one<HeldRow>('select id, coupon_id, status, order_id from user_coupons where user_id = $1 and coupon_id = $2', [userId, couponId]);
}

export async function holdsFamily(db: Db, userId: number, family: string): Promise<boolean> {
  return Boolean(await db.one('select 1 from user_coupons where user_id = $1 and family = $2', [userId, family]));
}

/** Claims the coupon for the user and counts the use; the caller checked the rules under the lock. */
export async function insertClaim(t: Db, c: CouponRow, userId: number): Promise<HeldRow> {
  const row = await t.one<HeldRow>(
    `insert into user_coupons (coupon_id, user_id, family) values ($1, $2, $3) returning id, coupon_id, status, order_id`,
    [c.id, userId, c.family],
  );
  await t.query('update coupons set uses = uses + 1 where id = $1', [c.id]);
  return row!;
}

export async function markUsed(t: Db, userCouponId: number): Promise<void> {
  await t.query(`update user_coupons set status = 'used', used_at = now() where id = $1`, [userCouponId]);
}

/** claimed → reserved by the order (the trigger of migration 015 frees or uses it with the order). */
export async function reserve(t: Db, userCouponId: number, orderId: number, listPrice: number): Promise<void> {
  await t.query(`update user_coupons set status = 'reserved', order_id = $2 where id = $1 and status = 'claimed'`, [userCouponId, orderId]);
  await t.query('update payment_orders set user_coupon_id = $2, list_price_bani = $3 where id = $1', [orderId, userCouponId, listPrice]);
}

type ListRow = Omit<UserCoupon, 'valid_until' | 'claimed_at' | 'used_at'> & {
  valid_until: Date | string | null;
  claimed_at: Date | string;
  used_at: Date | string | null;
};
const LIST_SQL = `select uc.id, c.code, c.kind, c.percent_off, c.premium_days, c.package_ids, c.valid_until,
       uc.status, uc.claimed_at, uc.used_at
  from user_coupons uc join coupons c on c.id = uc.coupon_id`;
const toUserCoupon = (r: ListRow): UserCoupon => ({
  ...r,
  valid_until: iso(r.valid_until),
  claimed_at: iso(r.claimed_at)!,
  used_at: iso(r.used_at),
});

export async function userCoupons(db: Db, userId: number): Promise<UserCoupon[]> {
  const rows = await db.query<ListRow>(`${LIST_SQL} where uc.user_id = $1 order by uc.id desc limit 200`, [userId]);
  return rows.map(toUserCoupon);
}

export async function userCoupon(db: Db, id: number): Promise<UserCoupon> {
  return toUserCoupon((await db.one<ListRow>(`${LIST_SQL} where uc.id = $1`, [id]))!);
}

/**
 * Premium given without payment, as a subscription period of its kind: it starts where the user's
 * premium ends (now when none runs). The users row is locked first, like a paid period.
 */
export async function addFreePeriod(t: Db, userId: number, source: 'coupon' | 'trial', days: number, userCouponId: number | null): Promise<number> {
  await t.query('select id from users where id = $1 for update', [userId]);
  const row = await t.one<{ id: number }>(
    `insert into subscriptions (user_id, source, user_coupon_id, period_start, period_end)
     select $1, $2, $3, s.start, s.start + make_interval(days => $4)
       from (select greatest(now(), coalesce(premium_until, now())) as start from users where id = $1) s
     returning id`,
    [userId, source, userCouponId, days],
  );
  return row!.id;
}

// The anniversary campaign.
export type CampaignRow = { type: string; total: number; issued: number; premium_days: number; percent_off: number; valid_days: number };

/** Made once per product type at start; two processes starting together insert it once. */
export async function ensureCampaign(db: Db, c: Omit<CampaignRow, 'issued'>): Promise<void> {
  await db.query(
    `insert into coupon_campaigns (type, total, premium_days, percent_off, valid_days) values ($1, $2, $3, $4, $5)
     on conflict (type) do nothing`,
    [c.type, c.total, c.premium_days, c.percent_off, c.valid_days],
  );
}

export function campaign(db: Db, type: string, lock = false): Promise<CampaignRow | undefined> {
  return db.one<CampaignRow>(`select type, total, issued, premium_days, percent_off, valid_days from coupon_campaigns where type = $1${lock ? ' for update' : ''}`, [type]);
}

export async function claimedFromCampaign(db: Db, userId: number, type: string): Promise<boolean> {
  return Boolean(
    await db.one('select 1 from user_coupons uc join coupons c on c.id = uc.coupon_id where uc.user_id = $1 and c.campaign = $2', [userId, type]),
  );
}

/** One personal code of the campaign: counted, made, and already claimed by its owner. */
export async function issueStoryCoupon(t: Db, c: CampaignRow, userId: number, code: string, family: string): Promise<HeldRow> {
  await t.query('update coupon_campaigns set issued = issued + 1 where type = $1', [c.type]);
  const coupon = (await t.one<CouponRow>(
    `insert into coupons (code, kind, percent_off, premium_days, family, valid_from, valid_until, max_uses, owner_user_id, campaign)
     values ($1, 'story', $2, $3, $4, now(), now() + make_interval(days => $5), 1, $6, $7) returning ${COUPON_COLS}`,
    [code, c.percent_off, c.premium_days, family, c.valid_days, userId, c.type],
  ))!;
  return insertClaim(t, coupon, userId);
}
