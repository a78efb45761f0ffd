// Stripe's webhook: the event is verified on the raw body with the signing secret
// (stripe.webhooks.constructEvent), then only its intent id is used: the service reads the intent
// from Stripe itself and settles the order, so neither a forged nor a replayed event can pay twice.
import type { FastifyPluginAsync } from 'fastify';
import Stripe from 'stripe';
import { badRequest } from '../../lib/errors.ts';

type Options = {
  secret: string | undefined;
  settle: (intentId: string) => Promise<unknown>;
  /** A saved card's SetupIntent (cards.ts settleSetup), read back from Stripe the same way. */
  settleSetup?: (setupIntentId: string) => Promise<unknown>;
};

/** Events per address: Stripe retries and bursts, a stranger gets nowhere without the secret. */
export const WEBHOOK_RATE = { max: 600, timeWindow: '1 minute' };

const stripeWebhook: FastifyPluginAsync<Options> = async (app, { secret, settle, settleSetup }) => {
  // The signature covers the exact bytes: this plugin (and only it) keeps JSON bodies raw.
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
  const verifier = Stripe.webhooks;

  app.post(
    '/payments/webhook/stripe',
    {
      config: { rateLimit: { ...WEBHOOK_RATE, keyGenerator: (req: { ip: string }) => `stripe-webhook:${req.ip}` } },
      schema: { tags: ['payments'], summary: 'Webhook Stripe (semnat): aduce comanda la zi cu intenția de plată' },
    },
    async (req) => {
      const signature = req.headers['stripe-signature'];
      if (!secret || typeof signature !== 'string' || !Buffer.isBuffer(req.body)) throw badRequest('FORM_WEBHOOK_SIGNATURE_INVALID');
      let event: { id: string; type: string; data: { object: { id?: unknown; object?: unknown } } };
      try {
        event = verifier.constructEvent(req.body, signature, secret) as unknown as typeof event;
      } catch {
        throw badRequest('FORM_WEBHOOK_SIGNATURE_INVALID');
      }
      const obj = event.data?.object;
      if (event.type.startsWith('payment_intent.') && obj?.object === 'payment_intent' && typeof obj.id === 'string') await settle(obj.id);
      if (settleSetup && event.type.startsWith('setup_intent.') && obj?.object === 'setup_intent' && typeof obj.id === 'string')
        await settleSetup(obj.id);
      return { received: true };
    },
  );
};

export default stripeWebhook;
