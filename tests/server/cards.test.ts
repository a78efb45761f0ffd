// Saved cards (issue 8 §3) on the sandbox provider: adding one (a setup intent, 3-D Secure when
// the card asks, declines with their codes), the list newest first, one default, removal and the
// 'must keep one card' rule while a subscription renews, permissions and bad input.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, type TestApp } from './helpers.ts';
import { CARD_SETUP_RATE } from '../../server/modules/payments/cards-routes.ts';
import { cardsKit } from './cards-fixture.ts';
import type { PremiumPackage } from '../../src/shared/payment-payloads.ts';

let t: TestApp;
let pkg1: PremiumPackage;
const k = cardsKit(() => t);
const { person, api, codeOf, startSetup, confirmSetup, answer3ds, setupState, addCard, list } = k;

beforeAll(async () => {
  t = await createTestApp();
  pkg1 = (await api('GET', '/packages')).json().packages.find((p: PremiumPackage) => p.months === 1);
});
afterAll(() => t.close());

describe('authentication and input', () => {
  it('answers 401 before reading any input', async () => {
    for (const [method, url, body] of [
      ['GET', '/payments/cards'],
      ['POST', '/payments/cards/setup', { idempotency_key: 'x' }],
      ['GET', '/payments/cards/setup/abc'],
      ['POST', '/payments/cards/abc/default'],
      ['DELETE', '/payments/cards/abc'],
    ] as const) {
      const res = await api(method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses bad input with codes, never a 500', async () => {
    const u = await person();
    expect(codeOf(await api('POST', '/payments/cards/setup', u, {}))).toBe('FORM_UUID_INVALID');
    expect(
      codeOf(await api('POST', '/payments/cards/setup', u, { idempotency_key: 'nu-e-uuid\u0000' })),
    ).toBe('FORM_UUID_INVALID');
    for (const id of ['abc', '0', '-1', '99999999999', '1.5']) {
      for (const [method, url] of [
        ['POST', `/payments/cards/${id}/default`],
        ['DELETE', `/payments/cards/${id}`],
        ['GET', `/payments/cards/setup/${id}`],
      ] as const) {
        const res = await api(method, url, u);
        expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        expect(codeOf(res)).toBe('FORM_CARD_NOT_FOUND');
      }
    }
    const s = await startSetup(u);
    const bad = await confirmSetup(s, '4242 4242', { exp_month: 13, cvc: '1' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      number: ['FORM_CARD_WRONG_NUMBER'],
      exp_month: ['FIELD_INVALID'],
      cvc: ['FORM_CARD_WRONG_CVV'],
    });
    const wrongSecret = await api(
      'POST',
      `/sandbox-pay/setup-intents/${s.payment!.intent_id}/confirm`,
      undefined,
      {
        client_secret: `${s.payment!.intent_id}_secret_${'0'.repeat(48)}`,
        number: '4242424242424242',
        ...k.future,
      },
    );
    expect(wrongSecret.statusCode).toBe(404);
    expect(codeOf(wrongSecret)).toBe('FORM_CARD_NOT_FOUND');
  });
});

describe('adding a card', () => {
  it('4242…: saved as the default, keeping only brand, last four and expiry', async () => {
    const u = await person();
    expect(await list(u)).toEqual({ cards: [], renews: false });
    const s = await startSetup(u);
    expect(s.setup.status).toBe('requires_action');
    expect(s.payment).toMatchObject({ provider: 'sandbox', intent_id: expect.stringMatching(/^seti_sbx_/) });
    const confirmed = (await confirmSetup(s, '4242 4242 4242 4242')).json();
    expect(confirmed.intent).toMatchObject({
      status: 'succeeded',
      card: { brand: 'visa', last4: '4242' },
      next_action: null,
    });
    const state = await setupState(u, s.setup.id);
    expect(state.success, JSON.stringify(state)).toBe('CARD_ADDED');
    expect(state.setup.card).toMatchObject({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: k.future.exp_year,
      is_default: true,
    });
    expect((await list(u)).cards).toHaveLength(1);
    // Nothing anywhere holds the card number.
    const dump = JSON.stringify([
      await t.db.query('select * from payment_cards where user_id = $1', [u.id]),
      await t.db.query('select * from sandbox_payment_methods'),
      await t.db.query('select * from sandbox_setup_intents'),
    ]);
    expect(dump).not.toContain('4242424242424242');
  });

  it('the same key is the same attempt, and a replayed confirmation saves nothing twice', async () => {
    const u = await person();
    const key = randomUUID();
    const [a, b] = await Promise.all([startSetup(u, key), startSetup(u, key)]);
    expect(b.setup.id).toBe(a.setup.id);
    expect(b.payment!.intent_id).toBe(a.payment!.intent_id);
    await confirmSetup(a, '4242424242424242');
    const again = (await confirmSetup(a, '5555555555554444')).json();
    expect(again.intent.card.last4).toBe('4242');
    const after = await api('POST', '/payments/cards/setup', u, { idempotency_key: key });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      setup: { status: 'succeeded', card: { last4: '4242' } },
      payment: null,
    });
    expect((await list(u)).cards).toHaveLength(1);
  });

  it('the same card number entered again is one saved card: its new expiry and method, the same id and default; the old method detached', async () => {
    const u = await person();
    const first = await addCard(u, '4242424242424242');
    const other = await addCard(u, '5555555555554444');
    const s = await startSetup(u);
    await confirmSetup(s, '4242 4242 4242 4242', { exp_month: 3, exp_year: k.future.exp_year + 1 });
    const state = await setupState(u, s.setup.id);
    expect(state.success, JSON.stringify(state)).toBe('CARD_ADDED');
    expect(state.setup.card).toMatchObject({ id: first.id, last4: '4242', exp_month: 3, exp_year: k.future.exp_year + 1, is_default: true });
    const cards = (await list(u)).cards;
    expect(cards.map((c) => [c.id, c.last4, c.is_default])).toEqual([
      [other.id, '4444', false],
      [first.id, '4242', true],
    ]);
    // One sandbox method of 4242 still on the customer: the new one; the first was detached.
    const methods = await t.db.query<{ id: string; attached: boolean }>(
      `select m.id, m.customer_id is not null as attached from sandbox_payment_methods m
        where m.last4 = '4242' and m.id in (select s.payment_method_id from sandbox_setup_intents s
          join card_setups c on c.provider_setup_id = s.id where c.user_id = $1) order by m.created_at`,
      [u.id],
    );
    expect(methods.map((m) => m.attached)).toEqual([false, true]);
    const saved = await t.db.one<{ provider_method_id: string }>('select provider_method_id from payment_cards where id = $1', [first.id]);
    expect(saved!.provider_method_id).toBe(methods[1]!.id);
    // Another account entering the same number gets a card of its own.
    const v = await person();
    expect((await addCard(v, '4242424242424242')).id).not.toBe(first.id);
  });

  it('4000 0025 0000 3155 asks for 3-D Secure: approve saves it, reject refuses it with FORM_CARD_3DS_FAILED', async () => {
    const u = await person();
    const s = await startSetup(u);
    const { intent } = (await confirmSetup(s, '4000002500003155')).json();
    expect(intent).toMatchObject({
      status: 'requires_action',
      next_action: { redirect_to: `/plata/3ds/${s.payment!.intent_id}` },
    });
    expect((await setupState(u, s.setup.id)).setup.status).toBe('requires_action');
    expect((await list(u)).cards).toHaveLength(0);
    const page = await api(
      'GET',
      `/sandbox-pay/setup-intents/${s.payment!.intent_id}?client_secret=${s.payment!.client_secret}`,
    );
    expect(page.json().intent).toMatchObject({ status: 'requires_action', card: { last4: '3155' } });
    await answer3ds(s, 'approve');
    expect((await setupState(u, s.setup.id)).setup).toMatchObject({
      status: 'succeeded',
      card: { last4: '3155', is_default: true },
    });

    const r = await startSetup(u);
    await confirmSetup(r, '4000002760003184');
    const rejected = (await answer3ds(r, 'reject')).json();
    expect(rejected.intent).toMatchObject({ status: 'canceled', decline_code: 'authentication_failed' });
    expect((await setupState(u, r.setup.id)).setup).toMatchObject({
      status: 'failed',
      failure_code: 'FORM_CARD_3DS_FAILED',
      card: null,
    });
    // A late approval of the refused attempt changes nothing.
    await answer3ds(r, 'approve');
    expect((await list(u)).cards.map((c) => c.last4)).toEqual(['3155']);
  });

  it('declined cards end the attempt with their §8 code and save nothing', async () => {
    const u = await person();
    const past = new Date().getUTCFullYear() - 1;
    for (const [number, code, extra] of [
      ['4000000000000002', 'FORM_CARD_DECLINED', {}],
      ['4000000000009995', 'FORM_CARD_INSUFFICIENT_FUNDS', {}],
      ['4000000000009979', 'FORM_CARD_DECLINED', {}],
      ['4000000000009987', 'FORM_CARD_DECLINED', {}],
      ['4242424242424242', 'FORM_CARD_EXPIRED', { exp_year: past }],
      ['4000000000000127', 'FORM_CARD_WRONG_CVV', {}],
      ['4242424242424241', 'FORM_CARD_WRONG_NUMBER', {}],
      ['4000000000000119', 'FORM_CARD_PROCESSING_ERROR', {}],
    ] as const) {
      const s = await startSetup(u);
      await confirmSetup(s, number, extra);
      expect((await setupState(u, s.setup.id)).setup, number).toMatchObject({
        status: 'failed',
        failure_code: code,
        card: null,
      });
    }
    expect((await list(u)).cards).toHaveLength(0);
    // 0341 saves (Stripe's card that attaches and fails only when charged).
    expect((await addCard(u, '4000000000000341')).last4).toBe('0341');
  });

  it('two first cards saved at once: exactly one becomes the default', async () => {
    const u = await person();
    const [a, b] = await Promise.all([startSetup(u), startSetup(u)]);
    await Promise.all([confirmSetup(a, '4242424242424242'), confirmSetup(b, '5555555555554444')]);
    const { cards } = await list(u);
    expect(cards).toHaveLength(2);
    expect(cards.filter((c) => c.is_default)).toHaveLength(1);
  });

  it(`adding is rate-limited per user (${CARD_SETUP_RATE.max} per minute), not per address`, async () => {
    const u = await person();
    const codes: number[] = [];
    for (let i = 0; i <= CARD_SETUP_RATE.max; i++)
      codes.push(
        (await api('POST', '/payments/cards/setup', u, { idempotency_key: randomUUID() })).statusCode,
      );
    expect(codes.slice(0, CARD_SETUP_RATE.max).every((c) => c === 201)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // Another user is not held back.
    expect(
      (await api('POST', '/payments/cards/setup', await person(), { idempotency_key: randomUUID() }))
        .statusCode,
    ).toBe(201);
  });

  it('off with payments disabled: adding refused with FORM_PAYMENTS_DISABLED, the list still answers', async () => {
    const off = await buildTestApp(t.db, { PAYMENTS_PROVIDER: 'disabled' });
    try {
      const u = await person();
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/v1/payments/cards/setup',
        headers: u.auth,
        payload: { idempotency_key: randomUUID() },
      });
      expect(res.statusCode).toBe(403);
      expect(codeOf(res)).toBe('FORM_PAYMENTS_DISABLED');
      expect(
        (await off.app.inject({ method: 'GET', url: '/api/v1/payments/cards', headers: u.auth })).json(),
      ).toEqual({ cards: [], renews: false });
    } finally {
      await off.app.close();
    }
  });
});

describe('the list, the default card and removal', () => {
  it('newest first, unique by id; one default, made by hand; removing the default passes it to the newest left', async () => {
    const u = await person();
    const a = await addCard(u, '4242424242424242');
    const b = await addCard(u, '5555555555554444');
    const c = await addCard(u, '4000002500003155');
    let cards = (await list(u)).cards;
    expect(cards.map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(new Set(cards.map((x) => x.id)).size).toBe(3);
    expect(cards.filter((x) => x.is_default).map((x) => x.id)).toEqual([a.id]);

    const res = await api('POST', `/payments/cards/${b.id}/default`, u);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .cards.filter((x: { is_default: boolean }) => x.is_default)
        .map((x: { id: number }) => x.id),
    ).toEqual([b.id]);

    // Two tabs choosing different defaults at once: exactly one default afterwards.
    const both = await Promise.all([
      api('POST', `/payments/cards/${a.id}/default`, u),
      api('POST', `/payments/cards/${c.id}/default`, u),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    cards = (await list(u)).cards;
    expect(cards.filter((x) => x.is_default)).toHaveLength(1);

    await api('POST', `/payments/cards/${a.id}/default`, u);
    const removed = await api('DELETE', `/payments/cards/${a.id}`, u);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().success).toBe('CARD_REMOVED');
    expect(
      removed.json().cards.map((x: { id: number; is_default: boolean }) => [x.id, x.is_default]),
    ).toEqual([
      [c.id, true],
      [b.id, false],
    ]);
    // Detached at the provider too.
    const pm = await t.db.query<{ customer_id: string | null }>(
      `select m.customer_id from sandbox_payment_methods m where m.last4 = '4242' and m.id in
         (select s.payment_method_id from sandbox_setup_intents s join card_setups c on c.provider_setup_id = s.id where c.user_id = $1)`,
      [u.id],
    );
    expect(pm.map((r) => r.customer_id)).toEqual([null]);
    expect((await api('DELETE', `/payments/cards/${a.id}`, u)).statusCode).toBe(404);
  });

  it("'must keep one card' while a subscription renews; removable once it is cancelled", async () => {
    const u = await person();
    await k.buy(u, pkg1);
    expect((await list(u)).renews).toBe(true);
    // The card paid with at checkout is the saved one (checkout-cards.test.ts).
    const card = (await list(u)).cards[0]!;
    const refused = await api('DELETE', `/payments/cards/${card.id}`, u);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('FORM_CARD_MUST_KEEP_ONE');
    // With a second card, one may go; the last one not.
    const other = await addCard(u, '5555555555554444');
    expect((await api('DELETE', `/payments/cards/${card.id}`, u)).statusCode).toBe(200);
    expect(codeOf(await api('DELETE', `/payments/cards/${other.id}`, u))).toBe('FORM_CARD_MUST_KEEP_ONE');
    expect((await list(u)).cards.map((c) => [c.id, c.is_default])).toEqual([[other.id, true]]);
    await api('POST', '/payments/subscription/cancel', u);
    expect((await list(u)).renews).toBe(false);
    expect((await api('DELETE', `/payments/cards/${other.id}`, u)).statusCode).toBe(200);
    expect((await list(u)).cards).toEqual([]);
  });
});

describe('cards belong to their user', () => {
  it("another user's card and attempt are not found, and stay untouched", async () => {
    const owner = await person();
    const other = await person();
    const card = await addCard(owner);
    const second = await addCard(owner, '5555555555554444');
    const s = await startSetup(owner);
    for (const [method, url] of [
      ['POST', `/payments/cards/${second.id}/default`],
      ['DELETE', `/payments/cards/${card.id}`],
      ['GET', `/payments/cards/setup/${s.setup.id}`],
    ] as const) {
      const res = await api(method, url, other);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(codeOf(res)).toBe('FORM_CARD_NOT_FOUND');
    }
    expect((await list(other)).cards).toEqual([]);
    expect((await list(owner)).cards.map((c) => [c.id, c.is_default])).toEqual([
      [second.id, false],
      [card.id, true],
    ]);
    // The other user's key does not reach the owner's attempt either.
    const mine = await api('POST', '/payments/cards/setup', other, { idempotency_key: randomUUID() });
    expect(mine.json().setup.id).not.toBe(s.setup.id);
  });
});
