// The public contact form (/contact): stored, then mailed to support with reply-to the sender.
// A token, when present, links the message to the signed-in user. Rate-limited per IP.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactBody } from '../../../src/shared/validation.ts';
import { verifyCaptcha } from '../../lib/captcha.ts';
import { sendContactMessage } from './service.ts';

export const CONTACT_RATE = { max: 5, timeWindow: '10 minutes' };

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: CONTACT_RATE },
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['contact'],
        description: 'Public. At most 5 messages per IP in 10 minutes; captcha required when configured.',
        body: contactBody,
        response: { 200: z.object({ success: z.string() }) },
      },
    },
    async (req) => {
      await verifyCaptcha(app.config, req.body.captcha, req.ip);
      await sendContactMessage(app, {
        userId: req.auth?.id ?? null,
        name: req.body.name,
        email: req.body.email,
        message: req.body.message,
        ip: req.ip,
      });
      return { success: 'CONTACT_MESSAGE_SENT' };
    },
  );
};
export default routes;
