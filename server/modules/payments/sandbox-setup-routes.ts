// The sandbox provider's setup-intent endpoints: what Stripe.js and the bank's 3-D Secure page
// would call at Stripe when a card is saved. The card goes here and nowhere else; the client
// secret (given only to the attempt's owner) authorises a call; the rate limit keys on the address.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  setupConfirmBody,
  setupIntentParams,
  setupIntentQuery,
  setupThreeDsBody,
} from '../../../src/shared/card-rules.ts';
import type { SandboxSetupIntent } from '../../../src/shared/card-payloads.ts';
import { notFound } from '../../lib/errors.ts';
import type { ProviderSetupIntent } from './provider.ts';
import * as setup from './sandbox-setup.ts';
import { SANDBOX_RATE, threeDsPath } from './sandbox-routes.ts';
import type { Db } from '../../db/db.ts';

const tags = ['payments-sandbox'];
const config = {
  rateLimit: { ...SANDBOX_RATE, keyGenerator: (req: { ip: string }) => `sandbox-setup:${req.ip}` },
};

function view(i: ProviderSetupIntent): SandboxSetupIntent {
  return {
    id: i.id,
    status: i.status === 'processing' ? 'requires_action' : i.status,
    decline_code: i.decline_code,
    card: i.payment_method
      ? { brand: i.payment_method.card.brand, last4: i.payment_method.card.last4 }
      : null,
    next_action: i.status === 'requires_action' ? { redirect_to: threeDsPath(i.id) } : null,
  };
}

type Options = { db: Db; onSetupChanged: (intentId: string) => Promise<unknown> };

const sandboxSetupRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, onSetupChanged }) => {
  const owned = async (id: string, secret: string) => {
    const intent = await setup.setupWithSecret(db, id, secret);
    if (!intent) throw notFound('FORM_CARD_NOT_FOUND');
    return intent;
  };
  const after = async (id: string) => {
    await onSetupChanged(id);
    return { intent: view((await setup.retrieveSetupIntent(db, id))!) };
  };

  app.get(
    '/sandbox-pay/setup-intents/:intent',
    {
      config,
      schema: {
        tags,
        params: setupIntentParams,
        querystring: setupIntentQuery,
        summary: 'Sandbox: intenția de salvare a unui card',
      },
    },
    async (req) => ({ intent: view(await owned(req.params.intent, req.query.client_secret)) }),
  );

  app.post(
    '/sandbox-pay/setup-intents/:intent/confirm',
    {
      config,
      schema: {
        tags,
        params: setupIntentParams,
        body: setupConfirmBody,
        summary: 'Sandbox: salvează un card de test',
      },
    },
    async (req) => {
      const { client_secret, ...card } = req.body;
      await owned(req.params.intent, client_secret);
      await setup.confirmSetup(db, req.params.intent, card);
      return after(req.params.intent);
    },
  );

  app.post(
    '/sandbox-pay/setup-intents/:intent/3ds',
    {
      config,
      schema: {
        tags,
        params: setupIntentParams,
        body: setupThreeDsBody,
        summary: 'Sandbox: răspunsul 3-D Secure la salvarea cardului',
      },
    },
    async (req) => {
      await owned(req.params.intent, req.body.client_secret);
      await setup.authenticateSetup(db, req.params.intent, req.body.result === 'approve');
      return after(req.params.intent);
    },
  );
};

export default sandboxSetupRoutes;
