// SQL of the coupons admin (/admin/cupoane): every coupon with its uses and state, making one,
// ending one. The dates a coupon is made with are whole days in Romanian time, like the CLI's.
import type { Db } from '../../db/db.ts';
import type { AdminCoupon, CouponKind, CouponState } from '../../../src/shared/coupon-payloads.ts';
import type { NewCoupon } from '../../../src/shared/coupon-rules.ts';

export const ADMIN_COUPONS_PER_PAGE = 50;

type Row = Omit<AdminCoupon, 'valid_from' | 'valid_until' | 'created_at'> & {
  kind: CouponKind;
  state: CouponState;
  valid_from: Date | string | null;
  valid_until: Date | string | null;
  created_at: Date | string;
};

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const toAdminCoupon = (r: Row): AdminCoupon => ({
  ...r,
  valid_from: iso(r.valid_from),
  valid_until: iso(r.valid_until),
  created_at: iso(r.created_at)!,
});

// The state in the order checkCoupon (service.ts) refuses a claim: ended first, then not started.
const COLS = `c.id, c.code, c.kind, c.percent_off, c.premium_days, c.valid_from, c.valid_until, c.max_uses, c.uses,
  (select count(*)::int from user_coupons uc where uc.coupon_id = c.id and uc.status = 'used') as used,
  c.family, c.package_ids, c.owner_user_id is not null as personal, c.created_at,
  case when c.valid_until is not null and c.valid_until <= now() then 'ended'
       when c.valid_from is not null and c.valid_from > now() then 'scheduled'
       when c.max_uses is not null and c.uses >= c.max_uses then 'exhausted'
       else 'active' end as state`;

export async function listPage(db: Db, page: number): Promise<{ coupons: AdminCoupon[]; total: number }> {
  const rows = await db.query<Row>(`select ${COLS} from coupons c order by c.id desc limit $1 offset $2`, [
    ADMIN_COUPONS_PER_PAGE,
    (page - 1) * ADMIN_COUPONS_PER_PAGE,
  ]);
  const count = await db.one<{ n: number }>('select count(*)::int as n from coupons');
  return { coupons: rows.map(toAdminCoupon), total: count!.n };
}

export async function byId(db: Db, id: number): Promise<AdminCoupon | undefined> {
  const row = await db.one<Row>(`select ${COLS} from coupons c where c.id = $1`, [id]);
  return row && toAdminCoupon(row);
}

/** How many of these package ids exist (inactive packages count: a coupon may wait for one). */
export async function countPackages(db: Db, ids: number[]): Promise<number> {
  return (await db.one<{ n: number }>('select count(*)::int as n from premium_packages where id = any($1::int[])', [ids]))!.n;
}

/**
 * Inserts the coupon; undefined when its code exists already. from: that day's 00:00 in
 * Bucharest; until: through that whole day (the next day's 00:00).
 */
export async function insert(db: Db, c: NewCoupon): Promise<number | undefined> {
  const row = await db.one<{ id: number }>(
    `insert into coupons (code, kind, percent_off, premium_days, valid_from, valid_until, max_uses, package_ids, family)
     values ($1, $2, $3, $4, ($5::date)::timestamp at time zone 'Europe/Bucharest',
             ($6::date + 1)::timestamp at time zone 'Europe/Bucharest', $7, $8, $9)
     on conflict (code) do nothing returning id`,
    [c.code, c.kind, c.percent_off, c.premium_days, c.valid_from, c.valid_until, c.max_uses, c.package_ids, c.family],
  );
  return row?.id;
}

/**
 * Ends the coupon now (valid_until = now); one already over keeps its end. A coupon not started
 * yet gets its start moved just before now, so migration 015's "until after from" still holds.
 * false: no such coupon.
 */
export async function disable(db: Db, id: number): Promise<boolean> {
  const hit = await db.one<{ id: number }>(
    `update coupons
        set valid_until = case when valid_until is not null and valid_until <= now() then valid_until else now() end,
            valid_from = case when valid_from is not null and valid_from >= now() then now() - interval '1 millisecond' else valid_from end
      where id = $1 returning id`,
    [id],
  );
  return Boolean(hit);
}
