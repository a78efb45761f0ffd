// Payments (issue 8 §1–2) on the sandbox provider: packages, checkout and its idempotency, every
// test card's outcome and code, 3-D Secure approve and reject, replayed confirmations, the order
// state machine in the database, premium following the subscription, cancellation, permissions.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, type TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { nextIp } from './fixtures/auth.ts';
import { makeContent } from './learning-fixture.ts';
import { CHECKOUT_RATE, paymentsMode } from '../../server/modules/payments/routes.ts';
import type { CheckoutResponse, PremiumPackage } from '../../src/shared/payment-payloads.ts';

type U = { id: number; auth: { authorization: string } };
let t: TestApp;
let packages: PremiumPackage[];

async function person(): Promise<U> {
  const u = await createUser(t.db, { password: null });
  return { id: u.id, auth: { authorization: `Bearer ${u.token}` } };
}
const api = (method: 'GET' | 'POST', url: string, u?: U, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u?.auth, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
const codeOf = (res: { json: () => { errors?: Record<string, string[]> } }) => Object.values(res.json().errors ?? {})[0]?.[0];
const pkg = (months: number) => packages.find((p) => p.months === months)!;

async function checkout(u: U, months = 1, key = randomUUID()): Promise<CheckoutResponse> {
  const res = await api('POST', '/payments/checkout', u, { package_id: pkg(months).id, idempotency_key: key });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}
const future = { exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' };
const confirm = (c: CheckoutResponse, number: string, extra: object = {}) =>
  api('POST', `/sandbox-pay/intents/${c.payment!.intent_id}/confirm`, undefined, {
    client_secret: c.payment!.client_secret,
    number,
    ...future,
    ...extra,
  });
const threeDs = (c: CheckoutResponse, result: 'approve' | 'reject') =>
  api('POST', `/sandbox-pay/intents/${c.payment!.intent_id}/3ds`, undefined, { client_secret: c.payment!.client_secret, result });
const order = async (u: U, id: number) => (await api('GET', `/payments/orders/${id}`, u)).json().order;
const me = async (u: U) => (await api('GET', '/user', u)).json().user;
const subs = (userId: number) =>
  t.db.query<{ period_start: Date; period_end: Date; status: string; order_id: number | null }>(
    'select period_start, period_end, status, order_id from subscriptions where user_id = $1 order by id',
    [userId],
  );
const charges = async (userId: number) =>
  (
    await t.db.query<{ n: number }>(
      `select count(*)::int as n from sandbox_payment_intents i join payment_orders o on o.provider_payment_id = i.id
        where o.user_id = $1 and i.status = 'succeeded'`,
      [userId],
    )
  )[0]!.n;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  packages = (await api('GET', '/packages')).json().packages;
});
afterAll(() => t.close());

describe('packages', () => {
  it('are public data: 1, 3, 6, 12 months, RON with VAT, per-month price', async () => {
    const res = await api('GET', '/packages');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.provider).toBe('sandbox');
    expect(body.packages.map((p: PremiumPackage) => p.months)).toEqual([1, 3, 6, 12]);
    for (const p of body.packages as PremiumPackage[]) {
      expect(p.currency).toBe('RON');
      expect(p.vat_percent).toBe(21);
      expect(Number.isInteger(p.price_bani)).toBe(true);
      expect(p.per_month_bani).toBe(Math.round(p.price_bani / p.months));
    }
  });
});

describe('authentication and input', () => {
  it('answers 401 before reading any input', async () => {
    for (const [method, url, body] of [
      ['POST', '/payments/checkout', { package_id: 'x' }],
      ['GET', '/payments/orders/abc'],
      ['GET', '/payments/subscription'],
      ['POST', '/payments/subscription/cancel'],
    ] as const) {
      const res = await api(method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses bad checkout input with field codes', async () => {
    const u = await person();
    const bad = await api('POST', '/payments/checkout', u, { package_id: 'unu', idempotency_key: 'nu-e-uuid' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ package_id: ['FORM_PACKAGE_NOT_FOUND'], idempotency_key: ['FORM_UUID_INVALID'] });
    const missing = await api('POST', '/payments/checkout', u, { package_id: 999_999, idempotency_key: randomUUID() });
    expect(missing.statusCode).toBe(404);
    expect(codeOf(missing)).toBe('FORM_PACKAGE_NOT_FOUND');
  });

  it('refuses a bad card with field codes, and a wrong client secret as not found', async () => {
    const c = await checkout(await person());
    const bad = await api('POST', `/sandbox-pay/intents/${c.payment!.intent_id}/confirm`, undefined, {
      client_secret: c.payment!.client_secret,
      number: '4242 abc',
      exp_month: 13,
      exp_year: 1999,
      cvc: '12',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      number: ['FORM_CARD_WRONG_NUMBER'],
      exp_month: ['FIELD_INVALID'],
      exp_year: ['FIELD_INVALID'],
      cvc: ['FORM_CARD_WRONG_CVV'],
    });
    const wrongSecret = c.payment!.client_secret.replace(/.$/, (ch) => (ch === '0' ? '1' : '0'));
    const res = await api('POST', `/sandbox-pay/intents/${c.payment!.intent_id}/confirm`, undefined, {
      client_secret: wrongSecret,
      number: '4242424242424242',
      ...future,
    });
    expect(res.statusCode).toBe(404);
    expect(codeOf(res)).toBe('FORM_PAYMENT_NOT_FOUND');
    expect((await t.db.one<{ status: string }>('select status from sandbox_payment_intents where id = $1', [c.payment!.intent_id]))!.status).toBe(
      'requires_payment_method',
    );
  });
});

describe('a successful payment', () => {
  it('4242…: order succeeded, one paid period, premium follows the subscription', async () => {
    const u = await person();
    expect((await me(u)).remaining_premium_days).toBe(-1);
    const c = await checkout(u, 3);
    expect(c.order).toMatchObject({ status: 'requires_action', months: 3, amount_bani: pkg(3).price_bani, currency: 'RON' });
    const res = await confirm(c, '4242 4242 4242 4242');
    expect(res.statusCode).toBe(200);
    expect(res.json().intent).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '4242' }, next_action: null });
    const o = await order(u, c.order.id);
    expect(o).toMatchObject({ status: 'succeeded', failure_code: null, card: { brand: 'visa', last4: '4242', exp_month: 12 } });
    expect(o.paid_at).toBeTruthy();
    const [s] = await subs(u.id);
    expect(s).toMatchObject({ status: 'active', order_id: c.order.id });
    const months = (s!.period_end.getTime() - s!.period_start.getTime()) / DAY;
    expect(months).toBeGreaterThanOrEqual(89);
    expect(months).toBeLessThanOrEqual(92);
    const user = await me(u);
    expect(user.is_premium).toBe(true);
    expect(user.remaining_premium_days).toBeGreaterThanOrEqual(88);
    const sub = (await api('GET', '/payments/subscription', u)).json();
    expect(sub.subscription).toMatchObject({ status: 'active', months: 3, source: 'order', cancel_at_period_end: false });
    expect(sub.premium_until).toBe(new Date(s!.period_end).toISOString());
    // Only brand, last four and expiry of the card are anywhere in the database.
    const intentRow = await t.db.one('select * from sandbox_payment_intents where id = $1', [c.payment!.intent_id]);
    expect(JSON.stringify(intentRow)).not.toContain('4242424242424242');
    expect(JSON.stringify(intentRow)).not.toContain('"123"');
  });

  it('a replayed confirmation changes nothing: no second charge, no second period', async () => {
    const u = await person();
    const c = await checkout(u);
    await confirm(c, '4242424242424242');
    const before = await subs(u.id);
    const again = await confirm(c, '4242424242424242');
    expect(again.statusCode).toBe(200);
    expect(again.json().intent.status).toBe('succeeded');
    const declinedReplay = await confirm(c, '4000000000000002');
    expect(declinedReplay.json().intent.status).toBe('succeeded');
    expect(await subs(u.id)).toEqual(before);
    expect(await charges(u.id)).toBe(1);
    expect((await order(u, c.order.id)).status).toBe('succeeded');
  });

  it('a premium user cannot pay again', async () => {
    const u = await person();
    await confirm(await checkout(u), '4242424242424242');
    const res = await api('POST', '/payments/checkout', u, { package_id: pkg(1).id, idempotency_key: randomUUID() });
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('FORM_USER_ALREADY_PREMIUM');
  });
});

describe('idempotency', () => {
  it('the same key twice (double click, retry, concurrent): one order, one intent, one charge', async () => {
    const u = await person();
    const key = randomUUID();
    const [a, b] = await Promise.all([checkout(u, 1, key), checkout(u, 1, key)]);
    // Five more at once (a frantic user): all the same attempt.
    const more = await Promise.all(Array.from({ length: 5 }, () => checkout(u, 1, key)));
    for (const m of more) expect(m.payment!.intent_id).toBe(a.payment!.intent_id);
    expect(a.order.id).toBe(b.order.id);
    expect(a.payment!.intent_id).toBe(b.payment!.intent_id);
    expect(a.payment!.client_secret).toBe(b.payment!.client_secret);
    const c = await checkout(u, 1, key);
    expect(c.order.id).toBe(a.order.id);
    await Promise.all([confirm(a, '4242424242424242'), confirm(b, '4242424242424242')]);
    const n = await t.db.one<{ n: number }>('select count(*)::int as n from payment_orders where user_id = $1', [u.id]);
    expect(n!.n).toBe(1);
    expect(await charges(u.id)).toBe(1);
    expect(await subs(u.id)).toHaveLength(1);
    // After success the same key still answers the same (paid) order, not "already premium".
    const after = await checkout(u, 1, key);
    expect(after.order).toMatchObject({ id: a.order.id, status: 'succeeded' });
    expect(after.payment).toBeNull();
  });

  it('the same key with another package is refused', async () => {
    const u = await person();
    const key = randomUUID();
    await checkout(u, 1, key);
    const res = await api('POST', '/payments/checkout', u, { package_id: pkg(12).id, idempotency_key: key });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ idempotency_key: ['FORM_CONFLICT'] });
  });

  it('a new attempt closes the open one (another tab): its intent can no longer be paid', async () => {
    const u = await person();
    const first = await checkout(u, 1);
    const second = await checkout(u, 6);
    expect((await order(u, first.order.id)).status).toBe('canceled');
    const late = await confirm(first, '4242424242424242');
    expect(late.json().intent.status).toBe('canceled');
    expect(await charges(u.id)).toBe(0);
    await confirm(second, '4242424242424242');
    expect((await order(u, second.order.id)).status).toBe('succeeded');
    expect(await subs(u.id)).toHaveLength(1);
  });

  it('a paid attempt left open in another tab is settled, not cancelled, and the new one refused', async () => {
    const u = await person();
    const first = await checkout(u, 1);
    // The money moves at the provider but the notification is lost.
    await t.db.query(`update sandbox_payment_intents set status = 'succeeded' where id = $1`, [first.payment!.intent_id]);
    const res = await api('POST', '/payments/checkout', u, { package_id: pkg(3).id, idempotency_key: randomUUID() });
    expect(res.statusCode).toBe(409);
    expect(codeOf(res)).toBe('FORM_USER_ALREADY_PREMIUM');
    expect((await order(u, first.order.id)).status).toBe('succeeded');
    expect((await me(u)).is_premium).toBe(true);
  });

  it('a lost notification (closed tab) is caught up when the order is read', async () => {
    const u = await person();
    const c = await checkout(u);
    await t.db.query(`update sandbox_payment_intents set status = 'succeeded' where id = $1`, [c.payment!.intent_id]);
    expect((await order(u, c.order.id)).status).toBe('succeeded');
    expect(await subs(u.id)).toHaveLength(1);
    expect((await order(u, c.order.id)).status).toBe('succeeded');
    expect(await subs(u.id)).toHaveLength(1);
  });

  it(`checkout is rate-limited per user (${CHECKOUT_RATE.max} per minute)`, async () => {
    const u = await person();
    const other = await person();
    let last = 0;
    for (let i = 0; i <= CHECKOUT_RATE.max; i++)
      last = (await api('POST', '/payments/checkout', u, { package_id: pkg(1).id, idempotency_key: randomUUID() })).statusCode;
    expect(last).toBe(429);
    expect((await api('POST', '/payments/checkout', other, { package_id: pkg(1).id, idempotency_key: randomUUID() })).statusCode).toBe(201);
  });
});

describe('3-D Secure', () => {
  it('4000 0027 6000 3184 asks for it; approve pays and gives premium, once', async () => {
    const u = await person();
    const c = await checkout(u, 12);
    const res = await confirm(c, '4000002760003184');
    expect(res.json().intent).toMatchObject({
      status: 'requires_action',
      next_action: { redirect_to: `/plata/3ds/${c.payment!.intent_id}` },
    });
    expect((await order(u, c.order.id)).status).toBe('requires_action');
    expect((await me(u)).is_premium).toBe(false);
    const page = await api('GET', `/sandbox-pay/intents/${c.payment!.intent_id}?client_secret=${c.payment!.client_secret}`);
    expect(page.json().intent).toMatchObject({ amount: pkg(12).price_bani, currency: 'RON', card: { last4: '3184' } });
    const ok = await threeDs(c, 'approve');
    expect(ok.json().intent.status).toBe('succeeded');
    expect((await order(u, c.order.id)).status).toBe('succeeded');
    expect((await me(u)).remaining_premium_days).toBeGreaterThan(360);
    const replay = await threeDs(c, 'approve');
    expect(replay.json().intent.status).toBe('succeeded');
    const lateReject = await threeDs(c, 'reject');
    expect(lateReject.json().intent.status).toBe('succeeded');
    expect(await subs(u.id)).toHaveLength(1);
    expect(await charges(u.id)).toBe(1);
  });

  it('reject fails the order with FORM_CARD_3DS_FAILED; a new attempt may pay', async () => {
    const u = await person();
    const c = await checkout(u);
    await confirm(c, '4000002760003184');
    const res = await threeDs(c, 'reject');
    expect(res.json().intent).toMatchObject({ status: 'canceled', decline_code: 'authentication_failed' });
    expect(await order(u, c.order.id)).toMatchObject({ status: 'failed', failure_code: 'FORM_CARD_3DS_FAILED' });
    expect((await threeDs(c, 'approve')).json().intent.status).toBe('canceled');
    expect((await me(u)).is_premium).toBe(false);
    const retry = await checkout(u);
    await confirm(retry, '4242424242424242');
    expect((await me(u)).is_premium).toBe(true);
  });
});

describe('declined cards', () => {
  const cases: Array<[string, string, object?]> = [
    ['4000000000000002', 'FORM_CARD_DECLINED'],
    ['4000000000009995', 'FORM_CARD_INSUFFICIENT_FUNDS'],
    ['4000000000009979', 'FORM_CARD_DECLINED'] /* stolen: the generic text (issue 23 §1) */,
    ['4000000000009987', 'FORM_CARD_DECLINED'] /* lost: the generic text */,
    ['4000000000000069', 'FORM_CARD_EXPIRED'],
    ['4000000000000127', 'FORM_CARD_WRONG_CVV'],
    ['4242424242424241', 'FORM_CARD_WRONG_NUMBER'],
    ['4000000000000119', 'FORM_CARD_PROCESSING_ERROR'],
    ['4242424242424242', 'FORM_CARD_EXPIRED', { exp_month: 1, exp_year: 2020 }],
    ['4111111111111111', 'FORM_CARD_DECLINED'],
  ];
  for (const [number, code, extra] of cases)
    it(`${number}${extra ? ' (expiry in the past)' : ''} → ${code}`, async () => {
      const u = await person();
      const c = await checkout(u);
      const res = await confirm(c, number, extra);
      expect(res.statusCode).toBe(200);
      expect(res.json().intent.status).toBe('canceled');
      const o = await order(u, c.order.id);
      expect(o).toMatchObject({ status: 'failed', failure_code: code });
      expect(o.card.last4).toBe(number.slice(-4));
      expect((await me(u)).is_premium).toBe(false);
      expect(await subs(u.id)).toEqual([]);
    });
});

describe('cancel', () => {
  it('keeps premium to the period end and stops renewal; nothing to cancel → not found', async () => {
    const u = await person();
    expect(codeOf(await api('POST', '/payments/subscription/cancel', u))).toBe('FORM_SUBSCRIPTION_NOT_FOUND');
    await confirm(await checkout(u, 1), '4242424242424242');
    const before = (await me(u)).remaining_premium_days;
    const res = await api('POST', '/payments/subscription/cancel', u);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe('SUBSCRIPTION_CANCELLED');
    expect(body.subscription).toMatchObject({ status: 'cancelled', cancel_at_period_end: true });
    expect(new Date(body.premium_until).getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
    const user = await me(u);
    expect(user.is_premium).toBe(true);
    expect(user.remaining_premium_days).toBe(before);
    const again = await api('POST', '/payments/subscription/cancel', u);
    expect(again.statusCode).toBe(404);
    // Still premium, so still cannot pay again until the period ends.
    const pay = await api('POST', '/payments/checkout', u, { package_id: pkg(1).id, idempotency_key: randomUUID() });
    expect(codeOf(pay)).toBe('FORM_USER_ALREADY_PREMIUM');
  });

  it('premium ends with the period: premium_until follows the subscriptions', async () => {
    const u = await person();
    await confirm(await checkout(u), '4242424242424242');
    await t.db.query(
      `update subscriptions set period_start = now() - interval '40 days', period_end = now() - interval '1 day' where user_id = $1`,
      [u.id],
    );
    expect(await me(u)).toMatchObject({ is_premium: false, remaining_premium_days: -1 });
    expect((await api('GET', '/payments/subscription', u)).json().subscription).toBeNull();
    await t.db.query(`update subscriptions set status = 'ended' where user_id = $1`, [u.id]);
    expect((await t.db.one<{ premium_until: Date | null }>('select premium_until from users where id = $1', [u.id]))!.premium_until).toBeNull();
    // Not premium any more: may pay again, and the new period starts now.
    await confirm(await checkout(u), '4242424242424242');
    expect((await me(u)).is_premium).toBe(true);
  });
});

describe('orders belong to their user', () => {
  it("another user's order is not found; a missing one too", async () => {
    const a = await person();
    const b = await person();
    const c = await checkout(a);
    const res = await api('GET', `/payments/orders/${c.order.id}`, b);
    expect(res.statusCode).toBe(404);
    expect(codeOf(res)).toBe('FORM_PAYMENT_NOT_FOUND');
    expect((await api('GET', '/payments/orders/2147483647', a)).statusCode).toBe(404);
    // b cannot use a's idempotency key to reach a's order either: it is a new order of b's.
    const key = randomUUID();
    const ofA = await checkout(a, 1, key);
    const ofB = await checkout(b, 1, key);
    expect(ofB.order.id).not.toBe(ofA.order.id);
  });
});

describe('the order state machine lives in the database', () => {
  it('refuses a transition out of a terminal state and a skipped arrow', async () => {
    const u = await person();
    const c = await checkout(u);
    await confirm(c, '4000000000000002');
    await expect(
      t.db.query(`update payment_orders set status = 'succeeded', paid_at = now() where id = $1`, [c.order.id]),
    ).rejects.toThrow(/not allowed/);
    const d = await checkout(u);
    await expect(t.db.query(`update payment_orders set status = 'created' where id = $1`, [d.order.id])).rejects.toThrow(/not allowed/);
    // A paid order has a paid_at, an order that failed has a code (check constraints).
    await expect(t.db.query(`update payment_orders set status = 'succeeded' where id = $1`, [d.order.id])).rejects.toThrow();
    await expect(t.db.query(`update payment_orders set status = 'failed' where id = $1`, [d.order.id])).rejects.toThrow();
  });

  it('one subscription per order: a second period for the same order is refused', async () => {
    const u = await person();
    const c = await checkout(u);
    await confirm(c, '4242424242424242');
    await expect(
      t.db.query(
        `insert into subscriptions (user_id, package_id, order_id, source, period_start, period_end)
         values ($1, $2, $3, 'order', now(), now() + interval '1 month')`,
        [u.id, pkg(1).id, c.order.id],
      ),
    ).rejects.toThrow();
  });
});

describe('the premium gate follows the subscription', () => {
  it('a premium grid is refused before paying, served after, refused again once the period ended', async () => {
    const { gridIds } = await makeContent(t.db, [[{ premium: true }]]);
    const gridId = gridIds[0]![0]!;
    const u = await person();
    const locked = await api('GET', `/grids/${gridId}`, u);
    expect(locked.statusCode).toBe(403);
    expect(codeOf(locked)).toBe('FORM_PREMIUM_GRIDS_ONLY');
    await confirm(await checkout(u), '4242424242424242');
    const open = await api('GET', `/grids/${gridId}`, u);
    expect(open.statusCode).toBe(200);
    expect(open.json().grid.id).toBe(gridId);
    await t.db.query(
      `update subscriptions set period_start = now() - interval '40 days', period_end = now() - interval '1 second' where user_id = $1`,
      [u.id],
    );
    expect(codeOf(await api('GET', `/grids/${gridId}`, u))).toBe('FORM_PREMIUM_GRIDS_ONLY');
  });
});

describe('which provider', () => {
  it('stripe with a key; else sandbox, but off for a public production deployment unless named', () => {
    const c = (NODE_ENV: string, publicUrl: string, PAYMENTS_PROVIDER?: 'sandbox' | 'stripe' | 'disabled', STRIPE_SECRET_KEY?: string) =>
      paymentsMode({ NODE_ENV, publicUrl, PAYMENTS_PROVIDER, STRIPE_SECRET_KEY });
    expect(c('production', 'https://grilio.ro', undefined, 'sk_live_x')).toBe('stripe');
    expect(c('development', 'http://localhost:8080', 'sandbox', 'sk_test_x')).toBe('sandbox');
    expect(c('development', 'https://grilio.ro')).toBe('sandbox');
    expect(c('production', 'http://localhost:8080')).toBe('sandbox');
    expect(c('production', 'http://127.0.0.1:8181')).toBe('sandbox');
    expect(c('production', 'https://grilio.ro')).toBe('disabled');
    expect(c('production', 'https://localhost.evil.ro')).toBe('disabled');
    expect(c('production', 'https://grilio.ro', 'sandbox')).toBe('sandbox');
    expect(c('development', 'http://localhost:8080', 'disabled')).toBe('disabled');
  });

  it('disabled: packages still listed, checkout refused with FORM_PAYMENTS_DISABLED, no sandbox routes', async () => {
    const { app } = await buildTestApp(t.db, { PAYMENTS_PROVIDER: 'disabled' });
    try {
      const u = await person();
      const list = await app.inject({ method: 'GET', url: '/api/v1/packages' });
      expect(list.json()).toMatchObject({ provider: null });
      expect(list.json().packages).toHaveLength(4);
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/payments/checkout',
        headers: u.auth,
        payload: { package_id: pkg(1).id, idempotency_key: randomUUID() },
      });
      expect(res.statusCode).toBe(403);
      expect(codeOf(res)).toBe('FORM_PAYMENTS_DISABLED');
      const sandbox = await app.inject({ method: 'POST', url: `/api/v1/sandbox-pay/intents/pi_sbx_${'0'.repeat(24)}/3ds`, payload: {} });
      expect(sandbox.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
