// The coupon CLI (server/cli/coupon-create.ts): arguments checked like the database's rules, the
// coupon made once, its validity dates read as whole days in Romanian time, and usable by the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { createCoupon, parseCouponArgs } from '../../server/cli/coupon-create.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('coupon-create', () => {
  it('refuses bad arguments with a Romanian reason', () => {
    expect(() => parseCouponArgs([])).toThrow(/Utilizare/);
    expect(() => parseCouponArgs(['AB', '--percent', '10'])).toThrow(/COD: Codul cuponului are cel puțin 4/);
    expect(() => parseCouponArgs(['VARA26'])).toThrow(/--percent, fie --days/);
    expect(() => parseCouponArgs(['VARA26', '--percent', '10', '--days', '3'])).toThrow(/--percent, fie --days/);
    expect(() => parseCouponArgs(['VARA26', '--percent', '95'])).toThrow(/--percent: Reducerea este între 1% și 90%/);
    expect(() => parseCouponArgs(['VARA26', '--days', '0'])).toThrow(/între 1 și 366/);
    expect(() => parseCouponArgs(['VARA26', '--days', '3', '--until', '31.07.2026'])).toThrow(/AAAA-LL-ZZ/);
    expect(() => parseCouponArgs(['VARA26', '--days', '3', '--from', '2026-08-01', '--until', '2026-07-31'])).toThrow(/după/);
    expect(() => parseCouponArgs(['VARA26', '--days', '3', '--family', 'Vară'])).toThrow(/--family/);
  });

  it('makes the coupon once; the API redeems it; until is the end of that day in Bucharest', async () => {
    const input = parseCouponArgs(['--', 'vara-26', '--days', '4', '--until', '2099-07-31', '--max', '2', '--family', 'vara']);
    expect(input).toMatchObject({ code: 'VARA-26', kind: 'days', premium_days: 4, max_uses: 2, family: 'vara' });
    expect(await createCoupon(t.db, input)).toBe(true);
    expect(await createCoupon(t.db, input)).toBe(false);
    const row = await t.db.one<{ valid_until: Date }>('select valid_until from coupons where code = $1', ['VARA-26']);
    expect(new Date(row!.valid_until).toISOString()).toBe('2099-07-31T21:00:00.000Z'); // 1 August 00:00 EEST
    const u = await createUser(t.db, { password: null });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/coupons/redeem', headers: { authorization: `Bearer ${u.token}` }, payload: { code: 'vara-26' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.remaining_premium_days).toBe(4); // 4 days read 4 (issue 23 §1)
  });

  it('refuses unknown packages', async () => {
    await expect(createCoupon(t.db, parseCouponArgs(['PACHET-X', '--percent', '10', '--packages', '1,999999']))).rejects.toThrow(/nu există/);
  });
});
