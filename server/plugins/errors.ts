// One error model for the whole API (SPEC §8): every failure is { errors: { field: [CODE] } }.
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { AppError, ValidationFailure } from '../lib/errors.ts';
import { API_PREFIX } from '../../src/shared/constants.ts';

const body = (code: string) => ({ errors: { general: [code] } });

export default fp(async (app) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ValidationFailure) return reply.code(422).send(err.body);
    if (err instanceof AppError) return reply.code(err.status).send(err.body);
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send(body('FORM_PAYLOAD_TOO_LARGE'));
    if (status === 429) return reply.code(429).send(body('FORM_TOO_MANY_REQUESTS'));
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send(body('FIELD_INVALID'));
    if (status >= 400 && status < 500) return reply.code(status).send(body('FIELD_INVALID'));
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(body('FORM_AN_ERROR_HAS_OCCURRED'));
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith(API_PREFIX) || !app.hasDecorator('serveIndex')) {
      return reply.code(404).send(body('FORM_ROUTE_NOT_FOUND'));
    }
    return (app as unknown as { serveIndex: (r: typeof req, p: typeof reply) => unknown }).serveIndex(req, reply);
  });
});
