// Saved cards (issue 8 §3, /setari/carduri): list, add (a SetupIntent-style attempt), the state
// of an attempt, make default, remove. Guards run onRequest, so a call without a token is 401
// before its input is read; adding is rate-limited per signed-in user. Registered by routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardParams, cardSetupBody, setupParams } from '../../../src/shared/card-rules.ts';
import { forbidden } from '../../lib/errors.ts';
import type { PaymentProvider } from './provider.ts';
import * as cards from './cards.ts';
// Removal closes an attempt still paying with the card (service.ts), then removes it (cards.ts).
import { removeCardWithAttempt } from './service.ts';

const tags = ['payments'];
const security = [{ bearer: [] }];
/** Card additions per user: a few tries, never a card-testing loop. */
export const CARD_SETUP_RATE = { max: 10, timeWindow: '1 minute' };

type Options = { provider: PaymentProvider | null };

const cardsRoutes: FastifyPluginAsyncZod<Options> = async (app, { provider }) => {
  const me = (req: { auth?: { id: number } | null }) => req.auth!.id;

  app.get(
    '/payments/cards',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Cardurile salvate, cel mai nou primul; renews: un abonament se reînnoiește',
      },
    },
    async (req) => cards.cards(app.db, me(req)),
  );

  app.post(
    '/payments/cards/setup',
    {
      onRequest: app.authenticate,
      config: {
        rateLimit: {
          ...CARD_SETUP_RATE,
          keyGenerator: (req: { auth?: { id: number } | null; ip: string }) =>
            `card-setup:${req.auth?.id ?? req.ip}`,
        },
      },
      schema: {
        tags,
        security,
        body: cardSetupBody,
        summary:
          'Începe (sau reia, cu aceeași cheie) adăugarea unui card: intenția de salvare a procesatorului',
      },
    },
    async (req, reply) => {
      if (!provider) throw forbidden('FORM_PAYMENTS_DISABLED');
      const r = await cards.startSetup(app.db, provider, me(req), req.body.idempotency_key);
      return reply.code(r.setup.status === 'requires_action' ? 201 : 200).send(r);
    },
  );

  app.get(
    '/payments/cards/setup/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        params: setupParams,
        summary: 'Starea unei adăugări de card proprii (serverul o aduce la zi cu procesatorul)',
      },
    },
    async (req) => cards.getSetup(app.db, provider, me(req), req.params.id),
  );

  app.post(
    '/payments/cards/:id/default',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        params: cardParams,
        summary: 'Face cardul implicit (cel cu care se reînnoiește abonamentul)',
      },
    },
    async (req) => cards.makeDefault(app.db, me(req), req.params.id),
  );

  app.delete(
    '/payments/cards/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        params: cardParams,
        summary: 'Șterge un card (ultimul rămâne cât timp abonamentul se reînnoiește)',
      },
    },
    async (req) => removeCardWithAttempt(app.db, provider, me(req), req.params.id, req.log),
  );
};

export default cardsRoutes;
