// The subscription never stops silently (issue 23 §1): free time (coupon days such as ZILE7, a
// referral reward, the trial, the anniversary code) and the paid plan are separate periods. Bonus
// days add time but never hide, cancel or stop the renewal of the paid plan; the renewal falls on
// the paid period's end, for the package's full price; free premium may buy, the paid period then
// starts where the free days end. The job's clock is moved by hand; each test has its own database.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { cardsKit, type U } from './cards-fixture.ts';
import { runRenewals } from '../../server/modules/payments/renewal.ts';
import { SandboxProvider } from '../../server/modules/payments/sandbox-provider.ts';
import { notify } from '../../server/modules/notifications/notify.ts';
import { premiumDaysLeft } from '../../src/shared/premium-days.ts';
import type { CheckoutResponse, PremiumPackage, SubscriptionResponse } from '../../src/shared/payment-payloads.ts';

let t: TestApp;
let pkgs: PremiumPackage[];
const k = cardsKit(() => t);
const DAY = 86_400_000;
// Each test starts its own app and pays several times: minutes on a busy 2-core machine, not a speed goal.
const opened: TestApp[] = [];
const pkg = (months: number) => pkgs.find((p) => p.months === months)!;

async function fresh() {
  t = await createTestApp();
  opened.push(t);
  pkgs = (await k.api('GET', '/packages')).json().packages;
}
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
});

const run = (at: Date) =>
  runRenewals({
    db: t.db,
    provider: new SandboxProvider(t.db),
    now: () => at,
    notify: async (userId, n) => {
      await notify(t.app, userId, n);
    },
  });

const periods = (userId: number) =>
  t.db.query<{ source: string; period_start: Date; period_end: Date; status: string }>(
    'select source, period_start, period_end, status from subscriptions where user_id = $1 order by period_start, id',
    [userId],
  );
const renewalCharges = (userId: number) =>
  t.db.query<{ status: string; amount_bani: number; card_last4: string | null }>(
    'select status, amount_bani, card_last4 from payment_orders where user_id = $1 and renews_subscription_id is not null order by id',
    [userId],
  );
const noteTitles = async (userId: number) =>
  (await t.db.query<{ title: string }>('select title from notifications where user_id = $1 order by id', [userId])).map(
    (n) => n.title,
  );
const view = async (u: U): Promise<SubscriptionResponse> => (await k.api('GET', '/payments/subscription', u)).json();
const premiumUntil = async (userId: number) =>
  new Date((await t.db.one<{ p: Date }>('select premium_until as p from users where id = $1', [userId]))!.p).getTime();
const ms = (d: Date | string) => new Date(d).getTime();

async function daysCoupon(code: string, days: number) {
  await t.db.query(
    `insert into coupons (code, kind, premium_days) values ($1, 'days', $2) on conflict (code) do nothing`,
    [code, days],
  );
}

describe('bonus days never stop the paid plan', () => {
  it('12 months paid, then ZILE7: renewed on the paid period’s end, for the full price; the 7 days kept', { timeout: 300_000 }, async () => {
    await fresh();
    await daysCoupon('ZILE7', 7);
    const u = await k.person();
    await k.buy(u, pkg(12));
    const paidEnd = ms((await periods(u.id))[0]!.period_end);
    const redeemed = await k.api('POST', '/coupons/redeem', u, { code: 'ZILE7' });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect((await periods(u.id)).map((p) => p.source)).toEqual(['order', 'coupon']);

    // The page still shows the paid plan, renewing, with the date, the full amount and the card.
    const before = await view(u);
    expect(before.subscription).toMatchObject({ source: 'order', status: 'active', months: 12 });
    expect(ms(before.premium_until!)).toBe(paidEnd + 7 * DAY);
    expect(before.renewal).toMatchObject({ amount_bani: pkg(12).price_bani, months: 12, card: { last4: '4242' } });
    expect(ms(before.renewal!.charge_at)).toBe(paidEnd - DAY);
    expect(before.periods.map((p) => p.source)).toEqual(['order', 'coupon']);

    // GET /user once, so its per-process row cache holds the row before the job changes it.
    const cached = (await k.api('GET', '/user', u)).json().user.remaining_premium_days;
    expect(cached).toBe(premiumDaysLeft(paidEnd + 7 * DAY));
    // The renewal day: charged (it was nothing before the fix: the coupon period came last).
    expect(await run(new Date(paidEnd - 12 * 3600_000))).toEqual(['succeeded']);
    expect(await renewalCharges(u.id)).toEqual([{ status: 'succeeded', amount_bani: pkg(12).price_bani, card_last4: '4242' }]);
    expect(await noteTitles(u.id)).toContain('Abonamentul Premium a fost reînnoit');
    // The next paid period follows the bonus days: none of the 7 days is lost.
    const p = await periods(u.id);
    expect(p.map((x) => x.source)).toEqual(['order', 'coupon', 'order']);
    expect(ms(p[2]!.period_start)).toBe(paidEnd + 7 * DAY);
    expect(await premiumUntil(u.id)).toBe(ms(p[2]!.period_end));
    // The user row cache is told by the trigger on users: GET /user reads the new end at once.
    const me = (await k.api('GET', '/user', u)).json().user;
    expect(me.remaining_premium_days).toBe(premiumDaysLeft(p[2]!.period_end));
    // The next charge follows the new paid period.
    const after = await view(u);
    expect(ms(after.renewal!.charge_at)).toBe(ms(p[2]!.period_end) - DAY);
  });

  it('a referral reward on top of a running plan does not stop its renewal either', { timeout: 300_000 }, async () => {
    await fresh();
    const referrer = await k.person();
    await k.buy(referrer, pkg(1));
    const paidEnd = ms((await periods(referrer.id))[0]!.period_end);
    const friend = await k.person();
    await t.db.query('insert into referrals (referrer_id, referred_id) values ($1, $2)', [referrer.id, friend.id]);
    await k.buy(friend, pkg(1));
    expect((await periods(referrer.id)).map((p) => p.source)).toEqual(['order', 'referral']);
    expect(await run(new Date(paidEnd - 12 * 3600_000))).toContain('succeeded');
    expect((await periods(referrer.id)).map((p) => p.source)).toEqual(['order', 'referral', 'order']);
  });
});

describe('a referred user who paid sees the subscription', () => {
  it('the paid plan, its renewal and the cancel; the reward is a period of its own', { timeout: 300_000 }, async () => {
    await fresh();
    const referrer = await k.person();
    const u = await k.person();
    await t.db.query('insert into referrals (referrer_id, referred_id) values ($1, $2)', [referrer.id, u.id]);
    await k.buy(u, pkg(1));
    // Both are told of the reward (migration 033), once.
    for (const who of [u, referrer]) expect(await noteTitles(who.id)).toEqual(['Ai primit zile de Premium pentru recomandare']);
    await k.buy(u, pkg(3)); // an upgrade: a later paid order rewards nothing, tells nothing
    expect(await noteTitles(referrer.id)).toEqual(['Ai primit zile de Premium pentru recomandare']);
    const v = await view(u);
    // Before: { source: 'referral' } was "the subscription", with nothing to cancel.
    expect(v.subscription).toMatchObject({ source: 'order', status: 'active', months: 3 });
    expect(v.periods.map((p) => p.source)).toEqual(['referral', 'order', 'order']);
    expect(v.renewal).toMatchObject({ amount_bani: pkg(3).price_bani, months: 3, card: { last4: '4242' } });
    const cancel = await k.api('POST', '/payments/subscription/cancel', u);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ subscription: { source: 'order', status: 'cancelled' }, renewal: null });
    // The reward stays: premium still runs to the end of every period.
    expect(await premiumUntil(u.id)).toBe(Math.max(...(await periods(u.id)).map((p) => ms(p.period_end))));
  });
});

describe('free premium can buy; the paid period starts where the free days end', () => {
  const checkout = (u: U, months: number, extra: object = {}) =>
    k.api('POST', '/payments/checkout', u, { package_id: pkg(months).id, idempotency_key: randomUUID(), ...extra });
  const confirm = (c: CheckoutResponse) =>
    k.api('POST', `/sandbox-pay/intents/${c.payment!.intent_id}/confirm`, undefined, {
      client_secret: c.payment!.client_secret,
      number: '4242424242424242',
      ...k.future,
    });

  it('trial: the checkout terms say when the paid period starts; paying works and it starts after the trial', { timeout: 300_000 }, async () => {
    await fresh();
    const u = await k.person();
    expect((await view(u)).trial_available).toBe(true);
    expect((await k.api('POST', '/user/activate-trial', u)).statusCode).toBe(200);
    const trialEnd = await premiumUntil(u.id);
    const v = await view(u);
    expect(v.subscription).toBeNull();
    expect(v.trial_available).toBe(false);
    const terms = v.checkout_terms.find((x) => x.package_id === pkg(1).id)!;
    expect(ms(terms.starts_at)).toBe(trialEnd);
    expect(terms.renewal_amount_bani).toBe(pkg(1).price_bani);
    expect(ms(terms.renews_at)).toBe(ms(terms.ends_at) - DAY);

    const res = await checkout(u, 1);
    expect(res.statusCode, res.body).toBe(201);
    expect((await confirm(res.json())).json().intent.status).toBe('succeeded');
    const p = await periods(u.id);
    expect(p.map((x) => x.source)).toEqual(['trial', 'order']);
    expect(ms(p[1]!.period_start)).toBe(trialEnd);
    expect(ms(p[1]!.period_end)).toBe(ms(terms.ends_at));
    // Now a paid plan runs: no second one.
    expect(k.codeOf(await checkout(u, 1))).toBe('FORM_USER_ALREADY_PREMIUM');
    // Only an upgrade to a longer package is offered.
    const upgrade = (await view(u)).checkout_terms.map((x) => pkgs.find((p) => p.id === x.package_id)!.months);
    expect(upgrade).toEqual([3, 6, 12]);
  });

  it('coupon days (ZILE7) and the anniversary code: its discount is usable at once', { timeout: 300_000 }, async () => {
    await fresh();
    await daysCoupon('ZILE7', 7);
    const a = await k.person();
    await k.api('POST', '/coupons/redeem', a, { code: 'ZILE7' });
    const r = await checkout(a, 3);
    expect(r.statusCode, r.body).toBe(201);

    const b = await k.person();
    const story = (await k.api('POST', '/coupons/generate', b, { type: 'grilio_story_code_1' })).json();
    expect(story.code).toMatch(/^ANIV-/);
    const s = await checkout(b, 1, { coupon_code: story.code });
    expect(s.statusCode, s.body).toBe(201);
    expect(s.json().order.amount_bani).toBe(Math.floor((pkg(1).price_bani * 80) / 100));
    expect((await confirm(s.json())).json().intent.status).toBe('succeeded');
    const v = await view(b);
    // The renewal is the full price, not the discounted first payment.
    expect(v.renewal?.amount_bani).toBe(pkg(1).price_bani);
    expect(v.periods.map((x) => x.source)).toEqual(['coupon', 'order']);
  });
});
