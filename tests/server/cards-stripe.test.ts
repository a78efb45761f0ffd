// The Stripe adapter's saved cards and renewals (issue 8 §2–3) without network: the official SDK
// pointed at a local server that records its calls and answers like Stripe's API (Customers,
// SetupIntents, PaymentMethods detach, off-session PaymentIntents, a decline as Stripe's 402 card
// error carrying its intent), and setup_intent webhook events signed with the SDK's test helper.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, openTestDb } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import type { Db } from '../../server/db/db.ts';
import { runRenewals } from '../../server/modules/payments/renewal.ts';
import { StripeProvider, stripeClient } from '../../server/modules/payments/stripe-provider.ts';

const WEBHOOK_SECRET = 'whsec_test_grilio_cards';
type Call = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: URLSearchParams;
  query: URLSearchParams;
};
type Card = { brand: string; last4: string; exp_month: number; exp_year: number; fingerprint?: string };
type FakeSetup = {
  id: string;
  object: 'setup_intent';
  status: string;
  customer: string;
  client_secret: string;
  usage: string;
  last_setup_error: { code: string; decline_code: string } | null;
  payment_method: string | null;
};

const calls: Call[] = [];
const byKey = new Map<string, unknown>();
const setups = new Map<string, FakeSetup>();
const methods = new Map<
  string,
  { id: string; object: 'payment_method'; customer: string | null; card: Card; decline?: string }
>();
const intents = new Map<string, Record<string, unknown>>();
let server: Server;
let app: FastifyInstance;
let db: Db;
let closeDb: () => Promise<void>;
let apiUrl = '';
let n = 0;
const rid = () => `${++n}${randomUUID().replace(/-/g, '').slice(0, 14)}`;

/** The SDK sends expand as expand[0]=…, expand[1]=…. */
const expanded = (q: URLSearchParams) => [...q].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v);

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });

async function fakeStripe(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  const body = new URLSearchParams(await readBody(req));
  const key = req.headers['idempotency-key'] as string | undefined;
  calls.push({
    method: req.method ?? '',
    path: url.pathname,
    idempotencyKey: key,
    body,
    query: url.searchParams,
  });
  const send = (status: number, data: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${rid()}` });
    res.end(JSON.stringify(data));
  };
  // Stripe answers a repeated idempotency key with the first answer.
  const remembered = key ? byKey.get(`${url.pathname}:${key}`) : undefined;
  if (req.method === 'POST' && remembered) return send(...(remembered as [number, unknown]));
  const keep = (status: number, data: unknown) => {
    if (key) byKey.set(`${url.pathname}:${key}`, [status, data]);
    return send(status, data);
  };
  const p = url.pathname;
  if (req.method === 'POST' && p === '/v1/customers')
    return keep(200, { id: `cus_${rid()}`, object: 'customer' });
  if (req.method === 'POST' && p === '/v1/setup_intents') {
    const id = `seti_${rid()}`;
    const si: FakeSetup = {
      id,
      object: 'setup_intent',
      status: 'requires_payment_method',
      customer: body.get('customer') ?? '',
      client_secret: `${id}_secret_x`,
      usage: body.get('usage') ?? '',
      last_setup_error: null,
      payment_method: null,
    };
    setups.set(id, si);
    return keep(200, si);
  }
  let m = /^\/v1\/setup_intents\/(\w+)$/.exec(p);
  if (req.method === 'GET' && m && setups.has(m[1]!)) {
    const si = setups.get(m[1]!)!;
    const expand = expanded(url.searchParams).includes('payment_method');
    return send(200, {
      ...si,
      payment_method: expand && si.payment_method ? methods.get(si.payment_method) : si.payment_method,
    });
  }
  m = /^\/v1\/payment_methods\/(\w+)\/detach$/.exec(p);
  if (req.method === 'POST' && m && methods.has(m[1]!)) {
    const pm = methods.get(m[1]!)!;
    if (!pm.customer)
      return send(400, { error: { type: 'invalid_request_error', code: 'payment_method_not_attached' } });
    pm.customer = null;
    return send(200, pm);
  }
  if (req.method === 'POST' && p === '/v1/payment_intents') {
    const pm = methods.get(body.get('payment_method') ?? '');
    const id = `pi_${rid()}`;
    const base = {
      id,
      object: 'payment_intent',
      amount: Number(body.get('amount')),
      currency: body.get('currency'),
      client_secret: `${id}_secret_x`,
    };
    if (!pm || pm.customer !== body.get('customer') || pm.decline) {
      const code = pm?.decline ?? 'card_declined';
      const pi = {
        ...base,
        status: 'requires_payment_method',
        last_payment_error: { code: 'card_declined', decline_code: code },
        latest_charge: null,
      };
      intents.set(id, pi);
      return keep(402, {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: code,
          message: 'declined',
          payment_intent: pi,
        },
      });
    }
    const pi = {
      ...base,
      status: 'succeeded',
      last_payment_error: null,
      latest_charge: { id: `ch_${rid()}`, object: 'charge', payment_method_details: { card: pm.card } },
    };
    intents.set(id, pi);
    return keep(200, { ...pi, latest_charge: (pi.latest_charge as { id: string }).id });
  }
  m = /^\/v1\/payment_intents\/(\w+)(\/cancel)?$/.exec(p);
  const pi = m ? intents.get(m[1]!) : undefined;
  if (!pi) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
  if (req.method === 'POST' && m![2]) {
    if (pi.status === 'succeeded')
      return send(400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' } });
    pi.status = 'canceled';
  }
  return send(200, pi);
}

/** What Stripe.js and the bank would do: the setup succeeds with a new payment method on the customer. */
function completeSetup(setupId: string, card: Card, decline?: string): string {
  const si = setups.get(setupId)!;
  const pm = `pm_${rid()}`;
  methods.set(pm, {
    id: pm,
    object: 'payment_method',
    customer: si.customer,
    card,
    ...(decline ? { decline } : {}),
  });
  si.status = 'succeeded';
  si.payment_method = pm;
  return pm;
}
function setupEvent(si: { id: string }) {
  const payload = JSON.stringify({
    id: `evt_${rid()}`,
    object: 'event',
    type: 'setup_intent.succeeded',
    data: { object: { object: 'setup_intent', id: si.id } },
  });
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}
const webhook = (e: { payload: string; header: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': e.header },
    payload: e.payload,
  });

async function person() {
  const u = await createUser(db, { password: null });
  return { id: u.id, auth: { authorization: `Bearer ${u.token}` } };
}
type P = Awaited<ReturnType<typeof person>>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, u: P, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: u.auth, ...(payload ? { payload } : {}) });
const visa: Card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2035 };

/** A saved card through Stripe: setup, the customer's confirmation at Stripe, the webhook. */
async function saveCard(u: P, card = visa, decline?: string) {
  const s = (await call('POST', '/payments/cards/setup', u, { idempotency_key: randomUUID() })).json();
  completeSetup(s.payment.intent_id, card, decline);
  await webhook(setupEvent({ id: s.payment.intent_id }));
  return (await call('GET', `/payments/cards/setup/${s.setup.id}`, u)).json().setup.card;
}

beforeAll(async () => {
  server = createServer((req, res) => void fakeStripe(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const opened = await openTestDb();
  db = opened.db;
  closeDb = opened.close;
  ({ app } = await buildTestApp(db, {
    STRIPE_SECRET_KEY: 'sk_test_grilio',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: apiUrl,
  }));
});
afterAll(async () => {
  await app.close();
  await closeDb();
  await new Promise((r) => server.close(r));
});

describe('Stripe saved cards', () => {
  it('a Customer once per user and a SetupIntent per attempt, each with an idempotency key; the same attempt is the same intent', async () => {
    const u = await person();
    const key = randomUUID();
    const before = calls.length;
    const res = await call('POST', '/payments/cards/setup', u, { idempotency_key: key });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    expect(s.payment).toMatchObject({
      provider: 'stripe',
      intent_id: expect.stringMatching(/^seti_/),
      client_secret: expect.stringContaining('_secret_'),
    });
    const made = calls.slice(before);
    const customer = made.find((c) => c.path === '/v1/customers')!;
    expect(customer.idempotencyKey).toBe(`customer-${u.id}`);
    expect(customer.body.get('metadata[user_id]')).toBe(String(u.id));
    const setup = made.find((c) => c.path === '/v1/setup_intents')!;
    expect(setup.idempotencyKey).toBe(`card-setup-${s.setup.id}`);
    expect(setup.body.get('usage')).toBe('off_session');
    expect(setup.body.get('allowed_payment_method_types[0]')).toBe('card');
    expect(setup.body.get('payment_method_options[card][request_three_d_secure]')).toBe('automatic');
    expect(setup.body.get('customer')).toMatch(/^cus_/);

    const again = (await call('POST', '/payments/cards/setup', u, { idempotency_key: key })).json();
    expect(again.payment.intent_id).toBe(s.payment.intent_id);
    const second = (await call('POST', '/payments/cards/setup', u, { idempotency_key: randomUUID() })).json();
    expect(second.payment.intent_id).not.toBe(s.payment.intent_id);
    // The customer is made once: later attempts reuse it.
    expect(calls.slice(before).filter((c) => c.path === '/v1/customers')).toHaveLength(1);
  });

  it('the setup_intent webhook saves the card read back from Stripe (expanded payment method), once; removal detaches it', async () => {
    const u = await person();
    const s = (await call('POST', '/payments/cards/setup', u, { idempotency_key: randomUUID() })).json();
    const pm = completeSetup(s.payment.intent_id, visa);
    const event = setupEvent({ id: s.payment.intent_id });
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).statusCode).toBe(200);
    const read = calls.filter(
      (c) => c.method === 'GET' && c.path === `/v1/setup_intents/${s.payment.intent_id}`,
    );
    expect(expanded(read.at(-1)!.query)).toEqual(['payment_method']);
    const cards = (await call('GET', '/payments/cards', u)).json().cards;
    expect(cards).toEqual([
      expect.objectContaining({
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2035,
        is_default: true,
      }),
    ]);
    expect(
      (await db.query('select provider_method_id from payment_cards where user_id = $1', [u.id]))[0],
    ).toEqual({ provider_method_id: pm });
    expect((await call('GET', `/payments/cards/setup/${s.setup.id}`, u)).json()).toMatchObject({
      success: 'CARD_ADDED',
      setup: { status: 'succeeded' },
    });

    const del = await call('DELETE', `/payments/cards/${cards[0].id}`, u);
    expect(del.statusCode).toBe(200);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_methods/${pm}/detach` });
    expect(methods.get(pm)!.customer).toBeNull();
  });

  it("the same card saved twice (Stripe's card.fingerprint) stays one card on the newer method; the older one is detached", async () => {
    const u = await person();
    const fingerprint = `Fp${rid()}`;
    const first = await saveCard(u, { ...visa, fingerprint });
    const firstPm = (await db.one<{ provider_method_id: string }>('select provider_method_id from payment_cards where id = $1', [first.id]))!
      .provider_method_id;
    const again = await saveCard(u, { ...visa, exp_year: 2036, fingerprint });
    expect(again).toMatchObject({ id: first.id, exp_year: 2036, is_default: true });
    const cards = (await call('GET', '/payments/cards', u)).json().cards;
    expect(cards.map((c: { id: number }) => c.id)).toEqual([first.id]);
    const nowPm = (await db.one<{ provider_method_id: string }>('select provider_method_id from payment_cards where id = $1', [first.id]))!
      .provider_method_id;
    expect(nowPm).not.toBe(firstPm);
    expect(calls.some((c) => c.method === 'POST' && c.path === `/v1/payment_methods/${firstPm}/detach`)).toBe(true);
    expect(methods.get(firstPm)!.customer).toBeNull();
    expect(methods.get(nowPm)!.customer).not.toBeNull();
  });

  it('a declined setup fails the attempt with its code', async () => {
    const u = await person();
    const s = (await call('POST', '/payments/cards/setup', u, { idempotency_key: randomUUID() })).json();
    setups.get(s.payment.intent_id)!.last_setup_error = { code: 'card_declined', decline_code: 'lost_card' };
    expect((await call('GET', `/payments/cards/setup/${s.setup.id}`, u)).json().setup).toMatchObject({
      status: 'failed',
      failure_code: 'FORM_CARD_DECLINED',
      card: null,
    });
  });
});

describe('Stripe renewal', () => {
  async function subscriber(decline?: string) {
    const u = await person();
    await saveCard(u, visa, decline);
    const pkg = (await db.one<{ id: number; months: number; price_bani: number }>(
      `select id, months, price_bani from premium_packages where months = 1`,
    ))!;
    const order = (await db.one<{ id: number }>(
      `insert into payment_orders (user_id, package_id, months, amount_bani, idempotency_key, provider, status, paid_at)
       values ($1, $2, 1, $3, $4, 'stripe', 'succeeded', now()) returning id`,
      [u.id, pkg.id, pkg.price_bani, randomUUID()],
    ))!;
    const sub = (await db.one<{ period_end: Date }>(
      `insert into subscriptions (user_id, package_id, order_id, source, period_start, period_end)
       values ($1, $2, $3, 'order', now(), now() + interval '1 month') returning period_end`,
      [u.id, pkg.id, order.id],
    ))!;
    return { u, pkg, at: new Date(new Date(sub.period_end).getTime() - 3600_000) };
  }
  const deps = (at: Date) => ({
    db,
    provider: new StripeProvider(stripeClient('sk_test_grilio', apiUrl)),
    now: () => at,
    notify: async () => {},
  });

  it('charges the default card off-session with a PaymentIntent keyed by the order, and extends premium', async () => {
    const { u, pkg, at } = await subscriber();
    const before = calls.length;
    const outcome = await runRenewals(deps(at));
    expect(outcome).toContain('succeeded');
    const order = (await db.one<{ id: number; status: string }>(
      `select id, status from payment_orders where user_id = $1 and renewal_attempt = 1`,
      [u.id],
    ))!;
    expect(order.status).toBe('succeeded');
    const create = calls.slice(before).find((c) => c.method === 'POST' && c.path === '/v1/payment_intents')!;
    expect(create.idempotencyKey).toBe(`order-${order.id}`);
    expect(create.body.get('off_session')).toBe('true');
    expect(create.body.get('confirm')).toBe('true');
    expect(create.body.get('amount')).toBe(String(pkg.price_bani));
    expect(create.body.get('customer')).toMatch(/^cus_/);
    expect(create.body.get('payment_method')).toMatch(/^pm_/);
    expect((await db.query(`select 1 from subscriptions where user_id = $1`, [u.id])).length).toBe(2);
  });

  it("a decline (Stripe's 402 with the intent) fails the renewal order with the card's code", async () => {
    const { u, at } = await subscriber('insufficient_funds');
    await runRenewals(deps(at));
    const order = await db.one<{ status: string; failure_code: string }>(
      `select status, failure_code from payment_orders where user_id = $1 and renewal_attempt = 1`,
      [u.id],
    );
    expect(order).toEqual({ status: 'failed', failure_code: 'FORM_CARD_INSUFFICIENT_FUNDS' });
    const row = await db.one<{ failures: number; status: string }>(
      'select failures, status from subscription_renewals where user_id = $1',
      [u.id],
    );
    expect(row).toEqual({ failures: 1, status: 'pending' });
  });
});
