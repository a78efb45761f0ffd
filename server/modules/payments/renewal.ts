// Renewal (issue 8 §2): a scheduled job, safe with several processes on one database. Each paid
// period with renewal on gets one row in subscription_renewals a day before it ends; a runner
// claims due rows with FOR UPDATE SKIP LOCKED and a lease (two runners never hold the same row;
// a runner that died lets go when the lease ends), charges the default card off-session through
// an order of the usual state machine, and settles it as any payment (settle: the paid period
// follows). The order is unique per (period, attempt) and the provider's key is derived from it,
// so no runner, replay or crash charges a period twice. A failed attempt notifies the user and is
// retried RETRY_DAYS after the first failure; after the last one the subscription ends.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { messageFor } from '../../../src/shared/messages.ro.ts';
import { formatLei } from '../../../src/shared/payment-rules.ts';
import type { PaymentProvider } from './provider.ts';
import { settle } from './service.ts';
import * as q from './queries.ts';
import * as cq from './cards-queries.ts';
import type { NotifyInput } from '../notifications/notify.ts';

import { RENEW_LEAD_MS, RETRY_DAYS } from './renewal-rules.ts';

export { RENEW_LEAD_MS, RETRY_DAYS };
/** How long a claimed row is a runner's own. */
export const LEASE_MS = 5 * 60_000;

export type RenewalDeps = {
  db: Db;
  provider: PaymentProvider;
  notify: (userId: number, n: NotifyInput) => Promise<void>;
  /** The job's clock: which periods are due and when retries fall. Tests move it. */
  now?: () => Date;
  log?: FastifyBaseLogger;
};

type RenewalRow = {
  subscription_id: number;
  user_id: number;
  failures: number;
  first_failed_at: Date | string | null;
};
type Outcome = 'succeeded' | 'failed' | 'ended' | 'later';

const roDate = (d: Date) =>
  d.toLocaleDateString('ro-RO', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Bucharest',
  });

/** Queues every period that renews and ends within the lead (a period already queued stays one row). */
async function enqueue(db: Db, now: Date): Promise<void> {
  await db.query(
    `insert into subscription_renewals (subscription_id, user_id, next_attempt_at)
     select s.id, s.user_id, s.period_end - make_interval(secs => $2::int / 1000)
       from subscriptions s
      where s.source = 'order' and s.status = 'active' and not s.cancel_at_period_end
        and s.period_end <= $1::timestamptz + make_interval(secs => $2::int / 1000)
        -- A period that ended more than the retry window ago is not charged late.
        and s.period_end > $1::timestamptz - make_interval(days => $3)
        -- Only the user's last paid period: an earlier one is followed by another paid one already.
        -- Free periods after it (coupon days, a referral reward) add time; they never stop the
        -- renewal, which falls on the paid period's end (issue 23 §1).
        and not exists (select 1 from subscriptions l where l.user_id = s.user_id and l.id <> s.id
                           and l.source = 'order' and l.status <> 'ended' and l.period_end > s.period_end)
     on conflict (subscription_id) do nothing`,
    [now.toISOString(), RENEW_LEAD_MS, RETRY_DAYS[RETRY_DAYS.length - 1]],
  );
}

async function claim(db: Db, now: Date, limit: number): Promise<RenewalRow[]> {
  return db.query<RenewalRow>(
    `update subscription_renewals r set lease_until = $1::timestamptz + make_interval(secs => $3::int / 1000), updated_at = now()
      where r.subscription_id in (
        select subscription_id from subscription_renewals
         where status = 'pending' and next_attempt_at <= $1 and (lease_until is null or lease_until <= $1)
         order by next_attempt_at limit $2 for update skip locked)
      returning r.subscription_id, r.user_id, r.failures, r.first_failed_at`,
    [now.toISOString(), limit, LEASE_MS],
  );
}

/** Runs due renewals; answers what happened to each (tests read it). */
export async function runRenewals(deps: RenewalDeps, limit = 20): Promise<Outcome[]> {
  const now = (deps.now ?? (() => new Date()))();
  await enqueue(deps.db, now);
  const rows = await claim(deps.db, now, limit);
  const out: Outcome[] = [];
  for (const row of rows) {
    try {
      out.push(await renewOne(deps, row, now));
    } catch (err) {
      // Left to the lease: the next run takes it again, with the same order and provider key.
      deps.log?.error({ err, subscription: row.subscription_id }, 'renewal failed to run');
      out.push('later');
    }
  }
  return out;
}

async function renewOne(deps: RenewalDeps, row: RenewalRow, now: Date, useDefault = false): Promise<Outcome> {
  const { db, provider } = deps;
  const sub = await db.one<{
    status: string;
    cancel_at_period_end: boolean;
    package_id: number | null;
    period_end: Date | string;
    later: boolean;
  }>(
    `select s.status, s.cancel_at_period_end, s.package_id, s.period_end,
            exists (select 1 from subscriptions l where l.user_id = s.user_id and l.id <> s.id and l.source = 'order'
                      and l.status <> 'ended' and l.period_end > s.period_end) as later
       from subscriptions s where s.id = $1`,
    [row.subscription_id],
  );
  // Cancelled meanwhile, or premium bought again by hand: nothing to renew.
  if (!sub || sub.status !== 'active' || sub.cancel_at_period_end || sub.later || !sub.package_id) {
    await db.query(
      `update subscription_renewals set status = 'ended', lease_until = null, updated_at = now() where subscription_id = $1`,
      [row.subscription_id],
    );
    return 'ended';
  }
  const attempt = row.failures + 1;
  let order = await renewalOrder(db, row.subscription_id, attempt);
  if (!order) {
    const card = (useDefault ? await cq.defaultCard(db, row.user_id) : undefined) ?? (await cardForAttempt(db, row.user_id, row.subscription_id));
    const customer =
      card && card.provider === provider.name
        ? await cq.customerOf(db, row.user_id, provider.name)
        : undefined;
    if (!card || !customer) return fail(deps, row, now, 'FORM_NO_DEFAULT_PAYMENT_METHOD');
    await db.query(
      `insert into payment_orders (user_id, package_id, months, amount_bani, idempotency_key, provider, renews_subscription_id, renewal_attempt, card_id)
       select $1, p.id, p.months, p.price_bani, gen_random_uuid(), $3, $4, $5, $6 from premium_packages p where p.id = $2
       on conflict do nothing`,
      [row.user_id, sub.package_id, provider.name, row.subscription_id, attempt, card.id],
    );
    order = await renewalOrder(db, row.subscription_id, attempt);
    // An attempt of the user's own is open (checkout in another tab): the next run tries again.
    if (!order) return release(db, row);
  }
  if (order.status === 'created' || order.status === 'requires_action') {
    const card = order.card_id ? await cq.cardOfUser(db, row.user_id, order.card_id) : undefined;
    const customer = await cq.customerOf(db, row.user_id, provider.name);
    if (!card || !customer) {
      // The card was removed between the order and the charge: no money moved; the attempt fails.
      await q.closeOrder(db, order.id, 'failed', 'FORM_NO_DEFAULT_PAYMENT_METHOD', null);
    } else {
      const intent = await provider.chargeSaved({
        amount: order.amount_bani,
        currency: order.currency,
        customerId: customer,
        paymentMethodId: card.provider_method_id,
        idempotencyKey: `order-${order.id}`,
        orderId: order.id,
      });
      await q.attachIntent(db, order.id, intent.id);
      await settle(db, provider, intent.id, deps.log);
    }
    order = (await renewalOrder(db, row.subscription_id, attempt))!;
  }
  if (order.status === 'succeeded') return succeed(deps, row, order);
  if (order.status === 'failed' || order.status === 'canceled')
    return fail(deps, row, now, order.failure_code ?? 'FORM_CARD_DECLINED');
  // Still processing at the provider: the next run reads it again.
  return release(db, row);
}

/**
 * The card an attempt charges: the default, unless this renewal already failed with it; then a saved
 * card not tried yet (newest first), so every card is tried before the subscription ends (bounded
 * by the retries of RETRY_DAYS); when all were, the default again. A card made default meanwhile
 * is tried first.
 */
async function cardForAttempt(db: Db, userId: number, subscriptionId: number) {
  const row = await db.one<{ id: number }>(
    `select c.id from payment_cards c
      where c.user_id = $1
      order by exists (select 1 from payment_orders o where o.renews_subscription_id = $2 and o.card_id = c.id
                         and o.status = 'failed'),
               c.is_default desc, c.created_at desc, c.id desc
      limit 1`,
    [userId, subscriptionId],
  );
  return row ? cq.cardOfUser(db, userId, row.id) : undefined;
}

/**
 * "Plătește acum" after a failed renewal: the user's failing attempt runs at once (with the card now
 * first in line: the default, which the user may just have changed). null: nothing is failing.
 */
export async function retryNow(deps: RenewalDeps, userId: number): Promise<Outcome | null> {
  const now = (deps.now ?? (() => new Date()))();
  const row = await deps.db.one<RenewalRow>(
    `update subscription_renewals set lease_until = $2::timestamptz + make_interval(secs => $3::int / 1000), next_attempt_at = $2, updated_at = now()
      where user_id = $1 and status = 'pending' and failures > 0 and (lease_until is null or lease_until <= $2)
      returning subscription_id, user_id, failures, first_failed_at`,
    [userId, now.toISOString(), LEASE_MS],
  );
  return row ? renewOne(deps, row, now, true) : null;
}

type RenewalOrder = q.OrderRow & { card_id: number | null };
function renewalOrder(db: Db, subscriptionId: number, attempt: number): Promise<RenewalOrder | undefined> {
  return db.one<RenewalOrder>(
    `select id, user_id, package_id, months, amount_bani, currency, status, idempotency_key, provider, provider_payment_id, failure_code,
            card_brand, card_last4, card_exp_month, card_exp_year, created_at, paid_at, card_id, make_default_card
       from payment_orders where renews_subscription_id = $1 and renewal_attempt = $2`,
    [subscriptionId, attempt],
  );
}

async function release(db: Db, row: RenewalRow): Promise<Outcome> {
  await db.query(
    'update subscription_renewals set lease_until = null, updated_at = now() where subscription_id = $1',
    [row.subscription_id],
  );
  return 'later';
}

async function succeed(deps: RenewalDeps, row: RenewalRow, order: RenewalOrder): Promise<Outcome> {
  const done = await deps.db.one(
    `update subscription_renewals set status = 'succeeded', order_id = $2, last_code = null, lease_until = null, updated_at = now()
      where subscription_id = $1 and status = 'pending' returning subscription_id`,
    [row.subscription_id, order.id],
  );
  if (done) {
    const until = await q.premiumUntil(deps.db, row.user_id);
    await deps.notify(row.user_id, {
      type: 'info',
      title: 'Abonamentul Premium a fost reînnoit',
      message: `Am încasat ${formatLei(order.amount_bani)}${order.card_last4 ? ` cu cardul •••• ${order.card_last4}` : ''}.${
        until ? ` Premium este activ până pe ${roDate(new Date(until))}.` : ''
      }`,
      link: '/cont/premium',
    });
  }
  return 'succeeded';
}

/** One failed attempt: the next on the schedule, or the end of the subscription after the last. */
async function fail(deps: RenewalDeps, row: RenewalRow, now: Date, code: string): Promise<Outcome> {
  const { db } = deps;
  const failures = row.failures + 1;
  const first = row.first_failed_at ? new Date(row.first_failed_at) : now;
  const last = failures > RETRY_DAYS.length;
  const next = last ? now : new Date(first.getTime() + RETRY_DAYS[failures - 1]! * 86_400_000);
  // Conditional on the failures this runner read: a second runner past an expired lease does not count it twice.
  const moved = await db.one(
    `update subscription_renewals set failures = $2, first_failed_at = $3, next_attempt_at = $4, last_code = $5,
            status = $6, lease_until = null, updated_at = now()
      where subscription_id = $1 and failures = $7 and status = 'pending' returning subscription_id`,
    [
      row.subscription_id,
      failures,
      first.toISOString(),
      next.toISOString(),
      code,
      last ? 'ended' : 'pending',
      row.failures,
    ],
  );
  if (!moved) return 'later';
  const reason = messageFor(code);
  if (last) {
    // Ends cleanly: an ended period leaves premium at once, one still running is kept to its end.
    await db.query(
      `update subscriptions set status = case when period_end <= $2::timestamptz then 'ended' else 'cancelled' end,
              cancel_at_period_end = true, cancelled_at = coalesce(cancelled_at, now())
        where id = $1 and status = 'active'`,
      [row.subscription_id, now.toISOString()],
    );
    await deps.notify(row.user_id, {
      type: 'info',
      title: 'Abonamentul Premium s-a încheiat',
      message: `Nu am putut reînnoi abonamentul după ${failures} încercări. Ultimul motiv: ${reason} Îl poți cumpăra din nou oricând din pagina Premium.`,
      link: '/cont/premium',
    });
    return 'ended';
  }
  await deps.notify(row.user_id, {
    type: 'info',
    title: 'Reînnoirea abonamentului Premium nu a reușit',
    message: `${reason} Încercăm din nou pe ${roDate(next)}. Dacă ai mai multe carduri salvate, încercăm și cu altul. Poți plăti acum sau alege alt card din pagina Premium.`,
    link: '/cont/premium',
  });
  return 'failed';
}

/** Starts the job in this process; every process may run it (the queue keeps them apart). */
export function startRenewalJob(deps: RenewalDeps, everyMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runRenewals(deps)
      .catch((err: unknown) => deps.log?.error({ err }, 'renewal job failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
