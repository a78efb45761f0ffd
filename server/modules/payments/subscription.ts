// The subscriber's view (issue 23 §1): the paid plan kept apart from free time. Free periods
// (trial, coupon days, referral reward, grant) add time to premium; they never stand for the plan,
// hide it or stop it from renewing. What the page must disclose before a charge (EU consumer
// rules) comes from here: the next charge date, the full amount and the card; at checkout, when
// the paid period would start (after any free days) and when it first renews.
import type { Db } from '../../db/db.ts';
import type {
  CheckoutTerms,
  RenewalFailureView,
  RenewalView,
  SubscriptionResponse,
} from '../../../src/shared/payment-payloads.ts';
import { bucharestYear } from '../coupons/trial.ts';
import * as q from './queries.ts';
import * as cq from './cards-queries.ts';
import { RENEW_LEAD_MS } from './renewal-rules.ts';


const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Whether the user, with this paid plan or none, may pay for a package of `months`: without a paid plan (free premium included),
 * or to upgrade the plan to a longer package. The upgrade is paid in full and starts where the
 * premium held ends, so no paid day is lost; the older plan then stops renewing (the job renews
 * only the last paid period).
 */
export function mayBuy(plan: { months: number | null } | null, months: number): boolean {
  return !plan || months > (plan.months ?? 0);
}

async function renewalOf(db: Db, userId: number, planId: number, periodEnd: string): Promise<{
  renewal: RenewalView | null;
  failure: RenewalFailureView | null;
}> {
  const [row, price, card] = await Promise.all([
    db.one<{ status: string; failures: number; next_attempt_at: Date | string; last_code: string | null }>(
      'select status, failures, next_attempt_at, last_code from subscription_renewals where subscription_id = $1',
      [planId],
    ),
    db.one<{ price_bani: number; months: number }>(
      'select p.price_bani, p.months from subscriptions s join premium_packages p on p.id = s.package_id where s.id = $1',
      [planId],
    ),
    cq.defaultCard(db, userId),
  ]);
  const failing = row && row.failures > 0 && row.status !== 'succeeded';
  const failure: RenewalFailureView | null = failing
    ? {
        code: row.last_code ?? 'FORM_CARD_DECLINED',
        failures: row.failures,
        next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
      }
    : null;
  if (!price || (row && row.status !== 'pending')) return { renewal: null, failure };
  const planned = new Date(new Date(periodEnd).getTime() - RENEW_LEAD_MS);
  return {
    renewal: {
      charge_at: row ? iso(row.next_attempt_at) : planned.toISOString(),
      amount_bani: price.price_bani,
      months: price.months,
      card: card ? { brand: card.brand, last4: card.last4 } : null,
    },
    failure,
  };
}

/** Buying each package the user may buy now: the paid period starts where premium held ends (now without any). */
async function checkoutTerms(db: Db, userId: number, longerThan: number): Promise<CheckoutTerms[]> {
  const rows = await db.query<{ package_id: number; starts_at: Date | string; ends_at: Date | string; price_bani: number }>(
    `select p.id as package_id, s.start as starts_at, s.start + make_interval(months => p.months) as ends_at, p.price_bani
       from premium_packages p,
            (select greatest(now(), coalesce(premium_until, now())) as start from users where id = $1) s
      where p.is_active and p.months > $2 order by p.sort, p.id`,
    [userId, longerThan],
  );
  return rows.map((r) => ({
    package_id: r.package_id,
    starts_at: iso(r.starts_at),
    ends_at: iso(r.ends_at),
    renews_at: new Date(new Date(r.ends_at).getTime() - RENEW_LEAD_MS).toISOString(),
    renewal_amount_bani: r.price_bani,
  }));
}

async function trialAvailable(db: Db, userId: number): Promise<boolean> {
  const row = await db.one<{ ok: boolean }>(
    `select not exists (select 1 from trial_activations where user_id = $1 and year = $2)
        and not coalesce((select premium_until > now() from users where id = $1), false) as ok`,
    [userId, bucharestYear()],
  );
  return Boolean(row?.ok);
}

export async function subscriptionView(db: Db, userId: number): Promise<SubscriptionResponse> {
  const [plan, periods, premiumUntil, trial] = await Promise.all([
    q.paidPlan(db, userId),
    q.periodsAhead(db, userId),
    q.premiumUntil(db, userId),
    trialAvailable(db, userId),
  ]);
  const r = plan ? await renewalOf(db, userId, plan.id, plan.period_end) : { renewal: null, failure: null };
  return {
    subscription: plan,
    periods,
    premium_until: premiumUntil,
    renewal: plan && plan.status === 'active' && !plan.cancel_at_period_end ? r.renewal : null,
    renewal_failure: r.failure,
    checkout_terms: await checkoutTerms(db, userId, plan?.months ?? 0),
    trial_available: trial,
  };
}

