// Coupons, the anniversary offer and the trial (issue 8 §5): every endpoint with auth-first, bad
// input and each coupon code of SPEC §8; 20 concurrent claims granted once (one user, and one
// last use among 20 users); a coupon at checkout (server-computed amount, freed by a declined
// card, used by a paid order); premium following subscription periods of kind coupon and trial.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { nextIp } from './fixtures/auth.ts';
import type { CheckoutResponse, PremiumPackage } from '../../src/shared/payment-payloads.ts';
import { bucharestYear } from '../../server/modules/coupons/trial.ts';

type U = { id: number; auth: { authorization: string } };
let t: TestApp;
let packages: PremiumPackage[];
const TYPE = 'grilio_story_code_1';
const DAY = 86_400_000;

async function person(): Promise<U> {
  const u = await createUser(t.db, { password: null });
  return { id: u.id, auth: { authorization: `Bearer ${u.token}` } };
}
const api = (method: 'GET' | 'POST', url: string, u?: U, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u?.auth, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
const codeOf = (res: { json: () => { errors?: Record<string, string[]> } }) => Object.values(res.json().errors ?? {})[0]?.[0];
const pkg = (months: number) => packages.find((p) => p.months === months)!;

let seq = 0;
/** A coupon as the team would make it (there is no admin screen: SQL or a migration). */
async function coupon(o: Partial<{ kind: string; percent: number; days: number; family: string; from: Date; until: Date; max: number; packages: number[] }> = {}) {
  const code = `TEST-${++seq}-${randomUUID().slice(0, 6).toUpperCase()}`;
  await t.db.query(
    `insert into coupons (code, kind, percent_off, premium_days, family, valid_from, valid_until, max_uses, package_ids)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      code,
      o.kind ?? 'percent',
      (o.kind ?? 'percent') === 'percent' ? (o.percent ?? 25) : null,
      o.kind === 'days' ? (o.days ?? 7) : null,
      o.family ?? null,
      o.from ?? null,
      o.until ?? null,
      o.max ?? null,
      o.packages ?? null,
    ],
  );
  return code;
}
const premiumUntil = async (id: number) =>
  (await t.db.one<{ p: Date | null }>('select premium_until as p from users where id = $1', [id]))!.p;
const sources = async (id: number) =>
  (await t.db.query<{ source: string }>('select source from subscriptions where user_id = $1 order by id', [id])).map((r) => r.source);
const held = async (id: number) =>
  t.db.query<{ status: string; order_id: number | null }>('select status, order_id from user_coupons where user_id = $1 order by id', [id]);

beforeAll(async () => {
  t = await createTestApp();
  packages = (await api('GET', '/packages')).json().packages;
});
afterAll(() => t.close());

describe('authentication first, then input', () => {
  it('every signed-in route answers 401 without a token, before reading a bad body', async () => {
    for (const [m, url] of [
      ['GET', '/coupons'],
      ['POST', '/coupons/redeem'],
      ['POST', '/coupons/quote'],
      ['POST', '/coupons/generate'],
      ['POST', '/user/activate-trial'],
    ] as const) {
      const res = await api(m, url, undefined, { code: '\u0000', type: 5 });
      expect(res.statusCode, url).toBe(401);
      expect(codeOf(res)).toBe('FORM_NOT_AUTHENTICATED');
    }
  });

  it('coupon codes: required, too short, too long, invalid characters; never a 500', async () => {
    const u = await person();
    const cases: [unknown, string][] = [
      [undefined, 'FORM_COUPON_CODE_REQUIRED'],
      ['   ', 'FORM_COUPON_CODE_REQUIRED'],
      ['AB', 'FORM_COUPON_CODE_TOO_SHORT'],
      ['A'.repeat(41), 'FORM_COUPON_CODE_TOO_LONG'],
      ['A'.repeat(5000), 'FORM_COUPON_CODE_TOO_LONG'],
      ['ABC\u0000D', 'FORM_COUPON_INVALID'],
      ['ȘȚĂÂ-1', 'FORM_COUPON_INVALID'],
      ['AB\uD800CD', 'FORM_COUPON_INVALID'],
      [42, 'FORM_COUPON_CODE_REQUIRED'],
    ];
    for (const [code, expected] of cases) {
      const res = await api('POST', '/coupons/redeem', u, code === undefined ? {} : { code });
      expect(res.statusCode, String(code)).toBe(422);
      expect(codeOf(res), String(code)).toBe(expected);
    }
    const q = await api('POST', '/coupons/quote', u, { code: 'ABCD', package_id: 2 ** 40 });
    expect(q.statusCode).toBe(422);
    const bad = await api('POST', '/payments/checkout', u, { package_id: pkg(1).id, idempotency_key: randomUUID(), coupon_code: 'x' });
    expect(codeOf(bad)).toBe('FORM_COUPON_CODE_TOO_SHORT');
  });

  it('the anniversary type must be {product}_story_code_1', async () => {
    const u = await person();
    for (const type of ['other_story_code_1', 'GRILIO_STORY_CODE_1', '', 'x'.repeat(100)]) {
      const g = await api('POST', '/coupons/generate', u, { type });
      expect(g.statusCode).toBe(422);
      expect(codeOf(g)).toBe('FORM_COUPON_TYPE_INVALID');
    }
    const r = await api('GET', '/coupons/remaining-count?type=nope_story_code_1');
    expect(codeOf(r)).toBe('FORM_COUPON_TYPE_INVALID');
  });
});

describe('redeem on /setari/cupoane', () => {
  it('a code typed with spaces inside, a typographic dash or any case is the same code (issue 23 §1)', async () => {
    const code = await coupon({ kind: 'days', days: 2 });
    const typed = `  ${code.toLowerCase().replace('-', ' – ')} `;
    const res = await api('POST', '/coupons/redeem', await person(), { code: typed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().coupon.code).toBe(code);
    const quoted = await api('POST', '/coupons/quote', await person(), { code: ` ${(await coupon()).toLowerCase().split('').join(' ')} `, package_id: pkg(1).id });
    expect(quoted.statusCode, quoted.body).toBe(200);
  });

  it('a days coupon gives its premium as a subscription period of kind coupon, used at once', async () => {
    const u = await person();
    const code = await coupon({ kind: 'days', days: 7 });
    const res = await api('POST', '/coupons/redeem', u, { code: ` ${code.toLowerCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe('COUPON_APPLIED');
    expect(body.coupon).toMatchObject({ code, kind: 'days', premium_days: 7, status: 'used' });
    expect(body.user.is_premium).toBe(true);
    // 7 days read 7 (issue 23 §1: counted inclusively, not one short).
    expect(body.user.remaining_premium_days).toBe(7);
    expect(await sources(u.id)).toEqual(['coupon']);
    const list = (await api('GET', '/coupons', u)).json().coupons;
    expect(list.map((c: { code: string }) => c.code)).toEqual([code]);
    // Again: already used.
    const again = await api('POST', '/coupons/redeem', u, { code });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('FORM_COUPON_ALREADY_USED');
  });

  it('a percent coupon is held for the checkout; claimed twice → already claimed', async () => {
    const u = await person();
    const code = await coupon({ percent: 30 });
    const res = await api('POST', '/coupons/redeem', u, { code });
    expect(res.json().coupon).toMatchObject({ status: 'claimed', percent_off: 30 });
    expect(res.json().user.is_premium).toBe(false);
    expect(codeOf(await api('POST', '/coupons/redeem', u, { code }))).toBe('FORM_COUPON_ALREADY_CLAIMED');
  });

  it('not found, not yet valid, expired, maximum reached, similar coupon owned, another user’s code', async () => {
    const u = await person();
    expect(codeOf(await api('POST', '/coupons/redeem', u, { code: 'NU-EXISTA' }))).toBe('FORM_COUPON_NOT_FOUND');
    const later = await coupon({ from: new Date(Date.now() + DAY) });
    expect(codeOf(await api('POST', '/coupons/redeem', u, { code: later }))).toBe('FORM_COUPON_INVALID');
    const old = await coupon({ from: new Date(Date.now() - 3 * DAY), until: new Date(Date.now() - DAY) });
    expect(codeOf(await api('POST', '/coupons/redeem', u, { code: old }))).toBe('FORM_COUPON_EXPIRED');
    const one = await coupon({ max: 1 });
    expect((await api('POST', '/coupons/redeem', await person(), { code: one })).statusCode).toBe(200);
    expect(codeOf(await api('POST', '/coupons/redeem', u, { code: one }))).toBe('FORM_COUPON_MAXIMUM_REACHED');
    const a = await coupon({ family: 'bac2026' });
    const b = await coupon({ family: 'bac2026' });
    expect((await api('POST', '/coupons/redeem', u, { code: a })).statusCode).toBe(200);
    expect(codeOf(await api('POST', '/coupons/redeem', u, { code: b }))).toBe('FORM_HAVE_SIMILAR_COUPON');
    // An anniversary code belongs to the user it was made for.
    const owner = await person();
    const story = (await api('POST', '/coupons/generate', owner, { type: TYPE })).json().code;
    expect(codeOf(await api('POST', '/coupons/redeem', u, { code: story }))).toBe('FORM_COUPON_NOT_ELIGIBLE');
  });

  it('the same coupon claimed by 20 concurrent requests of one user is granted once', async () => {
    const u = await person();
    const code = await coupon({ kind: 'days', days: 10 });
    const res = await Promise.all(Array.from({ length: 20 }, () => api('POST', '/coupons/redeem', u, { code })));
    const ok = res.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of res.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(['FORM_COUPON_ALREADY_CLAIMED', 'FORM_COUPON_ALREADY_USED']).toContain(codeOf(r));
    }
    expect(await sources(u.id)).toEqual(['coupon']);
    const until = (await premiumUntil(u.id))!.getTime();
    expect(Math.abs(until - (Date.now() + 10 * DAY))).toBeLessThan(60_000);
    expect((await t.db.one<{ uses: number }>('select uses from coupons where code = $1', [code]))!.uses).toBe(1);
  });

  it('20 concurrent claims of two coupons of one family by one user: one granted, the rest similar or claimed', async () => {
    const u = await person();
    const a = await coupon({ family: 'vara' });
    const b = await coupon({ family: 'vara' });
    const res = await Promise.all(Array.from({ length: 20 }, (_, i) => api('POST', '/coupons/redeem', u, { code: i % 2 ? a : b })));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const codes = res.filter((r) => r.statusCode !== 200).map(codeOf);
    expect(codes.every((c) => c === 'FORM_HAVE_SIMILAR_COUPON' || c === 'FORM_COUPON_ALREADY_CLAIMED')).toBe(true);
    expect(codes.filter((c) => c === 'FORM_HAVE_SIMILAR_COUPON').length).toBeGreaterThanOrEqual(9);
    expect(await held(u.id)).toHaveLength(1);
  });

  it('the last use of a coupon claimed by 20 users at once goes to exactly one', async () => {
    const code = await coupon({ max: 1 });
    const users = await Promise.all(Array.from({ length: 20 }, () => person()));
    const res = await Promise.all(users.map((u) => api('POST', '/coupons/redeem', u, { code })));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(res.filter((r) => codeOf(r) === 'FORM_COUPON_MAXIMUM_REACHED')).toHaveLength(19);
    expect((await t.db.one<{ n: number }>('select count(*)::int as n from user_coupons uc join coupons c on c.id = uc.coupon_id where c.code = $1', [code]))!.n).toBe(1);
  });
});

describe('quote and checkout with a coupon', () => {
  const confirm = (c: CheckoutResponse, number: string) =>
    api('POST', `/sandbox-pay/intents/${c.payment!.intent_id}/confirm`, undefined, {
      client_secret: c.payment!.client_secret,
      number,
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      cvc: '123',
    });
  const checkout = (u: U, code: string | undefined, months = 12, key = randomUUID()) =>
    api('POST', '/payments/checkout', u, { package_id: pkg(months).id, idempotency_key: key, ...(code ? { coupon_code: code } : {}) });

  it('quote: the server’s reduced price; not applicable to another package; a days coupon must be claimed', async () => {
    const u = await person();
    const code = await coupon({ percent: 25, packages: [pkg(12).id] });
    const q = await api('POST', '/coupons/quote', u, { code, package_id: pkg(12).id });
    expect(q.statusCode, q.body).toBe(200);
    const price = pkg(12).price_bani;
    expect(q.json()).toEqual({
      code,
      package_id: pkg(12).id,
      percent_off: 25,
      list_price_bani: price,
      amount_bani: Math.floor((price * 75) / 100),
      discount_bani: price - Math.floor((price * 75) / 100),
    });
    expect(codeOf(await api('POST', '/coupons/quote', u, { code, package_id: pkg(1).id }))).toBe('FORM_COUPON_NOT_APPLICABLE');
    expect(codeOf(await api('POST', '/coupons/quote', u, { code, package_id: 999999 }))).toBe('FORM_PACKAGE_NOT_FOUND');
    const days = await coupon({ kind: 'days' });
    expect(codeOf(await api('POST', '/coupons/quote', u, { code: days, package_id: pkg(12).id }))).toBe('FORM_COUPON_MUST_CLAIM_FIRST');
    expect(codeOf(await checkout(u, days))).toBe('FORM_COUPON_MUST_CLAIM_FIRST');
    // Nothing was claimed by quoting or by a refused checkout.
    expect(await held(u.id)).toEqual([]);
  });

  it('a declined card frees the coupon; the paid order charges the reduced amount and uses it', async () => {
    const u = await person();
    const code = await coupon({ percent: 20 });
    const first = await checkout(u, code);
    expect(first.statusCode, first.body).toBeLessThan(300);
    const c1: CheckoutResponse = first.json();
    const expected = Math.floor((pkg(12).price_bani * 80) / 100);
    expect(c1.order.amount_bani).toBe(expected);
    expect(await held(u.id)).toEqual([{ status: 'reserved', order_id: c1.order.id }]);
    // The intent at the provider is for the reduced amount too.
    const intent = await t.db.one<{ amount: number }>('select amount from sandbox_payment_intents where id = $1', [c1.payment!.intent_id]);
    expect(intent!.amount).toBe(expected);
    await confirm(c1, '4000000000000002'); // declined
    expect((await api('GET', `/payments/orders/${c1.order.id}`, u)).json().order.status).toBe('failed');
    expect(await held(u.id)).toEqual([{ status: 'claimed', order_id: null }]);

    const second: CheckoutResponse = (await checkout(u, code)).json();
    expect(second.order.amount_bani).toBe(expected);
    await confirm(second, '4242424242424242');
    expect((await api('GET', `/payments/orders/${second.order.id}`, u)).json().order.status).toBe('succeeded');
    expect(await held(u.id)).toEqual([{ status: 'used', order_id: second.order.id }]);
    const row = await t.db.one<{ list_price_bani: number; amount_bani: number }>('select list_price_bani, amount_bani from payment_orders where id = $1', [second.order.id]);
    expect(row).toEqual({ list_price_bani: pkg(12).price_bani, amount_bani: expected });
    expect((await api('GET', '/coupons', u)).json().coupons[0].status).toBe('used');
  });

  it('a new attempt from another tab cancels the open one and keeps the coupon usable; a twin click makes one order', async () => {
    const u = await person();
    const code = await coupon({ percent: 10 });
    const key = randomUUID();
    const twins = await Promise.all([checkout(u, code, 12, key), checkout(u, code, 12, key)]);
    expect(twins.map((r) => r.statusCode).every((s) => s < 300)).toBe(true);
    expect(new Set(twins.map((r) => r.json().order.id)).size).toBe(1);
    const other: CheckoutResponse = (await checkout(u, code, 3)).json();
    expect(other.order.amount_bani).toBe(Math.floor((pkg(3).price_bani * 90) / 100));
    expect(await held(u.id)).toEqual([{ status: 'reserved', order_id: other.order.id }]);
    const orders = await t.db.query<{ status: string }>('select status from payment_orders where user_id = $1 order by id', [u.id]);
    expect(orders.map((o) => o.status)).toEqual(['canceled', 'requires_action']);
  });
});

describe('the anniversary offer', () => {
  it('remaining count is public; generate: 5 days, 20 % off, a notification, count down, already_claimed', async () => {
    const before = (await api('GET', `/coupons/remaining-count?type=${TYPE}`)).json();
    expect(before).toMatchObject({ already_claimed: false });
    expect(before.remaining_count).toBeGreaterThan(0);
    const u = await person();
    const res = await api('POST', '/coupons/generate', u, { type: TYPE });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.success).toBe('COUPON_CLAIMED');
    expect(body.code).toMatch(/^ANIV-[A-Z2-9]{10}$/);
    expect(body.coupon).toMatchObject({ kind: 'story', premium_days: 5, percent_off: 20, status: 'claimed' });
    expect(body.user).toMatchObject({ is_premium: true, remaining_premium_days: 5 });
    expect(body.notification).toMatchObject({ type: 'info', link: '/setari/cupoane' });
    expect(body.notification.message).toContain(body.code);
    const feed = (await api('GET', '/notifications', u)).json().notifications;
    expect(feed[0].id).toBe(body.notification.id);
    const after = (await api('GET', `/coupons/remaining-count?type=${TYPE}`, u)).json();
    expect(after).toEqual({ remaining_count: before.remaining_count - 1, already_claimed: true });
    expect(await sources(u.id)).toEqual(['coupon']);
    expect(codeOf(await api('POST', '/coupons/generate', u, { type: TYPE }))).toBe('FORM_COUPON_ALREADY_CLAIMED');
  });

  it('20 concurrent generate requests of one user: one code, 19 already claimed', async () => {
    const u = await person();
    const res = await Promise.all(Array.from({ length: 20 }, () => api('POST', '/coupons/generate', u, { type: TYPE })));
    expect(res.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(res.filter((r) => codeOf(r) === 'FORM_COUPON_ALREADY_CLAIMED')).toHaveLength(19);
    expect(await held(u.id)).toHaveLength(1);
    expect(await sources(u.id)).toEqual(['coupon']);
  });

  it('the last codes: maximum reached when none remain', async () => {
    const c = (await t.db.one<{ total: number }>('select total from coupon_campaigns where type = $1', [TYPE]))!;
    await t.db.query('update coupon_campaigns set issued = total where type = $1', [TYPE]);
    try {
      expect((await api('GET', `/coupons/remaining-count?type=${TYPE}`)).json().remaining_count).toBe(0);
      expect(codeOf(await api('POST', '/coupons/generate', await person(), { type: TYPE }))).toBe('FORM_COUPON_MAXIMUM_REACHED');
    } finally {
      await t.db.query('update coupon_campaigns set issued = (select count(*) from coupons where campaign = $1) where type = $1 and $2 > 0', [TYPE, c.total]);
    }
  });

  it('the anniversary discount applies at checkout during its free days (issue 23 §1)', async () => {
    const u = await person();
    const code = (await api('POST', '/coupons/generate', u, { type: TYPE })).json().code;
    // The 5 free days do not stop a purchase: the paid period starts when they end.
    const res = await api('POST', '/payments/checkout', u, { package_id: pkg(1).id, idempotency_key: randomUUID(), coupon_code: code });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(res.json().order.amount_bani).toBe(Math.floor((pkg(1).price_bani * 80) / 100));
  });
});

describe('the trial', () => {
  it('3 days once per calendar year; refused the second time; a trial period in subscriptions', async () => {
    const u = await person();
    const res = await api('POST', '/user/activate-trial', u);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: 'USER_TRIAL_ACTIVATED_SUCCESSFULLY', user: { is_premium: true, remaining_premium_days: 3 } });
    expect(await sources(u.id)).toEqual(['trial']);
    const again = await api('POST', '/user/activate-trial', u);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('FORM_TRIAL_ALREADY_USED');
    // Even after the trial ended, the same year stays refused.
    await t.db.query(`update subscriptions set status = 'ended' where user_id = $1`, [u.id]);
    expect(codeOf(await api('POST', '/user/activate-trial', u))).toBe('FORM_TRIAL_ALREADY_USED');
    // Last year's trial does not count against this one.
    const v = await person();
    const sub = await t.db.one<{ id: number }>(
      `insert into subscriptions (user_id, source, period_start, period_end, status) values ($1, 'trial', now() - interval '400 days', now() - interval '397 days', 'ended') returning id`,
      [v.id],
    );
    await t.db.query('insert into trial_activations (user_id, year, subscription_id) values ($1, $2, $3)', [v.id, bucharestYear() - 1, sub!.id]);
    expect((await api('POST', '/user/activate-trial', v)).statusCode).toBe(200);
  });

  it('a premium user keeps the trial for later; 20 concurrent activations give one trial', async () => {
    const p = await person();
    await api('POST', '/coupons/redeem', p, { code: await coupon({ kind: 'days', days: 2 }) });
    expect(codeOf(await api('POST', '/user/activate-trial', p))).toBe('FORM_USER_ALREADY_PREMIUM');
    const u = await person();
    const res = await Promise.all(Array.from({ length: 20 }, () => api('POST', '/user/activate-trial', u)));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(res.filter((r) => codeOf(r) === 'FORM_TRIAL_ALREADY_USED')).toHaveLength(19);
    expect(await sources(u.id)).toEqual(['trial']);
  });

  it('the Bucharest year turns at midnight Romanian time, not UTC', () => {
    expect(bucharestYear(new Date('2026-12-31T21:30:00Z'))).toBe(2026);
    expect(bucharestYear(new Date('2026-12-31T22:30:00Z'))).toBe(2027);
  });
});
