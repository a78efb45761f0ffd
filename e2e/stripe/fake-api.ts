// A small stand-in for Stripe's API for e2e/stripe.spec.ts, on 127.0.0.1. Two callers share it, as
// they share Stripe: our server's Stripe adapter (official SDK, STRIPE_API_URL pointed here, secret
// key) and the fake Stripe.js in the browser (publishable key + client secret; the spec routes
// https://api.stripe.com to it). Cards behave as Stripe's test cards: 4242… and 5555… succeed,
// 4000 0027 6000 3184 asks for 3-D Secure, 4000…0002 is declined, 4000…9995 has insufficient funds.
// Only the calls and fields the app and the adapter use are modelled: it is not Stripe.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Card = { brand: string; last4: string; exp_month: number; exp_year: number; fingerprint: string };
type Obj = Record<string, unknown> & { id: string; status: string; client_secret: string };
const DECLINES: Record<string, string> = { '4000000000000002': 'card_declined', '4000000000009995': 'insufficient_funds' };
const THREE_DS = new Set(['4000002760003184']);

export type FakeStripe = {
  url: string;
  /** Every call: who made it (secret or publishable key) and what it carried. */
  calls: Array<{ method: string; path: string; key: string; body: string; idempotencyKey?: string }>;
  handle: (method: string, path: string, headers: Record<string, string>, body: string) => Promise<{ status: number; body: unknown }>;
  close: () => Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, Obj>();
  const setups = new Map<string, Obj>();
  const methods = new Map<string, { id: string; object: 'payment_method'; customer: string | null; card: Card; number: string }>();
  const byKey = new Map<string, { status: number; body: unknown }>();
  const calls: FakeStripe['calls'] = [];
  let n = 0;
  const id = (p: string) => `${p}_e2e${++n}${Math.random().toString(36).slice(2, 8)}`;

  /** What a stored intent looks like when read: the latest charge expanded with its card. */
  const view = (pi: Obj) => {
    const pm = methods.get(String(pi.payment_method ?? ''));
    return { ...pi, latest_charge: pi.status === 'succeeded' && pm ? { payment_method_details: { card: pm.card } } : null };
  };
  const setupView = (si: Obj) => ({ ...si, payment_method: methods.get(String(si.payment_method ?? '')) ?? null });

  function newMethod(form: URLSearchParams) {
    const number = (form.get('payment_method_data[card][number]') ?? '').replace(/\D/g, '');
    const card: Card = {
      brand: number.startsWith('5') ? 'mastercard' : 'visa',
      last4: number.slice(-4),
      exp_month: Number(form.get('payment_method_data[card][exp_month]')),
      exp_year: Number(form.get('payment_method_data[card][exp_year]')),
      fingerprint: `fp_${number}`,
    };
    const pm = { id: id('pm'), object: 'payment_method' as const, customer: null as string | null, card, number };
    methods.set(pm.id, pm);
    return pm;
  }

  /** The bank's answer to a card on an intent (payment or setup): what Stripe's test cards do. */
  function charge(obj: Obj, pm: { id: string; number: string }, customer: string | null, failure: string) {
    obj.payment_method = pm.id;
    const decline = DECLINES[pm.number];
    if (decline) {
      obj.status = 'requires_payment_method';
      obj[failure] = { type: 'card_error', code: 'card_declined', decline_code: decline };
      return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: decline } } };
    }
    obj[failure] = null;
    if (THREE_DS.has(pm.number) && obj.status !== 'authenticated') {
      obj.status = 'requires_action';
      obj.next_action = { type: 'use_stripe_sdk' };
    } else {
      obj.status = 'succeeded';
      obj.next_action = null;
      const m = methods.get(pm.id)!;
      if (customer) m.customer = customer;
    }
    return { status: 200, body: obj };
  }

  async function handle(method: string, path: string, headers: Record<string, string>, raw: string) {
    const url = new URL(path, 'http://x');
    const form = new URLSearchParams(raw || url.search);
    const key = (headers.authorization ?? '').replace(/^Bearer /, '') || form.get('key') || '';
    const idem = headers['idempotency-key'];
    calls.push({ method, path: url.pathname, key, body: raw, idempotencyKey: idem });
    const remembered = idem && byKey.get(`${url.pathname}:${idem}`);
    if (method === 'POST' && remembered) return remembered;
    const keep = (r: { status: number; body: unknown }) => (idem && byKey.set(`${url.pathname}:${idem}`, r), r);
    const secretKey = key.startsWith('sk_test_');
    const p = url.pathname;
    let m: RegExpExecArray | null;

    // Our server (secret key).
    if (secretKey && method === 'POST' && p === '/v1/customers') return keep({ status: 200, body: { id: id('cus'), object: 'customer' } });
    if (secretKey && method === 'POST' && p === '/v1/payment_intents') {
      const pi: Obj = {
        id: id('pi'),
        object: 'payment_intent',
        status: 'requires_payment_method',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        customer: form.get('customer'),
        payment_method: null,
        last_payment_error: null,
        client_secret: '',
      };
      pi.client_secret = `${pi.id}_secret_e2e`;
      intents.set(pi.id, pi);
      const saved = methods.get(form.get('payment_method') ?? '');
      if (saved && form.get('confirm') === 'true') {
        const r = charge(pi, saved, String(pi.customer), 'last_payment_error');
        return keep(r.status === 402 ? { status: 402, body: { error: { ...(r.body as { error: object }).error, payment_intent: pi } } } : { status: 200, body: view(pi) });
      }
      return keep({ status: 200, body: view(pi) });
    }
    if (secretKey && method === 'GET' && (m = /^\/v1\/payment_intents\/(\w+)$/.exec(p)) && intents.has(m[1]!))
      return { status: 200, body: view(intents.get(m[1]!)!) };
    if (secretKey && method === 'POST' && (m = /^\/v1\/payment_intents\/(\w+)\/cancel$/.exec(p)) && intents.has(m[1]!)) {
      const pi = intents.get(m[1]!)!;
      if (pi.status === 'succeeded') return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' } } };
      pi.status = 'canceled';
      return { status: 200, body: view(pi) };
    }
    if (secretKey && method === 'POST' && p === '/v1/setup_intents') {
      const si: Obj = { id: id('seti'), object: 'setup_intent', status: 'requires_payment_method', customer: form.get('customer'), payment_method: null, last_setup_error: null, client_secret: '' };
      si.client_secret = `${si.id}_secret_e2e`;
      setups.set(si.id, si);
      return keep({ status: 200, body: si });
    }
    if (secretKey && method === 'GET' && (m = /^\/v1\/setup_intents\/(\w+)$/.exec(p)) && setups.has(m[1]!))
      return { status: 200, body: setupView(setups.get(m[1]!)!) };
    if (secretKey && method === 'POST' && (m = /^\/v1\/payment_methods\/(\w+)\/detach$/.exec(p)) && methods.has(m[1]!)) {
      methods.get(m[1]!)!.customer = null;
      return { status: 200, body: methods.get(m[1]!) };
    }

    // Stripe.js (publishable key + the intent's client secret).
    if (key.startsWith('pk_test_') && (m = /^\/v1\/(payment_intents|setup_intents)\/(\w+)(\/confirm|\/authenticate)?$/.exec(p))) {
      const payment = m[1] === 'payment_intents';
      const obj = (payment ? intents : setups).get(m[2]!);
      if (!obj || obj.client_secret !== form.get('client_secret'))
        return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
      const failure = payment ? 'last_payment_error' : 'last_setup_error';
      if (m[3] === '/confirm') {
        const pm = newMethod(form);
        // A card typed for a payment with setup_future_usage, or for a setup, stays on the customer.
        const r = charge(obj, pm, String(obj.customer ?? ''), failure);
        return r.status === 402 ? r : { status: 200, body: obj };
      }
      if (m[3] === '/authenticate') {
        // The bank's 3-D Secure page, answered by the fake Stripe.js's dialog.
        if (obj.status !== 'requires_action') return { status: 200, body: obj };
        if (form.get('result') !== 'complete') {
          obj.status = 'requires_payment_method';
          obj.next_action = null;
          const code = payment ? 'payment_intent_authentication_failure' : 'setup_intent_authentication_failure';
          obj[failure] = { type: 'invalid_request_error', code };
          return { status: 402, body: { error: { type: 'invalid_request_error', code } } };
        }
        obj.status = 'authenticated';
        const pm = methods.get(String(obj.payment_method))!;
        charge(obj, pm, String(obj.customer ?? ''), failure);
        return { status: 200, body: obj };
      }
      return { status: 200, body: obj };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `fake Stripe: no ${method} ${p}` } } };
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const r = await handle(req.method ?? 'GET', req.url ?? '/', headers, raw);
      res.writeHead(r.status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
      res.end(JSON.stringify(r.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    handle,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
