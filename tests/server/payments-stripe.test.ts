// The Stripe adapter (issue 8 §2) without network: the official SDK is pointed at a local server
// that records its calls and answers like Stripe's API, and webhook events are signed with the
// SDK's own stripe.webhooks.generateTestHeaderString. Checked: idempotency keys on create, the
// webhook's signature on the raw body, that the server settles from the intent it reads back (not
// from the event), replays, and a decline cancelling the intent before the order fails.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDb } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/db.ts';

const WEBHOOK_SECRET = 'whsec_test_grilio_webhook_secret';
type Call = { method: string; path: string; idempotencyKey: string | undefined; auth: string | undefined; body: URLSearchParams };
type FakeIntent = {
  id: string;
  object: 'payment_intent';
  status: string;
  amount: number;
  currency: string;
  client_secret: string;
  metadata: Record<string, string>;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  last_payment_error: { code: string; decline_code: string } | null;
  latest_charge: null | { id: string; object: 'charge'; payment_method_details: { card: { brand: string; last4: string; exp_month: number; exp_year: number } } };
};

const calls: Call[] = [];
const intents = new Map<string, FakeIntent>();
const byKey = new Map<string, string>();
const customers = new Map<string, string>();
let server: Server;
let app: FastifyInstance;
let db: Db;
let closeDb: () => Promise<void>;
let n = 0;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });

/** Just enough of Stripe's API: create (idempotent by key, as Stripe is), retrieve, cancel. */
async function fakeStripe(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  const body = new URLSearchParams(await readBody(req));
  const key = req.headers['idempotency-key'] as string | undefined;
  calls.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: key, auth: req.headers.authorization, body });
  const send = (status: number, data: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
    res.end(JSON.stringify(data));
  };
  if (req.method === 'POST' && url.pathname === '/v1/customers') {
    const known = key ? customers.get(key) : undefined;
    const id = known ?? `cus_test_${++n}`;
    if (key) customers.set(key, id);
    return send(200, { id, object: 'customer' });
  }
  if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
    const known = key ? byKey.get(key) : undefined;
    if (known) return send(200, intents.get(known));
    const id = `pi_test_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const pi: FakeIntent = {
      id,
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: Number(body.get('amount')),
      currency: body.get('currency') ?? '',
      client_secret: `${id}_secret_abc`,
      metadata: { order_id: body.get('metadata[order_id]') ?? '' },
      customer: body.get('customer'),
      payment_method: body.get('payment_method'),
      setup_future_usage: body.get('setup_future_usage'),
      last_payment_error: null,
      latest_charge: null,
    };
    intents.set(id, pi);
    if (key) byKey.set(key, id);
    // confirm=true with a saved card: pm_decline declines (Stripe answers 402 with the intent),
    // pm_3ds asks for authentication, any other goes through.
    if (body.get('confirm') === 'true') {
      if (pi.payment_method === 'pm_decline') {
        pi.last_payment_error = { code: 'card_declined', decline_code: 'insufficient_funds' };
        return send(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', payment_intent: pi } });
      }
      if (pi.payment_method === 'pm_3ds') pi.status = 'requires_action';
      else paid(pi);
    }
    return send(200, pi);
  }
  const m = /^\/v1\/payment_intents\/([\w]+)(\/cancel)?$/.exec(url.pathname);
  const pi = m ? intents.get(m[1]!) : undefined;
  if (!pi) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
  if (req.method === 'POST' && m![2]) {
    if (pi.status === 'succeeded' || pi.status === 'processing')
      return send(400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' } });
    pi.status = 'canceled';
    return send(200, pi);
  }
  return send(200, pi);
}

const paid = (pi: FakeIntent) => {
  pi.status = 'succeeded';
  pi.latest_charge = { id: 'ch_1', object: 'charge', payment_method_details: { card: { brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2035 } } };
};

function signedEvent(type: string, intent: { id: string; status?: string }, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type, data: { object: { object: 'payment_intent', ...intent } } });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}
const webhook = (payload: string, header?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook/stripe',
    headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
    payload,
  });

async function person() {
  const u = await createUser(db, { password: null });
  return { id: u.id, auth: { authorization: `Bearer ${u.token}` } };
}
const checkout = async (u: { auth: object }, key = randomUUID(), extra: object = {}) => {
  const pkgs = (await app.inject({ method: 'GET', url: '/api/v1/packages' })).json().packages as Array<{ id: number; months: number }>;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/payments/checkout',
    headers: u.auth as Record<string, string>,
    payload: { package_id: pkgs.find((p) => p.months === 1)!.id, idempotency_key: key, ...extra },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const orderStatus = async (u: { auth: object }, id: number) =>
  (await app.inject({ method: 'GET', url: `/api/v1/payments/orders/${id}`, headers: u.auth as Record<string, string> })).json().order;
const periods = async (userId: number) =>
  (await db.query<{ n: number }>('select count(*)::int as n from subscriptions where user_id = $1', [userId]))[0]!.n;

beforeAll(async () => {
  server = createServer((req, res) => void fakeStripe(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const opened = await openTestDb();
  db = opened.db;
  closeDb = opened.close;
  ({ app } = await buildTestApp(db, {
    STRIPE_SECRET_KEY: 'sk_test_grilio',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
  }));
});
afterAll(async () => {
  await app.close();
  await closeDb();
  await new Promise((r) => server.close(r));
});

describe('Stripe adapter', () => {
  it('is chosen by STRIPE_SECRET_KEY; checkout creates a PaymentIntent with an idempotency key', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/packages' })).json().provider).toBe('stripe');
    const u = await person();
    const key = randomUUID();
    const before = calls.length;
    const c = await checkout(u, key);
    expect(c.payment).toMatchObject({ provider: 'stripe', intent_id: expect.stringMatching(/^pi_test_/), client_secret: expect.stringContaining('_secret_') });
    const create = calls.slice(before).find((x) => x.method === 'POST' && x.path === '/v1/payment_intents')!;
    expect(create.auth).toBe('Bearer sk_test_grilio');
    expect(create.idempotencyKey).toBe(`order-${c.order.id}`);
    expect(create.body.get('amount')).toBe('4900');
    expect(create.body.get('currency')).toBe('ron');
    expect(create.body.get('metadata[order_id]')).toBe(String(c.order.id));
    expect(create.body.get('payment_method_options[card][request_three_d_secure]')).toBe('automatic');
    // The same attempt again: the same key goes to Stripe, which answers the same intent.
    const again = await checkout(u, key);
    expect(again.payment.intent_id).toBe(c.payment.intent_id);
    const creates = calls.filter((x) => x.path === '/v1/payment_intents' && x.idempotencyKey === `order-${c.order.id}`);
    expect(creates.length).toBe(2);
    expect([...intents.values()].filter((i) => i.metadata.order_id === String(c.order.id))).toHaveLength(1);
  });

  it('a signed payment_intent.succeeded settles from the intent read back; a replay changes nothing', async () => {
    const u = await person();
    const c = await checkout(u);
    paid(intents.get(c.payment.intent_id)!);
    const { payload, header } = signedEvent('payment_intent.succeeded', { id: c.payment.intent_id, status: 'succeeded' });
    const res = await webhook(payload, header);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await orderStatus(u, c.order.id)).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '3184' } });
    expect(await periods(u.id)).toBe(1);
    const user = (await app.inject({ method: 'GET', url: '/api/v1/user', headers: u.auth })).json().user;
    expect(user.is_premium).toBe(true);
    expect((await webhook(payload, header)).statusCode).toBe(200);
    expect((await webhook(signedEvent('payment_intent.succeeded', { id: c.payment.intent_id }).payload, signedEvent('x', { id: 'y' }).header)).statusCode).toBe(422);
    expect(await periods(u.id)).toBe(1);
  });

  it('refuses a bad or missing signature and a body changed after signing', async () => {
    const u = await person();
    const c = await checkout(u);
    paid(intents.get(c.payment.intent_id)!);
    const wrongSecret = signedEvent('payment_intent.succeeded', { id: c.payment.intent_id }, 'whsec_someone_else');
    const bad = await webhook(wrongSecret.payload, wrongSecret.header);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { general: ['FORM_WEBHOOK_SIGNATURE_INVALID'] } });
    expect((await webhook(wrongSecret.payload)).statusCode).toBe(422);
    const good = signedEvent('payment_intent.succeeded', { id: c.payment.intent_id });
    expect((await webhook(good.payload.replace('payment_intent.succeeded', 'payment_intent.succeedeD'), good.header)).statusCode).toBe(422);
    expect((await db.one<{ status: string }>('select status from payment_orders where id = $1', [c.order.id]))!.status).toBe('requires_action');
  });

  it('an event that claims success is not believed: the intent read from Stripe decides', async () => {
    const u = await person();
    const c = await checkout(u);
    const { payload, header } = signedEvent('payment_intent.succeeded', { id: c.payment.intent_id, status: 'succeeded' });
    expect((await webhook(payload, header)).statusCode).toBe(200);
    expect(await orderStatus(u, c.order.id)).toMatchObject({ status: 'requires_action' });
    expect(await periods(u.id)).toBe(0);
  });

  it('a decline cancels the intent at Stripe, then fails the order with the card code', async () => {
    const u = await person();
    const c = await checkout(u);
    const pi = intents.get(c.payment.intent_id)!;
    pi.last_payment_error = { code: 'card_declined', decline_code: 'insufficient_funds' };
    const { payload, header } = signedEvent('payment_intent.payment_failed', { id: pi.id });
    expect((await webhook(payload, header)).statusCode).toBe(200);
    expect(calls.some((x) => x.method === 'POST' && x.path === `/v1/payment_intents/${pi.id}/cancel`)).toBe(true);
    expect(pi.status).toBe('canceled');
    expect(await orderStatus(u, c.order.id)).toMatchObject({ status: 'failed', failure_code: 'FORM_CARD_INSUFFICIENT_FUNDS' });
  });

  it('a closed tab: reading the order asks Stripe and settles it', async () => {
    const u = await person();
    const c = await checkout(u);
    paid(intents.get(c.payment.intent_id)!);
    expect((await orderStatus(u, c.order.id)).status).toBe('succeeded');
    expect(await periods(u.id)).toBe(1);
  });

  it("checkout keeps the card for renewals: customer and setup_future_usage on the intent; the card read back is saved as the default, once", async () => {
    const u = await person();
    const before = calls.length;
    const c = await checkout(u);
    const customer = calls.slice(before).find((x) => x.method === 'POST' && x.path === '/v1/customers')!;
    expect(customer.idempotencyKey).toBe(`customer-${u.id}`);
    const create = calls.slice(before).find((x) => x.method === 'POST' && x.path === '/v1/payment_intents')!;
    expect(create.idempotencyKey).toBe(`order-${c.order.id}`);
    expect(create.body.get('setup_future_usage')).toBe('off_session');
    expect(create.body.get('customer')).toMatch(/^cus_test_/);
    expect(create.body.get('confirm')).toBeNull();
    const pi = intents.get(c.payment.intent_id)!;
    pi.payment_method = `pm_new_${u.id}`;
    paid(pi);
    const { payload, header } = signedEvent('payment_intent.succeeded', { id: pi.id });
    expect((await webhook(payload, header)).statusCode).toBe(200);
    expect((await webhook(payload, header)).statusCode).toBe(200);
    const cards = await db.query<{ provider: string; provider_method_id: string; last4: string; is_default: boolean }>(
      'select provider, provider_method_id, last4, is_default from payment_cards where user_id = $1',
      [u.id],
    );
    expect(cards).toEqual([{ provider: 'stripe', provider_method_id: `pm_new_${u.id}`, last4: '3184', is_default: true }]);
  });

  it('a new card paid with while another is the default becomes the renewal card, unless the form kept the default (issue 32 §1)', async () => {
    const withDefault = async () => {
      const u = await person();
      await db.query(`insert into payment_customers (user_id, provider, customer_id) values ($1, 'stripe', $2)`, [u.id, `cus_old_${u.id}`]);
      await db.query(
        `insert into payment_cards (user_id, provider, provider_method_id, brand, last4, exp_month, exp_year, is_default)
         values ($1, 'stripe', $2, 'visa', '4242', 12, 2035, true)`,
        [u.id, `pm_old_${u.id}`],
      );
      return u;
    };
    const defaults = (userId: number) =>
      db.query<{ provider_method_id: string }>('select provider_method_id from payment_cards where user_id = $1 and is_default', [userId]);
    for (const [extra, kept] of [[{}, false], [{ use_for_renewal: false }, true]] as const) {
      const u = await withDefault();
      const c = await checkout(u, randomUUID(), extra);
      const pi = intents.get(c.payment.intent_id)!;
      pi.payment_method = `pm_new_${u.id}`;
      paid(pi);
      const { payload, header } = signedEvent('payment_intent.succeeded', { id: pi.id });
      expect((await webhook(payload, header)).statusCode).toBe(200);
      expect(await defaults(u.id)).toEqual([{ provider_method_id: kept ? `pm_old_${u.id}` : `pm_new_${u.id}` }]);
      expect((await orderStatus(u, c.order.id)).renewal_card).toEqual({ brand: 'visa', last4: kept ? '4242' : '3184' });
    }
  });

  it('pays with a saved card: confirmed at once with customer and payment method; declined and 3-D Secure answers settle as any payment', async () => {
    const saved = async (pm: string) => {
      const u = await person();
      await db.query(`insert into payment_customers (user_id, provider, customer_id) values ($1, 'stripe', $2)`, [u.id, `cus_saved_${u.id}`]);
      const card = await db.one<{ id: number }>(
        `insert into payment_cards (user_id, provider, provider_method_id, brand, last4, exp_month, exp_year, is_default)
         values ($1, 'stripe', $2, 'visa', '4242', 12, 2035, true) returning id`,
        [u.id, pm],
      );
      return { u, cardId: card!.id };
    };
    const pkgId = ((await app.inject({ method: 'GET', url: '/api/v1/packages' })).json().packages as Array<{ id: number; months: number }>).find((p) => p.months === 1)!.id;
    const payWith = (u: { auth: object }, cardId: number, key = randomUUID()) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/payments/checkout',
        headers: u.auth as Record<string, string>,
        payload: { package_id: pkgId, idempotency_key: key, card_id: cardId },
      });

    const ok = await saved(`pm_ok_${randomUUID().slice(0, 8)}`);
    const key = randomUUID();
    const before = calls.length;
    const res = await payWith(ok.u, ok.cardId, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ order: { status: 'succeeded', card: { last4: '3184' } }, payment: null });
    const create = calls.slice(before).find((x) => x.method === 'POST' && x.path === '/v1/payment_intents')!;
    expect(create.idempotencyKey).toBe(`order-${res.json().order.id}`);
    expect(create.body.get('confirm')).toBe('true');
    expect(create.body.get('customer')).toBe(`cus_saved_${ok.u.id}`);
    expect(create.body.get('payment_method')).toMatch(/^pm_ok_/);
    expect(create.body.get('setup_future_usage')).toBeNull();
    // The same attempt again: the same key, one intent, one period, still one card.
    expect((await payWith(ok.u, ok.cardId, key)).json().order.status).toBe('succeeded');
    expect(await periods(ok.u.id)).toBe(1);
    expect((await db.one<{ n: number }>('select count(*)::int as n from payment_cards where user_id = $1', [ok.u.id]))!.n).toBe(1);

    const declined = await saved('pm_decline');
    const d = await payWith(declined.u, declined.cardId);
    expect(d.json()).toMatchObject({ order: { status: 'failed', failure_code: 'FORM_CARD_INSUFFICIENT_FUNDS' }, payment: null });
    expect(await periods(declined.u.id)).toBe(0);

    const tds = await saved('pm_3ds');
    const r = await payWith(tds.u, tds.cardId);
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ order: { status: 'requires_action' }, payment: { provider: 'stripe', intent_id: expect.stringMatching(/^pi_test_/) } });
    paid(intents.get(r.json().payment.intent_id)!);
    expect((await orderStatus(tds.u, r.json().order.id)).status).toBe('succeeded');

    // Another user's card: not found, and nothing sent to Stripe.
    const stranger = await person();
    const n0 = calls.length;
    const refused = await payWith(stranger, ok.cardId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errors.general).toEqual(['FORM_CARD_NOT_FOUND']);
    expect(calls.length).toBe(n0);
  });
});
