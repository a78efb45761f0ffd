// Referrals (issue 8 §5): registering through a personal link records who brought whom, once;
// the first paid order of the referred person gives both REFERRAL_REWARD_DAYS of premium, in the
// payment's own transaction, and never again (a replayed confirmation, a second order); nobody
// refers themselves; the page lists only one's own referrals; bad input and no token are refused.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { cardsKit, type U } from './cards-fixture.ts';
import { REFERRAL_REWARD_DAYS, type ReferralsResponse } from '../../src/shared/referral-rules.ts';
import type { PremiumPackage } from '../../src/shared/payment-payloads.ts';

let t: TestApp;
let monthly: PremiumPackage;
const DAY = 86_400_000;
// Users, API calls and buying a package with a sandbox card: the payment tests' own kit.
const { person: someone, api, codeOf, buy } = cardsKit(() => t);

async function person(): Promise<U & { code: string }> {
  const u = await someone();
  const code = (await t.db.one<{ invitation_code: string }>(
    'select invitation_code from users where id = $1',
    [u.id],
  ))!.invitation_code;
  return { ...u, code };
}

async function register(referralCode?: string): Promise<U> {
  const res = await api('POST', '/auth/register', undefined, {
    name: 'Ioana Marin',
    email: `ref-${randomUUID().slice(0, 8)}@exemplu.ro`,
    password: 'Parola-buna-2026',
    terms: true,
    ...(referralCode === undefined ? {} : { referral_code: referralCode }),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const body = res.json();
  return { id: body.user.id, auth: { authorization: `Bearer ${body.token}` } };
}

const pay = (u: U) => buy(u, monthly);

const referralPeriods = (userId: number) =>
  t.db.query<{ period_start: Date; period_end: Date }>(
    `select period_start, period_end from subscriptions where user_id = $1 and source = 'referral'`,
    [userId],
  );
const page = async (u: U): Promise<ReferralsResponse> => {
  const res = await api('GET', '/referrals', u);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  monthly = ((await api('GET', '/packages')).json().packages as PremiumPackage[]).find(
    (p) => p.months === 1,
  )!;
});
afterAll(() => t.close());

describe('GET /referrals', () => {
  it('needs a token (401 before anything is read)', async () => {
    expect((await api('GET', '/referrals')).statusCode).toBe(401);
  });

  it("shows one's own code, link and reward, nobody joined yet", async () => {
    const a = await person();
    const body = await page(a);
    expect(body.code).toBe(a.code);
    expect(body.path).toBe(`/inregistrare?ref=${a.code}`);
    expect(body.reward_days).toBe(REFERRAL_REWARD_DAYS);
    expect(body.earned_days).toBe(0);
    expect(body.referred).toEqual([]);
  });
});

describe('registering through a link', () => {
  it('records the referrer; a malformed code is refused with its code and nothing is created', async () => {
    const badEmail = `ref-bad-${randomUUID().slice(0, 8)}@exemplu.ro`;
    const bad = await api('POST', '/auth/register', undefined, {
      name: 'Ioana Marin',
      email: badEmail,
      password: 'Parola-buna-2026',
      terms: true,
      referral_code: 'not-a-code\u0000',
    });
    expect(bad.statusCode).toBe(422);
    expect(codeOf(bad)).toBe('FORM_INVITATION_CODE_INVALID');
    expect(await t.db.query('select 1 from users where email = $1', [badEmail])).toHaveLength(0);

    const a = await person();
    const b = await register(a.code.toLowerCase());
    const body = await page(a);
    expect(body.referred).toHaveLength(1);
    expect(body.referred[0]).toMatchObject({ first_name: 'Ioana', rewarded_at: null, reward_days: null });
    // B's own page lists nobody: only one's own referrals are shown.
    expect((await page(b)).referred).toEqual([]);
  });

  it('a code that matches nobody is ignored: the registration goes on and nobody is credited', async () => {
    const b = await register('ABCDEF012345');
    const rows = await t.db.query('select 1 from referrals where referred_id = $1', [b.id]);
    expect(rows).toHaveLength(0);
  });

  it('nobody refers themselves (the database refuses it too)', async () => {
    const a = await person();
    await expect(
      t.db.query('insert into referrals (referrer_id, referred_id) values ($1, $1)', [a.id]),
    ).rejects.toThrow();
  });
});

describe('the reward', () => {
  it("comes with the referred person's first payment, to both, once", async () => {
    const a = await person();
    const b = await register(a.code);
    const before = Date.now();
    await pay(b);
    const [ra, rb] = [await referralPeriods(a.id), await referralPeriods(b.id)];
    expect(ra).toHaveLength(1);
    expect(rb).toHaveLength(1);
    // The referrer had no premium: the period starts now and lasts REFERRAL_REWARD_DAYS.
    const aLen = new Date(ra[0]!.period_end).getTime() - new Date(ra[0]!.period_start).getTime();
    expect(aLen).toBe(REFERRAL_REWARD_DAYS * DAY);
    expect(new Date(ra[0]!.period_start).getTime()).toBeGreaterThanOrEqual(before - 5000);
    // The referred person's premium is the paid month plus the reward (periods never overlap).
    const user = (await api('GET', '/user', b)).json().user;
    expect(user.remaining_premium_days).toBeGreaterThanOrEqual(28 + REFERRAL_REWARD_DAYS);
    const body = await page(a);
    expect(body.earned_days).toBe(REFERRAL_REWARD_DAYS);
    expect(body.referred[0]!.reward_days).toBe(REFERRAL_REWARD_DAYS);
    expect(body.referred[0]!.rewarded_at).not.toBeNull();

    // A second order of the same person (after cancelling) gives nothing more.
    await t.db.query(`update subscriptions set status = 'ended' where user_id = $1`, [b.id]);
    await pay(b);
    expect(await referralPeriods(a.id)).toHaveLength(1);
    expect(await referralPeriods(b.id)).toHaveLength(1);
  });

  it('a payment that fails gives nothing', async () => {
    const a = await person();
    const b = await register(a.code);
    await buy(b, monthly, '4000000000000002');
    const o = await t.db.one<{ status: string }>('select status from payment_orders where user_id = $1', [
      b.id,
    ]);
    expect(o!.status).toBe('failed');
    expect(await referralPeriods(a.id)).toHaveLength(0);
    expect(await referralPeriods(b.id)).toHaveLength(0);
    expect((await page(a)).earned_days).toBe(0);
  });
});
