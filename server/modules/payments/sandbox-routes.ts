// The sandbox provider's own endpoints: what Stripe.js and the bank's 3-D Secure page would call at
// Stripe. The card form posts the card here and nowhere else; of it, only brand, last four digits
// and expiry are kept. The client secret (given only to the order's owner at checkout) is what
// authorises a call, as with Stripe; the rate limit keys on the address.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardConfirmBody, intentParams, intentQuery, threeDsBody } from '../../../src/shared/payment-rules.ts';
import type { SandboxIntent } from '../../../src/shared/payment-payloads.ts';
import { notFound } from '../../lib/errors.ts';
import type { ProviderIntent } from './provider.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

const tags = ['payments-sandbox'];
/** Card submissions and 3-D Secure answers per address. */
export const SANDBOX_RATE = { max: 60, timeWindow: '1 minute' };
const config = { rateLimit: { ...SANDBOX_RATE, keyGenerator: (req: { ip: string }) => `sandbox-pay:${req.ip}` } };

export const threeDsPath = (intentId: string) => `/plata/3ds/${intentId}`;

function view(i: ProviderIntent): SandboxIntent {
  return {
    id: i.id,
    status: i.status === 'processing' ? 'requires_action' : i.status,
    amount: i.amount,
    currency: i.currency,
    decline_code: i.decline_code,
    card: i.card ? { brand: i.card.brand, last4: i.card.last4 } : null,
    next_action: i.status === 'requires_action' ? { redirect_to: threeDsPath(i.id) } : null,
  };
}

type Options = { provider: SandboxProvider; onIntentChanged: (intentId: string) => Promise<unknown> };

const sandboxRoutes: FastifyPluginAsyncZod<Options> = async (app, { provider, onIntentChanged }) => {
  const owned = async (id: string, secret: string) => {
    const intent = await provider.withSecret(id, secret);
    if (!intent) throw notFound('FORM_PAYMENT_NOT_FOUND');
    return intent;
  };

  app.get(
    '/sandbox-pay/intents/:intent',
    {
      config,
      schema: { tags, params: intentParams, querystring: intentQuery, summary: 'Sandbox: intenția de plată (pentru pagina 3-D Secure)' },
    },
    async (req) => ({ intent: view(await owned(req.params.intent, req.query.client_secret)) }),
  );

  app.post(
    '/sandbox-pay/intents/:intent/confirm',
    {
      config,
      schema: { tags, params: intentParams, body: cardConfirmBody, summary: 'Sandbox: plătește cu un card de test' },
    },
    async (req) => {
      const { client_secret, ...card } = req.body;
      await owned(req.params.intent, client_secret);
      await provider.confirmCard(req.params.intent, card);
      await onIntentChanged(req.params.intent);
      return { intent: view((await provider.retrieveIntent(req.params.intent))!) };
    },
  );

  app.post(
    '/sandbox-pay/intents/:intent/3ds',
    {
      config,
      schema: { tags, params: intentParams, body: threeDsBody, summary: 'Sandbox: răspunsul paginii 3-D Secure (autorizează sau respinge)' },
    },
    async (req) => {
      await owned(req.params.intent, req.body.client_secret);
      await provider.authenticate(req.params.intent, req.body.result === 'approve');
      await onIntentChanged(req.params.intent);
      return { intent: view((await provider.retrieveIntent(req.params.intent))!) };
    },
  );
};

export default sandboxRoutes;
