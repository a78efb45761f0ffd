// Issue 23 §1, the plan after a cancel or a failed renewal: a cancelled plan can be resumed (renewal
// on again, nothing charged now, the period keeps its end); a failed renewal is shown to the user
// (GET /payments/subscription renewal_failure), can be paid at once with the default card
// ("Plătește acum", POST /payments/subscription/retry), and the job tries the other saved cards on
// its retries before giving up. The job's clock is moved by hand; each test has its own database.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { cardsKit, type U } from './cards-fixture.ts';
import { RETRY_DAYS, runRenewals } from '../../server/modules/payments/renewal.ts';
import { SandboxProvider } from '../../server/modules/payments/sandbox-provider.ts';
import { notify } from '../../server/modules/notifications/notify.ts';
import type { PremiumPackage, SubscriptionResponse } from '../../src/shared/payment-payloads.ts';

let t: TestApp;
let pkg1: PremiumPackage;
const k = cardsKit(() => t);
const DAY = 86_400_000;
// Each test starts its own app and pays several times: minutes on a busy 2-core machine, not a speed goal.
const opened: TestApp[] = [];

async function fresh() {
  t = await createTestApp();
  opened.push(t);
  pkg1 = (await k.api('GET', '/packages')).json().packages.find((p: PremiumPackage) => p.months === 1);
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
const view = async (u: U): Promise<SubscriptionResponse> => (await k.api('GET', '/payments/subscription', u)).json();
const paidEnd = async (userId: number) =>
  new Date(
    (await t.db.one<{ e: Date }>(`select max(period_end) as e from subscriptions where user_id = $1 and source = 'order'`, [userId]))!.e,
  ).getTime();
const charges = (userId: number) =>
  t.db.query<{ status: string; card_last4: string | null }>(
    'select status, card_last4 from payment_orders where user_id = $1 and renews_subscription_id is not null order by id',
    [userId],
  );

/** A subscriber of one month whose saved cards are exactly `cards`, the first one the default. */
async function subscriber(cards: string[]): Promise<U> {
  const u = await k.person();
  await k.buy(u, pkg1);
  await t.db.query('delete from payment_cards where user_id = $1', [u.id]);
  for (const c of cards) await k.addCard(u, c);
  const first = (await k.list(u)).cards.at(-1)!; // newest first: the first added is last
  await k.api('POST', `/payments/cards/${first.id}/default`, u);
  return u;
}

describe('resume a cancelled plan', () => {
  it('401 first; 404 with nothing cancelled; resumed: renewal on again and charged at the end', { timeout: 300_000 }, async () => {
    await fresh();
    expect((await k.api('POST', '/payments/subscription/resume')).statusCode).toBe(401);
    expect((await k.api('POST', '/payments/subscription/retry')).statusCode).toBe(401);
    const u = await subscriber(['4242424242424242']);
    expect(k.codeOf(await k.api('POST', '/payments/subscription/resume', u))).toBe('FORM_SUBSCRIPTION_NOT_FOUND');
    const end = await paidEnd(u.id);
    await k.api('POST', '/payments/subscription/cancel', u);
    // The job passes while cancelled: its renewal row is closed.
    expect(await run(new Date(end - 2 * DAY))).toEqual([]);
    const res = await k.api('POST', '/payments/subscription/resume', u);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: 'SUBSCRIPTION_RESUMED', subscription: { status: 'active', cancel_at_period_end: false } });
    expect(new Date(body.renewal.charge_at).getTime()).toBe(end - DAY);
    // Nothing was charged by resuming, and the period kept its end.
    expect(await charges(u.id)).toEqual([]);
    expect(await paidEnd(u.id)).toBe(end);
    expect(await run(new Date(end - 12 * 3600_000))).toEqual(['succeeded']);
  });

  it('resumed after the job saw the cancel: the closed renewal row waits again for its date', { timeout: 300_000 }, async () => {
    await fresh();
    const v = await subscriber(['4242424242424242']);
    const vEnd = await paidEnd(v.id);
    // Queued for its date (as the job does within the lead), then cancelled: the job closes it.
    await t.db.query(
      `insert into subscription_renewals (subscription_id, user_id, next_attempt_at)
       select id, user_id, period_end - interval '1 day' from subscriptions where user_id = $1 and source = 'order'`,
      [v.id],
    );
    await k.api('POST', '/payments/subscription/cancel', v);
    expect(await run(new Date(vEnd - 12 * 3600_000))).toEqual(['ended']);
    expect((await k.api('POST', '/payments/subscription/resume', v)).statusCode).toBe(200);
    expect(await run(new Date(vEnd - 12 * 3600_000))).toEqual(['succeeded']);
  });
});

describe('a failed renewal', () => {
  it('is shown, and "Plătește acum" charges the default card at once', { timeout: 300_000 }, async () => {
    await fresh();
    // 0341 saves, but its off-session charge is declined.
    const u = await subscriber(['4000000000000341', '4242424242424242']);
    const end = await paidEnd(u.id);
    expect(await run(new Date(end - 12 * 3600_000))).toEqual(['failed']);
    const v = await view(u);
    expect(v.renewal_failure).toMatchObject({ code: 'FORM_CARD_DECLINED', failures: 1 });
    expect(new Date(v.renewal_failure!.next_attempt_at!).getTime()).toBe(end - 12 * 3600_000 + RETRY_DAYS[0] * DAY);
    expect(v.subscription).toMatchObject({ status: 'active' });

    // Paying now with the same declining default: refused, with the card's reason.
    const again = await k.api('POST', '/payments/subscription/retry', u);
    expect(again.statusCode).toBe(409);
    expect(k.codeOf(again)).toBe('FORM_CARD_DECLINED');
    // "Alege alt card": the 4242 becomes the default, then paying now succeeds.
    const good = (await k.list(u)).cards.find((c) => c.last4 === '4242')!;
    await k.api('POST', `/payments/cards/${good.id}/default`, u);
    const paid = await k.api('POST', '/payments/subscription/retry', u);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ success: 'SUBSCRIPTION_RENEWED', renewal_failure: null });
    expect((await charges(u.id)).map((c) => [c.status, c.card_last4])).toEqual([
      ['failed', '0341'],
      ['failed', '0341'],
      ['succeeded', '4242'],
    ]);
    expect(await paidEnd(u.id)).toBeGreaterThan(end + 27 * DAY);
    // Nothing is failing any more.
    expect(k.codeOf(await k.api('POST', '/payments/subscription/retry', u))).toBe('FORM_SUBSCRIPTION_NOT_FOUND');
  });

  it('the job tries the other saved card on its retry before giving up', { timeout: 300_000 }, async () => {
    await fresh();
    const u = await subscriber(['4000000000000341', '4242424242424242']);
    const end = await paidEnd(u.id);
    const first = new Date(end - 12 * 3600_000);
    expect(await run(first)).toEqual(['failed']);
    expect(await run(new Date(first.getTime() + RETRY_DAYS[0] * DAY))).toEqual(['succeeded']);
    expect((await charges(u.id)).map((c) => [c.status, c.card_last4])).toEqual([
      ['failed', '0341'],
      ['succeeded', '4242'],
    ]);
  });
});
