// The coupons admin (issue 8 §5, /admin/cupoane): 401 without a token and 403 for a non-admin
// before any input is read; each rule of a new coupon (the shared newCouponBody, the CLI's) as a
// field code, never a 500; a taken code; the list with claims and uses after users redeem; and
// disabling, after which the existing redeem and quote refuse the code as expired.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { nextIp } from './fixtures/auth.ts';
import type { PremiumPackage } from '../../src/shared/payment-payloads.ts';
import type { AdminCoupon } from '../../src/shared/coupon-payloads.ts';

type U = { id: number; auth: { authorization: string } };
let t: TestApp;
let admin: U;
let packages: PremiumPackage[];

async function person(isAdmin = false): Promise<U> {
  const u = await createUser(t.db, { password: null, is_admin: isAdmin });
  return { id: u.id, auth: { authorization: `Bearer ${u.token}` } };
}
const api = (method: 'GET' | 'POST', url: string, u?: U, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: u?.auth,
    remoteAddress: nextIp(),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const errorsOf = (res: { json: () => { errors?: Record<string, string[]> } }) => res.json().errors ?? {};
const codeOf = (res: { json: () => { errors?: Record<string, string[]> } }) => Object.values(errorsOf(res))[0]?.[0];

let seq = 0;
const freshCode = () => `ADM-${Date.now().toString(36).toUpperCase()}-${++seq}`;
const create = (body: Record<string, unknown>) => api('POST', '/admin/coupons', admin, { code: freshCode(), kind: 'percent', value: 10, ...body });
const listed = async (page = 1): Promise<AdminCoupon[]> => {
  const res = await api('GET', `/admin/coupons?page=${page}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().coupons;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(true);
  packages = (await api('GET', '/packages')).json().packages;
});
afterAll(() => t.close());

describe('guards', () => {
  it('401 without a token and 403 for a non-admin, before a bad body or id is read', async () => {
    const user = await person();
    const count = async () => (await t.db.one<{ n: number }>('select count(*)::int as n from coupons'))!.n;
    const before = await count();
    const calls = [
      ['GET', '/admin/coupons?page=x'],
      ['POST', '/admin/coupons', { code: '\u0000', value: 'x' }],
      ['POST', '/admin/coupons', { code: 'GUARD-OK', kind: 'days', value: 3 }],
      ['POST', '/admin/coupons/abc/disable'],
    ] as const;
    for (const [m, url, body] of calls) {
      const anon = await api(m, url, undefined, body);
      expect(anon.statusCode, url).toBe(401);
      expect(codeOf(anon)).toBe('FORM_NOT_AUTHENTICATED');
      const other = await api(m, url, user, body);
      expect(other.statusCode, url).toBe(403);
      expect(codeOf(other)).toBe('FORM_ADMIN_REQUIRED');
    }
    expect(await count()).toBe(before);
  });
});

describe('POST /admin/coupons', () => {
  it('makes a percent coupon for chosen packages: code upper-cased, dates as whole Bucharest days', async () => {
    const code = freshCode();
    const res = await api('POST', '/admin/coupons', admin, {
      code: ` ${code.toLowerCase()} `,
      kind: 'percent',
      value: 15,
      valid_from: '2026-01-01',
      valid_until: '2099-07-31',
      max_uses: 5,
      package_ids: [packages[0]!.id, packages[0]!.id],
      family: 'vara_2026',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().success).toBe('COUPON_CREATED');
    const c: AdminCoupon = res.json().coupon;
    expect(c).toMatchObject({ code, kind: 'percent', percent_off: 15, premium_days: null, max_uses: 5, uses: 0, used: 0 });
    expect(c).toMatchObject({ family: 'vara_2026', package_ids: [packages[0]!.id], personal: false, state: 'active' });
    expect(c.valid_from).toBe('2025-12-31T22:00:00.000Z'); // 1 January 00:00 EET
    expect(c.valid_until).toBe('2099-07-31T21:00:00.000Z'); // through 31 July: 1 August 00:00 EEST
  });

  it('makes a days coupon with no limits; one starting later is scheduled', async () => {
    const days = await create({ kind: 'days', value: 7, valid_from: '', valid_until: null, max_uses: '', package_ids: [], family: '' });
    expect(days.statusCode, days.body).toBe(201);
    expect(days.json().coupon).toMatchObject({ kind: 'days', percent_off: null, premium_days: 7, valid_from: null, valid_until: null, max_uses: null, package_ids: null, family: null, state: 'active' });
    const later = await create({ kind: 'days', value: 366, valid_from: '2099-01-01' });
    expect(later.json().coupon).toMatchObject({ premium_days: 366, state: 'scheduled' });
    const edge = await create({ kind: 'percent', value: 90, max_uses: 1_000_000 });
    expect(edge.statusCode, edge.body).toBe(201);
  });

  it('each rule answers its field and code, with 422 and nothing made', async () => {
    const before = (await t.db.one<{ n: number }>('select count(*)::int as n from coupons'))!.n;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: undefined }, 'code', 'FORM_COUPON_CODE_REQUIRED'],
      [{ code: '   ' }, 'code', 'FORM_COUPON_CODE_REQUIRED'],
      [{ code: 'AB' }, 'code', 'FORM_COUPON_CODE_TOO_SHORT'],
      [{ code: 'A'.repeat(41) }, 'code', 'FORM_COUPON_CODE_TOO_LONG'],
      [{ code: 'A'.repeat(100_000) }, 'code', 'FORM_COUPON_CODE_TOO_LONG'],
      [{ code: 'VARĂ-26' }, 'code', 'FORM_COUPON_CODE_CHARS'],
      [{ code: 'AB CD' }, 'code', 'FORM_COUPON_CODE_CHARS'],
      [{ code: 'ABC\u0000D' }, 'code', 'FORM_COUPON_CODE_CHARS'],
      [{ code: 42 }, 'code', 'FORM_COUPON_CODE_REQUIRED'],
      [{ kind: 'story' }, 'kind', 'FORM_COUPON_KIND_INVALID'],
      [{ kind: undefined }, 'kind', 'FORM_COUPON_KIND_INVALID'],
      [{ value: undefined }, 'value', 'FORM_COUPON_VALUE_INVALID'],
      [{ value: '10' }, 'value', 'FORM_COUPON_VALUE_INVALID'],
      [{ value: 1.5 }, 'value', 'FORM_COUPON_VALUE_INVALID'],
      [{ value: 1e308 }, 'value', 'FORM_COUPON_VALUE_INVALID'],
      [{ value: 0 }, 'value', 'FORM_COUPON_PERCENT_RANGE'],
      [{ value: 91 }, 'value', 'FORM_COUPON_PERCENT_RANGE'],
      [{ kind: 'days', value: 0 }, 'value', 'FORM_COUPON_DAYS_RANGE'],
      [{ kind: 'days', value: 367 }, 'value', 'FORM_COUPON_DAYS_RANGE'],
      [{ valid_from: '2026-02-30' }, 'valid_from', 'FORM_COUPON_DATE_INVALID'],
      [{ valid_until: '31.07.2026' }, 'valid_until', 'FORM_COUPON_DATE_INVALID'],
      [{ valid_until: '2200-01-01' }, 'valid_until', 'FORM_COUPON_DATE_INVALID'],
      [{ valid_until: 20260731 }, 'valid_until', 'FORM_COUPON_DATE_INVALID'],
      [{ valid_from: '2026-08-01', valid_until: '2026-07-31' }, 'valid_until', 'FORM_COUPON_UNTIL_BEFORE_FROM'],
      [{ valid_from: '2026-08-01', valid_until: '2026-08-01' }, 'valid_until', 'FORM_COUPON_UNTIL_BEFORE_FROM'],
      [{ max_uses: 0 }, 'max_uses', 'FORM_COUPON_MAX_USES_RANGE'],
      [{ max_uses: 1_000_001 }, 'max_uses', 'FORM_COUPON_MAX_USES_RANGE'],
      [{ max_uses: 'mult' }, 'max_uses', 'FORM_COUPON_MAX_USES_RANGE'],
      [{ family: 'Vară' }, 'family', 'FORM_COUPON_FAMILY_INVALID'],
      [{ family: 'a'.repeat(61) }, 'family', 'FORM_COUPON_FAMILY_INVALID'],
      [{ family: 7 }, 'family', 'FORM_COUPON_FAMILY_INVALID'],
      [{ package_ids: [0] }, 'package_ids.0', 'FORM_COUPON_PACKAGES_UNKNOWN'],
      [{ package_ids: [2 ** 40] }, 'package_ids.0', 'FORM_COUPON_PACKAGES_UNKNOWN'],
      [{ package_ids: Array.from({ length: 21 }, (_, i) => i + 1) }, 'package_ids', 'FIELD_TOO_LONG'],
      [{ package_ids: 'toate' }, 'package_ids', 'FIELD_INVALID'],
    ];
    for (const [patch, field, code] of cases) {
      const res = await create(patch);
      const label = JSON.stringify(patch).slice(0, 80);
      expect(res.statusCode, label).toBe(422);
      expect(errorsOf(res)[field], label).toContain(code);
    }
    // Whole bodies that are not an object.
    for (const body of [[], 'x', null]) expect((await api('POST', '/admin/coupons', admin, body)).statusCode).not.toBe(500);
    // A package id that is well-formed but does not exist: known only to the database.
    const unknown = await create({ package_ids: [packages[0]!.id, 999_999] });
    expect(unknown.statusCode).toBe(422);
    expect(errorsOf(unknown).package_ids).toEqual(['FORM_COUPON_PACKAGES_UNKNOWN']);
    expect((await t.db.one<{ n: number }>('select count(*)::int as n from coupons'))!.n).toBe(before);
  });

  it('a code that exists (in any case) is 409 FORM_COUPON_CODE_TAKEN on the code field', async () => {
    const code = freshCode();
    expect((await create({ code })).statusCode).toBe(201);
    const again = await create({ code: code.toLowerCase(), kind: 'days', value: 3 });
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)).toEqual({ code: ['FORM_COUPON_CODE_TAKEN'] });
    expect((await t.db.one<{ n: number }>('select count(*)::int as n from coupons where code = $1', [code]))!.n).toBe(1);
  });
});

describe('GET /admin/coupons and POST /admin/coupons/:id/disable', () => {
  it('lists newest first with claims and uses after users redeem', async () => {
    const days = (await create({ kind: 'days', value: 4, max_uses: 2 })).json().coupon as AdminCoupon;
    const percent = (await create({ kind: 'percent', value: 20, package_ids: [packages[0]!.id] })).json().coupon as AdminCoupon;
    const [a, b] = [await person(), await person()];
    expect((await api('POST', '/coupons/redeem', a, { code: days.code })).statusCode).toBe(200);
    expect((await api('POST', '/coupons/redeem', b, { code: days.code })).statusCode).toBe(200);
    expect((await api('POST', '/coupons/redeem', a, { code: percent.code.toLowerCase() })).statusCode).toBe(200);

    const all = await listed();
    expect(all[0]!.id).toBe(percent.id);
    expect(all[1]!.id).toBe(days.id);
    expect(all.map((c) => c.id)).toEqual([...all.map((c) => c.id)].sort((x, y) => y - x));
    // Days are used when redeemed; a discount is held (claimed) until a paid order takes it.
    expect(all[1]).toMatchObject({ uses: 2, used: 2, max_uses: 2, state: 'exhausted' });
    expect(all[0]).toMatchObject({ uses: 1, used: 0, state: 'active' });
    const page = await api('GET', '/admin/coupons', admin);
    expect(page.json()).toMatchObject({ page: 1, per_page: 50 });
    expect(page.json().total).toBeGreaterThanOrEqual(all.length);
    expect(await listed(999)).toEqual([]);
    for (const q of ['page=0', 'page=x', 'page=1e3', 'page=99999999999']) {
      const bad = await api('GET', `/admin/coupons?${q}`, admin);
      expect(bad.statusCode, q).toBe(422);
    }
  });

  it('disabling ends a coupon now: redeem and quote say expired; what was given stays', async () => {
    const c = (await create({ kind: 'days', value: 5 })).json().coupon as AdminCoupon;
    const pct = (await create({ kind: 'percent', value: 30 })).json().coupon as AdminCoupon;
    const early = await person();
    expect((await api('POST', '/coupons/redeem', early, { code: c.code })).statusCode).toBe(200);
    expect((await api('POST', '/coupons/redeem', early, { code: pct.code })).statusCode).toBe(200);
    const premiumBefore = (await t.db.one<{ p: Date }>('select premium_until as p from users where id = $1', [early.id]))!.p;

    for (const coupon of [c, pct]) {
      const off = await api('POST', `/admin/coupons/${coupon.id}/disable`, admin);
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ success: 'COUPON_DISABLED', coupon: { id: coupon.id, state: 'ended' } });
      expect(Date.parse(off.json().coupon.valid_until)).toBeLessThanOrEqual(Date.now());
    }
    const late = await person();
    const refused = await api('POST', '/coupons/redeem', late, { code: c.code });
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('FORM_COUPON_EXPIRED');
    // The discount held but not paid with no longer applies at checkout.
    const quote = await api('POST', '/coupons/quote', early, { code: pct.code, package_id: packages[0]!.id });
    expect(codeOf(quote)).toBe('FORM_COUPON_EXPIRED');
    // The days given before stay given.
    const premiumAfter = (await t.db.one<{ p: Date }>('select premium_until as p from users where id = $1', [early.id]))!.p;
    expect(new Date(premiumAfter).getTime()).toBe(new Date(premiumBefore).getTime());
    expect((await listed()).find((x) => x.id === c.id)).toMatchObject({ uses: 1, used: 1, state: 'ended' });
  });

  it('disabling one not started yet, or one already ended, keeps until after from; unknown ids are codes', async () => {
    const later = (await create({ kind: 'days', value: 2, valid_from: '2099-01-01', valid_until: '2099-02-01' })).json().coupon as AdminCoupon;
    const off = await api('POST', `/admin/coupons/${later.id}/disable`, admin);
    expect(off.statusCode, off.body).toBe(200);
    const ended: AdminCoupon = off.json().coupon;
    expect(ended.state).toBe('ended');
    expect(Date.parse(ended.valid_until!)).toBeGreaterThan(Date.parse(ended.valid_from!));
    // Twice: the first end stays.
    const again = await api('POST', `/admin/coupons/${later.id}/disable`, admin);
    expect(again.json().coupon.valid_until).toBe(ended.valid_until);

    const missing = await api('POST', '/admin/coupons/2147483647/disable', admin);
    expect(missing.statusCode).toBe(404);
    expect(codeOf(missing)).toBe('FORM_COUPON_NOT_FOUND');
    for (const id of ['abc', '0', '1e3', '99999999999']) {
      const bad = await api('POST', `/admin/coupons/${id}/disable`, admin);
      expect(bad.statusCode, id).toBe(422);
      expect(codeOf(bad)).toBe('FORM_COUPON_NOT_FOUND');
    }
  });
});
