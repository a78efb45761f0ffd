// Direct messages (issue 7 §3; SPEC §7 GET /message/{id}, POST /message/convo/{user}/seen).
// Guards run onRequest, so a request without a token gets 401 before its input is read; the
// service decides who may read and write each conversation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  convoParams,
  historyQuery,
  messageParams,
  MESSAGE_RATE,
  sendMessageBody,
} from '../../../src/shared/message-rules.ts';
import * as messages from './service.ts';

const tags = ['messages'];
const security = [{ bearer: [] }];

const routes: FastifyPluginAsyncZod = async (app) => {
  const me = (req: { auth?: { id: number } | null }) => req.auth!.id;

  app.get(
    '/message/convos',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Conversațiile mele: ultimul mesaj și câte mesaje necitite' },
    },
    async (req) => messages.listConversations(app.db, me(req)),
  );

  app.get(
    '/message/convo/:user',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        params: convoParams,
        querystring: historyQuery,
        summary: 'Istoricul conversației cu un prieten, pagini înapoi de la mesajul `before`',
      },
    },
    async (req) => messages.history(app.db, me(req), req.params.user, req.query.before, req.query.limit),
  );

  app.post(
    '/message/convo/:user',
    {
      onRequest: app.authenticate,
      // Keyed by the signed-in user (the rate-limit hook runs after app.authenticate in onRequest).
      config: {
        rateLimit: {
          max: MESSAGE_RATE.max,
          timeWindow: MESSAGE_RATE.timeWindow,
          keyGenerator: (req: { auth?: { id: number } | null; ip: string }) => `message:${req.auth?.id ?? req.ip}`,
        },
      },
      schema: {
        tags,
        security,
        params: convoParams,
        body: sendMessageBody,
        summary: 'Trimite un mesaj unui prieten (id-ul UUID al clientului: o reîncercare nu îl dublează)',
      },
    },
    async (req, reply) => {
      const r = await messages.send(app, me(req), req.params.user, req.body);
      return reply.code(r.created ? 201 : 200).send({ message: r.message });
    },
  );

  app.post(
    '/message/convo/:user/seen',
    {
      onRequest: app.authenticate,
      schema: { tags, security, params: convoParams, summary: 'Marchează ca văzute mesajele primite de la un prieten' },
    },
    async (req) => messages.markSeen(app, me(req), req.params.user),
  );

  app.get(
    '/message/:id',
    {
      onRequest: app.authenticate,
      schema: { tags, security, params: messageParams, summary: 'Un mesaj (doar expeditorului și destinatarului)' },
    },
    async (req) => messages.getMessage(app.db, me(req), req.params.id),
  );
};
export default routes;
