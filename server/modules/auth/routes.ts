// /api/v1/auth/* and /api/v1/logout: accounts and sessions (bearer tokens).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  registerBody,
  loginBody,
  forgotPasswordBody,
  resetPasswordBody,
  confirmEmailBody,
  googleLoginBody,
} from '../../../src/shared/validation.ts';
import { userDtoSchema } from './user-dto.ts';
import * as auth from './service.ts';
import { afterReplySettled } from '../../lib/after-reply.ts';

const authAnswer = (code: string) =>
  z.object({ success: z.literal(code), token: z.string(), user: userDtoSchema });
const successAnswer = (code: string) => z.object({ success: z.literal(code) });

const client = (req: FastifyRequest): auth.Client => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

/**
 * @fastify/rate-limit route options, keyed by the client IP only: never by anything the client
 * chooses (a bearer token would open a fresh bucket per account). Per-account limits live in the
 * service, in the database (mails per account and hour, login failures per account and IP).
 */
const limit = (max: number, minutes: number) => ({
  rateLimit: {
    max,
    timeWindow: minutes * 60_000,
    keyGenerator: (req: FastifyRequest) => `auth-ip:${req.ip}`,
  },
});

const routes: FastifyPluginAsyncZod = async (app) => {
  // Mails queued after a reply are sent before the database closes.
  app.addHook('onClose', afterReplySettled);
  app.post(
    '/auth/register',
    {
      // Generous: a class behind one NAT may register together (REGISTER_RATE_PER_IP an hour).
      config: limit(app.config.REGISTER_RATE_PER_IP, 60),
      schema: {
        tags: ['auth'],
        summary: 'Creează un cont cu email și parolă',
        body: registerBody,
        response: { 201: authAnswer('REGISTER_SUCCESSFUL') },
      },
    },
    async (req, reply) => {
      const result = await auth.register(app, req.body, client(req));
      return reply.code(201).send({ success: 'REGISTER_SUCCESSFUL' as const, ...result });
    },
  );

  app.post(
    '/auth/login',
    {
      // The real limits (per IP and per account, failures only) are in the service; this only caps floods.
      config: limit(300, 15),
      schema: {
        tags: ['auth'],
        summary: 'Conectare cu email și parolă',
        body: loginBody,
        response: { 200: authAnswer('LOGIN_SUCCESSFUL') },
      },
    },
    async (req, reply) => {
      try {
        return { success: 'LOGIN_SUCCESSFUL' as const, ...(await auth.login(app, req.body, client(req))) };
      } catch (err) {
        if (err instanceof auth.LoginThrottled) reply.header('retry-after', String(err.seconds));
        throw err;
      }
    },
  );

  app.post(
    '/auth/google',
    {
      config: limit(60, 15),
      schema: {
        tags: ['auth'],
        summary: 'Conectare sau înregistrare cu Google (ID token)',
        body: googleLoginBody,
        response: { 200: authAnswer('LOGIN_SUCCESSFUL') },
      },
    },
    async (req) => ({
      success: 'LOGIN_SUCCESSFUL' as const,
      ...(await auth.googleLogin(app, req.body.credential, client(req))),
    }),
  );

  app.post(
    '/logout',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Deconectare (revocă tokenul curent)',
        security: [{ bearer: [] }],
        response: { 200: successAnswer('LOGOUT_SUCCESSFUL') },
      },
    },
    async (req) => {
      await auth.logout(app, req.auth!);
      return { success: 'LOGOUT_SUCCESSFUL' as const };
    },
  );

  app.post(
    '/auth/email/resend',
    {
      preHandler: app.authenticate,
      config: limit(5, 15),
      schema: {
        tags: ['auth'],
        summary: 'Retrimite emailul de confirmare',
        security: [{ bearer: [] }],
        response: { 200: successAnswer('EMAIL_VERIFICATION_SENT') },
      },
    },
    async (req) => {
      await auth.resendConfirmation(app, req.auth!.id);
      return { success: 'EMAIL_VERIFICATION_SENT' as const };
    },
  );

  app.post(
    '/auth/email/confirm',
    {
      config: limit(app.config.EMAIL_CONFIRM_RATE_PER_IP, 15),
      schema: {
        tags: ['auth'],
        summary: 'Confirmă adresa de email cu codul din link',
        body: confirmEmailBody,
        response: { 200: z.object({ success: z.literal('EMAIL_VERIFIED'), user: userDtoSchema }) },
      },
    },
    async (req) => ({
      success: 'EMAIL_VERIFIED' as const,
      user: await auth.confirmEmail(app, req.body.hash),
    }),
  );

  app.post(
    '/auth/password/forgot',
    {
      config: limit(5, 15),
      schema: {
        tags: ['auth'],
        summary: 'Trimite linkul de resetare a parolei',
        body: forgotPasswordBody,
        response: { 200: successAnswer('PASSWORD_RESET_SENT') },
      },
    },
    async (req) => {
      await auth.forgotPassword(app, req.body, client(req));
      return { success: 'PASSWORD_RESET_SENT' as const };
    },
  );

  app.post(
    '/auth/password/reset',
    {
      config: limit(10, 15),
      schema: {
        tags: ['auth'],
        summary: 'Setează o parolă nouă cu tokenul din link',
        body: resetPasswordBody,
        response: { 200: successAnswer('PASSWORD_RESET_SUCCESSFUL') },
      },
    },
    async (req) => {
      await auth.resetPassword(app, req.body);
      return { success: 'PASSWORD_RESET_SUCCESSFUL' as const };
    },
  );
};
export default routes;
