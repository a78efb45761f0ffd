// Payments (issue 8 §1–2): packages (public), checkout, an order's state, the running subscription
// and its cancellation. Guards run onRequest, so a call without a token is 401 before its input is
// read; the checkout rate limit keys on the signed-in user. With the sandbox provider, its own
// routes (sandbox-routes.ts) are registered beside these; with Stripe, its webhook (stripe-webhook.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../src/shared/input-rules.ts';
import { checkoutBody } from '../../../src/shared/payment-rules.ts';
import type { PackagesResponse } from '../../../src/shared/payment-payloads.ts';
import { forbidden } from '../../lib/errors.ts';
import * as q from './queries.ts';
import * as payments from './service.ts';
import { SandboxProvider } from './sandbox-provider.ts';
import sandboxRoutes from './sandbox-routes.ts';
import { StripeProvider, stripeClient } from './stripe-provider.ts';
import stripeWebhook from './stripe-webhook.ts';
import { paymentsMode } from './mode.ts';
import cardsRoutes from './cards-routes.ts';
import sandboxSetupRoutes from './sandbox-setup-routes.ts';
import { settleSetup } from './cards.ts';
import { startRenewalJob, type RenewalDeps } from './renewal.ts';
import { retryRenewal } from './renewal-retry.ts';
import { notify } from '../notifications/notify.ts';

const tags = ['payments'];
const security = [{ bearer: [] }];

/** Checkout attempts per user: a few retries and package changes, never a card-testing loop. */
export const CHECKOUT_RATE = { max: 10, timeWindow: '1 minute' };

export { paymentsMode } from './mode.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const mode = paymentsMode(app.config);
  if (mode === 'stripe' && !app.config.STRIPE_SECRET_KEY)
    throw new Error('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  const provider =
    mode === 'sandbox'
      ? new SandboxProvider(app.db)
      : mode === 'stripe'
        ? new StripeProvider(stripeClient(app.config.STRIPE_SECRET_KEY!, app.config.STRIPE_API_URL))
        : null;
  const me = (req: { auth?: { id: number } | null }) => req.auth!.id;
  const enabled = () => {
    if (!provider) throw forbidden('FORM_PAYMENTS_DISABLED');
    return provider;
  };

  app.get(
    '/packages',
    { schema: { tags, summary: 'Pachetele Premium: luni, preț în bani cu TVA inclus, preț pe lună' } },
    async (): Promise<PackagesResponse> => ({
      packages: await q.activePackages(app.db),
      provider: provider?.name ?? null,
      // Stripe.js needs the publishable key; without it the app says payments are unavailable.
      stripe_publishable_key: provider?.name === 'stripe' ? (app.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    }),
  );

  app.post(
    '/payments/checkout',
    {
      onRequest: app.authenticate,
      config: {
        rateLimit: {
          ...CHECKOUT_RATE,
          keyGenerator: (req: { auth?: { id: number } | null; ip: string }) =>
            `checkout:${req.auth?.id ?? req.ip}`,
        },
      },
      schema: {
        tags,
        security,
        body: checkoutBody,
        summary: 'Începe (sau reia, cu aceeași cheie) o plată: comanda și intenția de plată a procesatorului',
      },
    },
    async (req, reply) => {
      const r = await payments.checkout(app.db, enabled(), me(req), req.body);
      return reply.code(r.order.status === 'requires_action' ? 201 : 200).send(r);
    },
  );

  app.get(
    '/payments/orders/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        params: z.object({ id: idParam('FORM_PAYMENT_NOT_FOUND') }),
        summary: 'Starea unei comenzi proprii (serverul o aduce la zi cu procesatorul)',
      },
    },
    async (req) => payments.getOrder(app.db, provider, me(req), req.params.id),
  );

  app.get(
    '/payments/subscription',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Abonamentul în curs și sfârșitul Premium' },
    },
    async (req) => payments.subscription(app.db, me(req)),
  );

  app.post(
    '/payments/subscription/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Anulează abonamentul: nu se mai reînnoiește, Premium rămâne până la sfârșitul perioadei',
      },
    },
    async (req) => payments.cancel(app.db, me(req)),
  );

  app.post(
    '/payments/subscription/resume',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Reia un abonament anulat: se reînnoiește din nou la sfârșitul perioadei plătite, fără o plată acum',
      },
    },
    async (req) => payments.resume(app.db, me(req)),
  );

  const renewalDeps = (p: NonNullable<typeof provider>): RenewalDeps => ({
    db: app.db,
    provider: p,
    notify: async (userId, n) => {
      await notify(app, userId, n);
    },
    log: app.log,
  });

  app.post(
    '/payments/subscription/retry',
    {
      onRequest: app.authenticate,
      config: {
        rateLimit: {
          ...CHECKOUT_RATE,
          keyGenerator: (req: { auth?: { id: number } | null; ip: string }) => `renewal-retry:${req.auth?.id ?? req.ip}`,
        },
      },
      schema: {
        tags,
        security,
        summary: 'Plătește acum o reînnoire care nu a reușit, cu cardul implicit',
      },
    },
    async (req) => retryRenewal(renewalDeps(enabled()), me(req)),
  );

  await app.register(cardsRoutes, { provider });
  if (provider && app.config.RENEWAL_JOB_INTERVAL_S > 0 && app.config.NODE_ENV !== 'test') {
    // Every process runs the job; the queue's SKIP LOCKED claim keeps them apart (renewal.ts).
    const stop = startRenewalJob(renewalDeps(provider), app.config.RENEWAL_JOB_INTERVAL_S * 1000);
    app.addHook('onClose', async () => stop());
  }

  if (provider instanceof StripeProvider)
    await app.register(stripeWebhook, {
      secret: app.config.STRIPE_WEBHOOK_SECRET,
      settle: (intentId: string) => payments.settle(app.db, provider, intentId, app.log),
      settleSetup: (id: string) => settleSetup(app.db, provider, id),
    });
  if (provider instanceof SandboxProvider)
    await app.register(sandboxRoutes, {
      provider,
      // The sandbox's "webhook": the service asks the provider again and settles the order.
      onIntentChanged: (intentId: string) => payments.settle(app.db, provider, intentId, app.log),
    });
  if (provider instanceof SandboxProvider)
    await app.register(sandboxSetupRoutes, {
      db: app.db,
      onSetupChanged: (id: string) => settleSetup(app.db, provider, id),
    });
};

export default routes;
