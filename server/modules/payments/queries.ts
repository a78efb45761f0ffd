// SQL of the payments module: packages, orders (their state machine is enforced by a trigger of
// migration 014), subscriptions (users.premium_until follows them through another trigger).
import type { Db } from '../../db/db.ts';
import type { OrderStatus, PaymentOrder, PremiumPackage, SubscriptionView } from '../../../src/shared/payment-payloads.ts';
import type { CardSummary } from './provider.ts';
import { RENEW_LEAD_MS } from './renewal-rules.ts';

type PackageRow = { id: number; code: string; months: number; price_bani: number; vat_percent: number; is_active: boolean };

export function toPackage(p: PackageRow): PremiumPackage {
  return {
    id: p.id,
    code: p.code,
    months: p.months,
    price_bani: p.price_bani,
    per_month_bani: Math.round(p.price_bani / p.months),
    vat_percent: p.vat_percent,
    currency: 'RON',
  };
}

/** The packages on sale; vat_percent 0 when the seller is not a VAT payer (it charges none: migration 032). */
export async function activePackages(db: Db): Promise<PremiumPackage[]> {
  const rows = await db.query<PackageRow>(
    `select id, code, months, price_bani,
            case when (select seller->>'vat_payer' from invoice_settings where id = 1) = 'false' then 0 else vat_percent end as vat_percent,
            is_active
       from premium_packages where is_active order by sort, id`,
  );
  return rows.map(toPackage);
}

export function packageById(db: Db, id: number): Promise<PackageRow | undefined> {
  return db.one<PackageRow>('select id, code, months, price_bani, vat_percent, is_active from premium_packages where id = $1', [id]);
}

export type OrderRow = {
  id: number;
  user_id: number;
  package_id: number;
  months: number;
  amount_bani: number;
  currency: 'RON';
  status: OrderStatus;
  idempotency_key: string;
  provider: string;
  provider_payment_id: string | null;
  failure_code: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  created_at: Date | string;
  paid_at: Date | string | null;
  /** The saved card the order is paid with (checkout with a saved card, or a renewal). */
  card_id: number | null;
  /** Once paid, the card it was paid with becomes the default (the renewal card): migration 040. */
  make_default_card: boolean;
};

const ORDER_COLS = `id, user_id, package_id, months, amount_bani, currency, status, idempotency_key, provider,
  provider_payment_id, failure_code, card_brand, card_last4, card_exp_month, card_exp_year, created_at, paid_at, card_id, make_default_card`;

const iso = (d: Date | string) => new Date(d).toISOString();

/** renewalCard: the default card, told only for a paid order (see PaymentOrder.renewal_card). */
export function toOrder(o: OrderRow, renewalCard: { brand: string; last4: string } | null = null): PaymentOrder {
  return {
    id: o.id,
    status: o.status,
    package_id: o.package_id,
    months: o.months,
    amount_bani: o.amount_bani,
    currency: o.currency,
    failure_code: o.failure_code,
    card:
      o.card_brand && o.card_last4 && o.card_exp_month && o.card_exp_year
        ? { brand: o.card_brand, last4: o.card_last4, exp_month: o.card_exp_month, exp_year: o.card_exp_year }
        : null,
    created_at: iso(o.created_at),
    paid_at: o.paid_at ? iso(o.paid_at) : null,
    renewal_card: o.status === 'succeeded' && renewalCard ? { brand: renewalCard.brand, last4: renewalCard.last4 } : null,
  };
}

export function orderByKey(db: Db, userId: number, key: string): Promise<OrderRow | undefined> {
  return db.one<OrderRow>(`select ${ORDER_COLS} from payment_orders where user_id = $1 and idempotency_key = $2`, [userId, key]);
}

export function orderOfUser(db: Db, userId: number, id: number): Promise<OrderRow | undefined> {
  return db.one<OrderRow>(`select ${ORDER_COLS} from payment_orders where id = $1 and user_id = $2`, [id, userId]);
}

export function orderByPaymentId(db: Db, paymentId: string): Promise<OrderRow | undefined> {
  return db.one<OrderRow>(`select ${ORDER_COLS} from payment_orders where provider_payment_id = $1`, [paymentId]);
}

export function openOrder(db: Db, userId: number): Promise<OrderRow | undefined> {
  return db.one<OrderRow>(
    `select ${ORDER_COLS} from payment_orders where user_id = $1 and status in ('created', 'requires_action')`,
    [userId],
  );
}

/** Inserts the attempt; undefined when a row with the key (or another open attempt) won the race. */
export function insertOrder(
  db: Db,
  o: {
    userId: number;
    packageId: number;
    months: number;
    amount: number;
    key: string;
    provider: string;
    cardId?: number | null;
    makeDefaultCard?: boolean;
  },
): Promise<OrderRow | undefined> {
  return db.one<OrderRow>(
    `insert into payment_orders (user_id, package_id, months, amount_bani, idempotency_key, provider, card_id, make_default_card)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing returning ${ORDER_COLS}`,
    [o.userId, o.packageId, o.months, o.amount, o.key, o.provider, o.cardId ?? null, o.makeDefaultCard ?? false],
  );
}

/** created → requires_action once the provider's intent exists (a concurrent twin finds it set). */
export async function attachIntent(db: Db, orderId: number, paymentId: string): Promise<void> {
  await db.query(
    `update payment_orders set provider_payment_id = $2, status = 'requires_action'
      where id = $1 and status = 'created' and provider_payment_id is null`,
    [orderId, paymentId],
  );
}

/** requires_action/created → failed or canceled; nothing when the order is already settled. */
export async function closeOrder(db: Db, orderId: number, status: 'failed' | 'canceled', failureCode: string | null, card: CardSummary | null) {
  await db.query(
    `update payment_orders set status = $2, failure_code = $3,
            card_brand = $4, card_last4 = $5, card_exp_month = $6, card_exp_year = $7
      where id = $1 and status in ('created', 'requires_action')`,
    [orderId, status, failureCode, card?.brand ?? null, card?.last4 ?? null, card?.exp_month ?? null, card?.exp_year ?? null],
  );
}

/** → succeeded, once: the row comes back only to the first caller (a replay gets undefined). */
export function markSucceeded(db: Db, orderId: number, card: CardSummary | null): Promise<OrderRow | undefined> {
  return db.one<OrderRow>(
    `update payment_orders set status = 'succeeded', paid_at = now(),
            card_brand = $2, card_last4 = $3, card_exp_month = $4, card_exp_year = $5
      where id = $1 and status in ('created', 'requires_action') returning ${ORDER_COLS}`,
    [orderId, card?.brand ?? null, card?.last4 ?? null, card?.exp_month ?? null, card?.exp_year ?? null],
  );
}

/**
 * The paid period: it starts where the user's premium ends (now when none runs), so paying before
 * the end extends it. The users row is locked first, so two settlements of one user queue up.
 */
export async function addPaidPeriod(db: Db, order: OrderRow): Promise<void> {
  await db.query('select id from users where id = $1 for update', [order.user_id]);
  await db.query(
    `insert into subscriptions (user_id, package_id, order_id, source, period_start, period_end)
     select $1, $2, $3, 'order', s.start, s.start + make_interval(months => $4)
       from (select greatest(now(), coalesce(premium_until, now())) as start from users where id = $1) s`,
    [order.user_id, order.package_id, order.id, order.months],
  );
}

type SubscriptionRow = Omit<SubscriptionView, 'period_start' | 'period_end'> & {
  period_start: Date | string;
  period_end: Date | string;
};
const SUB_COLS = `s.id, s.package_id, p.months, s.source, s.period_start, s.period_end, s.status, s.cancel_at_period_end`;

function toSubscription(s: SubscriptionRow): SubscriptionView {
  return { ...s, period_start: iso(s.period_start), period_end: iso(s.period_end) };
}

/**
 * The paid plan (issue 23 §1): the user's latest paid period not over, renewing or cancelled. Free
 * periods (trial, coupon days, referral reward, grant) are kept apart: they add time to premium but
 * never stand for the subscription, so the plan stays visible, cancellable and renewed on its date.
 */
export async function paidPlan(db: Db, userId: number): Promise<SubscriptionView | null> {
  const row = await db.one<SubscriptionRow>(
    `select ${SUB_COLS} from subscriptions s left join premium_packages p on p.id = s.package_id
      where s.user_id = $1 and s.source = 'order' and s.status <> 'ended'
        -- A period just over whose renewal still retries is the plan too (its banner: "Plătește acum").
        and (s.period_end > now() or exists (select 1 from subscription_renewals r where r.subscription_id = s.id and r.status = 'pending'))
      order by s.period_end desc limit 1`,
    [userId],
  );
  return row ? toSubscription(row) : null;
}

/** Every period running now or still to come, in time order (what premium_until adds up). */
export async function periodsAhead(db: Db, userId: number): Promise<SubscriptionView[]> {
  const rows = await db.query<SubscriptionRow>(
    `select ${SUB_COLS} from subscriptions s left join premium_packages p on p.id = s.package_id
      where s.user_id = $1 and s.status <> 'ended' and s.period_end > now()
      order by s.period_start, s.id limit 50`,
    [userId],
  );
  return rows.map(toSubscription);
}

export async function premiumUntil(db: Db, userId: number): Promise<string | null> {
  const row = await db.one<{ premium_until: Date | string | null }>('select premium_until from users where id = $1', [userId]);
  return row?.premium_until ? iso(row.premium_until) : null;
}

/** Stops renewal of every paid period still to run; each stays premium to its end. */
export async function cancelPaidPeriods(db: Db, userId: number): Promise<number> {
  const rows = await db.query(
    `update subscriptions set status = 'cancelled', cancel_at_period_end = true, cancelled_at = now()
      where user_id = $1 and source = 'order' and status = 'active'
        and (period_end > now() or exists (select 1 from subscription_renewals r where r.subscription_id = subscriptions.id and r.status = 'pending'))
      returning id`,
    [userId],
  );
  return rows.length;
}

/**
 * Resumes a cancelled paid plan whose period still runs: renewal is on again, nothing is charged
 * now, the period keeps its end. A renewal the job had closed because of the cancel waits again
 * for its date (a day before the end); one closed after failed attempts is retried at once.
 */
export async function resumePaidPeriods(db: Db, userId: number): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `update subscriptions set status = 'active', cancel_at_period_end = false, cancelled_at = null
      where user_id = $1 and source = 'order' and status = 'cancelled' and period_end > now() returning id`,
    [userId],
  );
  if (!rows.length) return 0;
  await db.query(
    `update subscription_renewals r set status = 'pending', lease_until = null, updated_at = now(),
            next_attempt_at = case when r.failures > 0 then now() else s.period_end - make_interval(secs => $2::int / 1000) end
       from subscriptions s
      where s.id = r.subscription_id and r.subscription_id = any($1::int[]) and r.status = 'ended'`,
    [rows.map((r) => r.id), RENEW_LEAD_MS],
  );
  return rows.length;
}
