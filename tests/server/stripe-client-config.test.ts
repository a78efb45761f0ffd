// What the app's Stripe card form needs from the server (issue 8 §2): the publishable key in
// GET /packages (only with Stripe), the configuration rules around it, and a CSP that lets Stripe.js,
// its card and 3-D Secure frames and its API calls in only when the provider is Stripe.
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, openTestDb } from './helpers.ts';
import { loadConfig } from '../../server/config.ts';
import { csp } from '../../server/plugins/csp.ts';

const seller = {
  INVOICE_SELLER_NAME: 'Firma SRL',
  INVOICE_SELLER_CIF: 'RO18547290',
  INVOICE_SELLER_REG_NO: 'J40/2345/2021',
  INVOICE_SELLER_ADDRESS: 'Str. A 1',
  INVOICE_SELLER_CITY: 'București',
};

describe('GET /packages', () => {
  const apps: Array<{ app: FastifyInstance; close: () => Promise<void> }> = [];
  async function start(env: Record<string, string>) {
    const opened = await openTestDb();
    const { app } = await buildTestApp(opened.db, env);
    apps.push({ app, close: opened.close });
    return (await app.inject({ method: 'GET', url: '/api/v1/packages' })).json();
  }
  afterAll(async () => {
    for (const a of apps) {
      await a.app.close();
      await a.close();
    }
  });

  it('gives Stripe.js its publishable key with Stripe, none with the sandbox or without the key', async () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_grilio', STRIPE_API_URL: 'http://127.0.0.1:9' };
    expect(await start({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_test_grilio' })).toMatchObject({
      provider: 'stripe',
      stripe_publishable_key: 'pk_test_grilio',
    });
    // Outside production the server starts without it, and says so: the app shows payments as unavailable.
    expect(await start(stripe)).toMatchObject({ provider: 'stripe', stripe_publishable_key: null });
    // A key set for a sandbox deployment is not handed out.
    expect(
      await start({ PAYMENTS_PROVIDER: 'sandbox', STRIPE_PUBLISHABLE_KEY: 'pk_test_grilio' }),
    ).toMatchObject({ provider: 'sandbox', stripe_publishable_key: null });
  });
});

describe('configuration', () => {
  it('refuses Stripe in production without a publishable key, and test and live keys mixed', () => {
    const prod = { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_live_abc', ...seller };
    expect(() => loadConfig({}, prod)).toThrow(/STRIPE_PUBLISHABLE_KEY: required with Stripe in production/);
    expect(loadConfig({}, { ...prod, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' }).STRIPE_PUBLISHABLE_KEY).toBe('pk_live_abc');
    expect(() => loadConfig({}, { ...prod, STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })).toThrow(/test and live keys mixed/);
    expect(() => loadConfig({}, { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' })).toThrow(
      /test and live keys mixed/,
    );
    // A secret key is never taken for the publishable one.
    expect(() => loadConfig({}, { STRIPE_PUBLISHABLE_KEY: 'sk_test_abc' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    // The sandbox in production needs none.
    expect(() => loadConfig({}, { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'sandbox' })).not.toThrow();
  });
});

describe('CSP', () => {
  const policy = (env: Record<string, string>) => csp(loadConfig({}, { NODE_ENV: 'test', ...env }));
  it('lets Stripe.js, its frames and its API in only with Stripe', () => {
    const withStripe = policy({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' });
    expect(withStripe.scriptSrc).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://*.js.stripe.com']));
    expect(withStripe.frameSrc).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']),
    );
    expect(withStripe.connectSrc).toContain('https://api.stripe.com');
    const sandbox = policy({ PAYMENTS_PROVIDER: 'sandbox', STRIPE_SECRET_KEY: 'sk_test_abc' });
    for (const list of [sandbox.scriptSrc, sandbox.frameSrc, sandbox.connectSrc])
      expect(list!.filter((s) => s.includes('stripe'))).toEqual([]);
  });
});
