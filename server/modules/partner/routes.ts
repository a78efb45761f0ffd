// /api/v1/auth/partner/* (sign-in through the partner) and /api/v1/user/partner* (connect, status, disconnect).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { partnerCallbackBody, partnerStartAnswer, partnerStatusAnswer } from '../../../src/shared/partner.ts';
import { userDtoSchema } from '../auth/user-dto.ts';
import * as partner from './service.ts';

/** Per client IP (never a value the client chooses), like the other sign-in routes. */
const limit = (max: number, minutes: number) => ({
  rateLimit: { max, timeWindow: minutes * 60_000, keyGenerator: (req: FastifyRequest) => `partner-ip:${req.ip}` },
});
/** Per signed-in user: authenticate runs first, so req.auth is set. */
const userLimit = (max: number, minutes: number) => ({
  rateLimit: {
    max,
    timeWindow: minutes * 60_000,
    keyGenerator: (req: FastifyRequest) => (req.auth ? `partner-user:${req.auth.id}` : `partner-ip:${req.ip}`),
  },
});

const callbackAnswer = z.union([
  z.object({ success: z.literal('LOGIN_SUCCESSFUL'), token: z.string(), user: userDtoSchema }),
  z.object({ success: z.literal('PARTNER_CONNECTED'), user: userDtoSchema }),
]);

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/partner/start',
    {
      config: limit(60, 15),
      schema: {
        tags: ['auth'],
        summary: 'Începe conectarea prin contul partener (URL de autorizare OpenID Connect cu PKCE)',
        response: { 200: partnerStartAnswer },
      },
    },
    async () => partner.start(app, null),
  );

  app.post(
    '/auth/partner/callback',
    {
      config: limit(60, 15),
      schema: {
        tags: ['auth'],
        summary:
          'Întoarcerea de la partener: codul, state și legătura tabului. Conectare (token) sau, pentru o legare începută din cont, contul legat',
        body: partnerCallbackBody,
        response: { 200: callbackAnswer },
      },
    },
    async (req) =>
      partner.callback(app, req.body, req.auth ? { id: req.auth.id } : null, { userAgent: req.headers['user-agent'] }),
  );

  app.get(
    '/user/partner',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Starea contului partener al utilizatorului',
        security: [{ bearer: [] }],
        response: { 200: partnerStatusAnswer },
      },
    },
    async (req) => partner.status(app, req.auth!.id),
  );

  app.post(
    '/user/partner/start',
    {
      preHandler: app.authenticate,
      config: userLimit(30, 15),
      schema: {
        tags: ['user'],
        summary: 'Începe legarea contului partener de contul conectat',
        security: [{ bearer: [] }],
        response: { 200: partnerStartAnswer },
      },
    },
    async (req) => partner.start(app, req.auth!.id),
  );

  app.delete(
    '/user/partner',
    {
      preHandler: app.authenticate,
      config: userLimit(30, 15),
      schema: {
        tags: ['user'],
        summary: 'Deconectează contul partener',
        security: [{ bearer: [] }],
        response: { 200: z.object({ success: z.literal('PARTNER_DISCONNECTED') }) },
      },
    },
    async (req) => {
      await partner.disconnect(app, req.auth!.id);
      return { success: 'PARTNER_DISCONNECTED' as const };
    },
  );
};
export default routes;
