// Shared by the saved-card and renewal tests: a user, API calls, adding a sandbox test card
// (with its 3-D Secure answer when the card asks) and buying a package.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { nextIp } from './fixtures/auth.ts';
import type { CardSetupResponse, SavedCard } from '../../src/shared/card-payloads.ts';
import type { CheckoutResponse, PremiumPackage } from '../../src/shared/payment-payloads.ts';

export type U = { id: number; auth: { authorization: string } };
type Method = 'GET' | 'POST' | 'DELETE';

export function cardsKit(get: () => TestApp) {
  const t = () => get();
  const person = async (): Promise<U> => {
    const u = await createUser(t().db, { password: null });
    return { id: u.id, auth: { authorization: `Bearer ${u.token}` } };
  };
  const api = (method: Method, url: string, u?: U, payload?: object) =>
    t().app.inject({
      method,
      url: `/api/v1${url}`,
      headers: u?.auth,
      remoteAddress: nextIp(),
      ...(payload ? { payload } : {}),
    });
  const codeOf = (res: { json: () => { errors?: Record<string, string[]> } }) =>
    Object.values(res.json().errors ?? {})[0]?.[0];
  const future = { exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' };

  const startSetup = async (u: U, key = randomUUID()): Promise<CardSetupResponse> => {
    const res = await api('POST', '/payments/cards/setup', u, { idempotency_key: key });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const confirmSetup = (s: CardSetupResponse, number: string, extra: object = {}) =>
    api('POST', `/sandbox-pay/setup-intents/${s.payment!.intent_id}/confirm`, undefined, {
      client_secret: s.payment!.client_secret,
      number,
      ...future,
      ...extra,
    });
  const answer3ds = (s: CardSetupResponse, result: 'approve' | 'reject') =>
    api('POST', `/sandbox-pay/setup-intents/${s.payment!.intent_id}/3ds`, undefined, {
      client_secret: s.payment!.client_secret,
      result,
    });
  const setupState = async (u: U, id: number) => (await api('GET', `/payments/cards/setup/${id}`, u)).json();

  /** Adds a card end to end (approving 3-D Secure when asked); answers the saved card. */
  const addCard = async (u: U, number = '4242424242424242'): Promise<SavedCard> => {
    const s = await startSetup(u);
    const { intent } = (await confirmSetup(s, number)).json();
    if (intent.status === 'requires_action') await answer3ds(s, 'approve');
    const state = await setupState(u, s.setup.id);
    expect(state.setup.status, JSON.stringify(state)).toBe('succeeded');
    return state.setup.card;
  };
  const list = async (u: U): Promise<{ cards: SavedCard[]; renews: boolean }> =>
    (await api('GET', '/payments/cards', u)).json();

  /** extra: more of the checkout's body (use_for_renewal: false keeps the default card as it is). */
  const buy = async (u: U, pkg: PremiumPackage, number = '4242424242424242', extra: object = {}) => {
    const res = await api('POST', '/payments/checkout', u, {
      package_id: pkg.id,
      idempotency_key: randomUUID(),
      ...extra,
    });
    const c: CheckoutResponse = res.json();
    await api('POST', `/sandbox-pay/intents/${c.payment!.intent_id}/confirm`, undefined, {
      client_secret: c.payment!.client_secret,
      number,
      ...future,
    });
    return c;
  };
  return { person, api, codeOf, startSetup, confirmSetup, answer3ds, setupState, addCard, list, buy, future };
}
