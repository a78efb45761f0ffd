// Client error reports (SPEC §7 POST error-logs): public, the user comes from the token only
// (the body's user_id is not trusted). Body at most 64 KB, 30 reports a minute per IP.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorLogBody } from '../../../src/shared/validation.ts';

export const ERROR_LOG_RATE = { max: 30, timeWindow: '1 minute' };
export const ERROR_LOG_BODY_LIMIT = 64 * 1024;

const clip = (s: string | null | undefined, max: number) => (s ? s.slice(0, max) : null);

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/error-logs',
    {
      config: { rateLimit: ERROR_LOG_RATE },
      bodyLimit: ERROR_LOG_BODY_LIMIT,
      schema: {
        tags: ['system'],
        description:
          'Public. Stores a client error with user agent and IP; 64 KB body, 30 per minute per IP.',
        body: errorLogBody,
        response: { 201: z.object({ success: z.boolean() }) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const info =
        b.additional_info === undefined || b.additional_info === null
          ? null
          : typeof b.additional_info === 'string'
            ? b.additional_info
            : JSON.stringify(b.additional_info);
      await app.db.query(
        `insert into error_logs (user_id, error_message, error_stack, additional_info, page_url, user_agent, ip)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          req.auth?.id ?? null,
          b.error_message,
          b.error_stack ?? null,
          info,
          b.page_url ?? null,
          clip(req.headers['user-agent'], 1000),
          req.ip,
        ],
      );
      return reply.code(201).send({ success: true });
    },
  );
};
export default routes;
