// The card used at checkout is kept for renewal, and a saved card pays at checkout (issue 8 §2–3)
// on the sandbox provider: saved, and made the renewal card unless the form said otherwise (issue
// 32 §1), only when the payment went through, once however often the confirmation is replayed;
// paying with a saved card charges it once (3-D Secure when the card asks), another user's card is
// not found; and the renewal after such a checkout charges the card it was paid with.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { cardsKit, type U } from './cards-fixture.ts';
import { runRenewals } from '../../server/modules/payments/renewal.ts';
import { SandboxProvider } from '../../server/modules/payments/sandbox-provider.ts';
import type { CheckoutResponse, PremiumPackage } from '../../src/shared/payment-payloads.ts';

let t: TestApp;
let pkg1: PremiumPackage;
const k = cardsKit(() => t);
const { person, api, codeOf, addCard, list } = k;

beforeAll(async () => {
  t = await createTestApp();
  pkg1 = (await api('GET', '/packages')).json().packages.find((p: PremiumPackage) => p.months === 1);
});
afterAll(() => t.close());

const start = async (u: U, extra: object = {}, key = randomUUID()) =>
  api('POST', '/payments/checkout', u, { package_id: pkg1.id, idempotency_key: key, ...extra });
const confirm = (c: CheckoutResponse, number: string) =>
  api('POST', `/sandbox-pay/intents/${c.payment!.intent_id}/confirm`, undefined, {
    client_secret: c.payment!.client_secret,
    number,
    ...k.future,
  });
const threeDs = (c: CheckoutResponse, result: 'approve' | 'reject') =>
  api('POST', `/sandbox-pay/intents/${c.payment!.intent_id}/3ds`, undefined, { client_secret: c.payment!.client_secret, result });
const order = async (u: U, id: number) => (await api('GET', `/payments/orders/${id}`, u)).json().order;
const charges = async (userId: number) =>
  (await t.db.one<{ n: number }>(
    `select count(*)::int as n from sandbox_payment_intents i join payment_orders o on o.provider_payment_id = i.id
      where o.user_id = $1 and i.status = 'succeeded'`,
    [userId],
  ))!.n;
const periods = async (userId: number) =>
  (await t.db.one<{ n: number }>(`select count(*)::int as n from subscriptions where user_id = $1 and source = 'order'`, [userId]))!.n;

describe('a new card at checkout', () => {
  it('is saved for renewal as the default once paid; the only card stays while the subscription renews', async () => {
    const u = await person();
    const c: CheckoutResponse = (await start(u)).json();
    expect((await confirm(c, '4242424242424242')).statusCode).toBe(200);
    expect(await order(u, c.order.id)).toMatchObject({ status: 'succeeded' });
    const { cards, renews } = await list(u);
    expect(renews).toBe(true);
    expect(cards).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', exp_year: k.future.exp_year, is_default: true })]);
    // Kept on the sandbox customer of the user, as Stripe's setup_future_usage does.
    const pm = await t.db.one<{ attached: boolean }>(
      `select m.customer_id = pc.customer_id as attached from payment_cards c
         join sandbox_payment_methods m on m.id = c.provider_method_id
         join payment_customers pc on pc.user_id = c.user_id and pc.provider = 'sandbox' where c.user_id = $1`,
      [u.id],
    );
    expect(pm).toEqual({ attached: true });
    const refused = await api('DELETE', `/payments/cards/${cards[0]!.id}`, u);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('FORM_CARD_MUST_KEEP_ONE');
  });

  it('a failed payment saves nothing: declined, 3-D Secure rejected', async () => {
    const u = await person();
    const declined: CheckoutResponse = (await start(u)).json();
    await confirm(declined, '4000000000000002');
    expect(await order(u, declined.order.id)).toMatchObject({ status: 'failed', failure_code: 'FORM_CARD_DECLINED' });
    const rejected: CheckoutResponse = (await start(u)).json();
    const { intent } = (await confirm(rejected, '4000002760003184')).json();
    expect(intent.status).toBe('requires_action');
    // Waiting for 3-D Secure: nothing saved yet.
    expect((await list(u)).cards).toEqual([]);
    await threeDs(rejected, 'reject');
    expect(await order(u, rejected.order.id)).toMatchObject({ status: 'failed', failure_code: 'FORM_CARD_3DS_FAILED' });
    expect((await list(u)).cards).toEqual([]);
    expect(
      (await t.db.one<{ n: number }>(
        `select count(*)::int as n from sandbox_payment_methods m join payment_customers pc on pc.customer_id = m.customer_id
          where pc.user_id = $1`,
        [u.id],
      ))!.n,
    ).toBe(0);
  });

  it('3-D Secure approved saves it; a replayed confirmation and answer save it once', async () => {
    const u = await person();
    const c: CheckoutResponse = (await start(u)).json();
    await confirm(c, '4000002760003184');
    await confirm(c, '4000002760003184');
    await Promise.all([threeDs(c, 'approve'), threeDs(c, 'approve')]);
    await Promise.all([order(u, c.order.id), order(u, c.order.id)]);
    expect(await order(u, c.order.id)).toMatchObject({ status: 'succeeded' });
    expect((await list(u)).cards.map((x) => [x.last4, x.is_default])).toEqual([['3184', true]]);
    expect(await charges(u.id)).toBe(1);
  });

  it('a user with a default card: the card just paid with becomes the renewal card; unless asked, the default stays', async () => {
    const u = await person();
    const first = await addCard(u, '5555555555554444');
    const c: CheckoutResponse = (await start(u)).json();
    await confirm(c, '4242424242424242');
    await confirm(c, '4242424242424242');
    // The result names the card that renews: the one just paid with.
    expect(await order(u, c.order.id)).toMatchObject({ status: 'succeeded', renewal_card: { brand: 'visa', last4: '4242' } });
    const { cards } = await list(u);
    expect(cards.map((x) => [x.last4, x.is_default])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    expect(cards[1]!.id).toBe(first.id);

    // "Folosește acest card pentru reînnoirea automată" unticked: saved beside, the default kept.
    const v = await person();
    await addCard(v, '5555555555554444');
    const d: CheckoutResponse = (await start(v, { use_for_renewal: false })).json();
    await confirm(d, '4242424242424242');
    expect(await order(v, d.order.id)).toMatchObject({ status: 'succeeded', renewal_card: { last4: '4444' } });
    expect((await list(v)).cards.map((x) => [x.last4, x.is_default])).toEqual([
      ['4242', false],
      ['4444', true],
    ]);
    // Before it is paid, an order names no renewal card.
    const w = await person();
    const open: CheckoutResponse = (await start(w)).json();
    expect(open.order).toMatchObject({ status: 'requires_action', renewal_card: null });
    // Only a boolean is a choice.
    const bad = await start(w, { use_for_renewal: 'da' });
    expect(bad.statusCode).toBe(422);
    expect(codeOf(bad)).toBe('FIELD_INVALID');
  });

  it('a card saved already and typed again at checkout stays one card (its fingerprint), now on the new method', async () => {
    const u = await person();
    const saved = await addCard(u, '4242424242424242');
    const c: CheckoutResponse = (await start(u)).json();
    expect((await confirm(c, '4242 4242 4242 4242')).statusCode).toBe(200);
    expect(await order(u, c.order.id)).toMatchObject({ status: 'succeeded' });
    const { cards } = await list(u);
    expect(cards.map((x) => [x.id, x.last4, x.is_default])).toEqual([[saved.id, '4242', true]]);
    const row = await t.db.one<{ attached: boolean }>(
      `select m.customer_id is not null as attached from payment_cards c join sandbox_payment_methods m on m.id = c.provider_method_id where c.id = $1`,
      [saved.id],
    );
    expect(row).toEqual({ attached: true });
    const attached = await t.db.one<{ n: number }>(
      `select count(*)::int as n from sandbox_payment_methods m join payment_customers pc on pc.customer_id = m.customer_id where pc.user_id = $1`,
      [u.id],
    );
    expect(attached!.n).toBe(1); // the first method was detached
  });
});

describe('paying with a saved card', () => {
  it('charges it at once, once for a repeated key; the order shows the card', async () => {
    const u = await person();
    const card = await addCard(u, '5555555555554444');
    const key = randomUUID();
    const [a, b] = await Promise.all([start(u, { card_id: card.id }, key), start(u, { card_id: card.id }, key)]);
    for (const r of [a, b]) expect(r.statusCode, r.body).toBeLessThan(300);
    expect(a.json()).toMatchObject({ order: { status: 'succeeded', card: { last4: '4444' } }, payment: null });
    expect(b.json().order.id).toBe(a.json().order.id);
    expect((await start(u, { card_id: card.id }, key)).json().order.status).toBe('succeeded');
    expect(await charges(u.id)).toBe(1);
    expect(await periods(u.id)).toBe(1);
    expect((await list(u)).cards).toHaveLength(1);
    // The same key with another card is another attempt's key: refused.
    expect(codeOf(await start(u, {}, key))).toBe('FORM_CONFLICT');
  });

  it('a card whose bank asks goes through the 3-D Secure page; one that declines fails with its code', async () => {
    const u = await person();
    const tds = await addCard(u, '4000002760003184');
    const res = await start(u, { card_id: tds.id });
    expect(res.statusCode).toBe(201);
    const c: CheckoutResponse = res.json();
    expect(c.order.status).toBe('requires_action');
    const view = await api('GET', `/sandbox-pay/intents/${c.payment!.intent_id}?client_secret=${c.payment!.client_secret}`);
    expect(view.json().intent).toMatchObject({ status: 'requires_action', next_action: { redirect_to: `/plata/3ds/${c.payment!.intent_id}` } });
    await threeDs(c, 'approve');
    expect(await order(u, c.order.id)).toMatchObject({ status: 'succeeded', card: { last4: '3184' } });
    expect(await charges(u.id)).toBe(1);

    const v = await person();
    const bad = await addCard(v, '4000000000000341');
    const d = (await start(v, { card_id: bad.id })).json();
    expect(d).toMatchObject({ order: { status: 'failed', failure_code: 'FORM_CARD_DECLINED' }, payment: null });
    expect(await periods(v.id)).toBe(0);
  });

  it('removing a card while its charge waits for 3-D Secure cancels that charge; the same key answers the closed order', async () => {
    const u = await person();
    const tds = await addCard(u, '4000002760003184');
    const key = randomUUID();
    const c: CheckoutResponse = (await start(u, { card_id: tds.id }, key)).json();
    expect(c.order.status).toBe('requires_action');
    expect((await api('DELETE', `/payments/cards/${tds.id}`, u)).statusCode).toBe(200);
    // Removing the card closed the attempt that was paying with it: the intent is cancelled.
    expect(await order(u, c.order.id)).toMatchObject({ status: 'canceled' });
    const again = await start(u, { card_id: tds.id }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ order: { id: c.order.id, status: 'canceled' }, payment: null });
    expect((await threeDs(c, 'approve')).json().intent.status).toBe('canceled');
    // A new attempt with the removed card: not found.
    expect(codeOf(await start(u, { card_id: tds.id }))).toBe('FORM_CARD_NOT_FOUND');
    expect(await charges(u.id)).toBe(0);
  });

  it('a saved card that is not the default becomes the renewal card once paid with, unless asked otherwise', async () => {
    const u = await person();
    const master = await addCard(u, '5555555555554444');
    const visa = await addCard(u, '4242424242424242');
    expect((await list(u)).cards.find((x) => x.is_default)!.id).toBe(master.id);
    const paid = (await start(u, { card_id: visa.id })).json();
    expect(paid.order).toMatchObject({ status: 'succeeded', card: { last4: '4242' }, renewal_card: { last4: '4242' } });
    expect((await list(u)).cards.find((x) => x.is_default)!.id).toBe(visa.id);

    const v = await person();
    const keep = await addCard(v, '5555555555554444');
    const other = await addCard(v, '4242424242424242');
    const kept = (await start(v, { card_id: other.id, use_for_renewal: false })).json();
    expect(kept.order).toMatchObject({ status: 'succeeded', card: { last4: '4242' }, renewal_card: { last4: '4444' } });
    expect((await list(v)).cards.find((x) => x.is_default)!.id).toBe(keep.id);
  });

  it("another user's card, a removed one or a bad id: FORM_CARD_NOT_FOUND, no order, nothing charged", async () => {
    const owner = await person();
    const card = await addCard(owner);
    const other = await person();
    for (const id of [card.id, 2_000_000_000]) {
      const r = await start(other, { card_id: id });
      expect(r.statusCode).toBe(404);
      expect(codeOf(r)).toBe('FORM_CARD_NOT_FOUND');
    }
    for (const id of [0, -1, 1.5, 'x', 99_999_999_999]) {
      const r = await start(other, { card_id: id });
      expect(r.statusCode).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
      expect(codeOf(r)).toBe('FORM_CARD_NOT_FOUND');
    }
    expect((await t.db.one<{ n: number }>('select count(*)::int as n from payment_orders where user_id = $1', [other.id]))!.n).toBe(0);
    expect(await charges(owner.id)).toBe(0);
  });
});

describe('renewal after a checkout', () => {
  it('an upgrade paid with a new card while a 3-D Secure card is the default renews with the new card (issue 32 §1)', async () => {
    const pkg3: PremiumPackage = (await api('GET', '/packages')).json().packages.find((p: PremiumPackage) => p.months === 3);
    const u = await person();
    // The first plan paid with 3184: its bank asks for 3-D Secure, so it cannot renew off-session.
    const first: CheckoutResponse = (await start(u)).json();
    await confirm(first, '4000002760003184');
    await threeDs(first, 'approve');
    expect(await order(u, first.order.id)).toMatchObject({ status: 'succeeded', renewal_card: { last4: '3184' } });
    // The upgrade with "Un card nou" (4242), the renewal box left as it is (ticked).
    const up: CheckoutResponse = (
      await api('POST', '/payments/checkout', u, { package_id: pkg3.id, idempotency_key: randomUUID(), use_for_renewal: true })
    ).json();
    await confirm(up, '4242424242424242');
    expect(await order(u, up.order.id)).toMatchObject({ status: 'succeeded', renewal_card: { brand: 'visa', last4: '4242' } });
    const sub = (await api('GET', '/payments/subscription', u)).json();
    expect(sub.renewal.card).toEqual({ brand: 'visa', last4: '4242' });

    const end = (await t.db.one<{ period_end: Date }>(`select max(period_end) as period_end from subscriptions where user_id = $1`, [u.id]))!.period_end;
    const at = new Date(new Date(end).getTime() - 12 * 3600_000);
    await runRenewals({ db: t.db, provider: new SandboxProvider(t.db), now: () => at, notify: async () => {} });
    const renewal = await t.db.one<{ status: string; failures: number }>(
      'select status, failures from subscription_renewals where user_id = $1',
      [u.id],
    );
    expect(renewal).toEqual({ status: 'succeeded', failures: 0 });
    const charged = await t.db.one<{ card_last4: string }>(
      `select card_last4 from payment_orders where user_id = $1 and renews_subscription_id is not null and status = 'succeeded'`,
      [u.id],
    );
    expect(charged).toEqual({ card_last4: '4242' });
  });

  it('charges the card saved at checkout, without /setari/carduri', async () => {
    const u = await person();
    const c: CheckoutResponse = (await start(u)).json();
    await confirm(c, '4242424242424242');
    expect(await order(u, c.order.id)).toMatchObject({ status: 'succeeded' });
    const end = (await t.db.one<{ period_end: Date }>(`select period_end from subscriptions where user_id = $1`, [u.id]))!.period_end;
    const at = new Date(new Date(end).getTime() - 12 * 3600_000);
    // Only this user's period is due at `at` among those the job sees (others are a month out too, so filter).
    await runRenewals({ db: t.db, provider: new SandboxProvider(t.db), now: () => at, notify: async () => {} });
    const renewal = await t.db.one<{ status: string; failures: number; last_code: string | null }>(
      'select status, failures, last_code from subscription_renewals where user_id = $1',
      [u.id],
    );
    expect(renewal).toEqual({ status: 'succeeded', failures: 0, last_code: null });
    expect(await periods(u.id)).toBe(2);
    expect(await charges(u.id)).toBe(2);
  });
});
