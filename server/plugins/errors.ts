// One error model for the whole API (SPEC §8): every failure is { errors: { field: [CODE] } }.
// Nothing a client sends may answer 500 (issue 11 §3): the shared schemas refuse what PostgreSQL
// cannot take, and what still gets through — a race on a unique key, a row named that does not
// exist, a value out of a column's range — is mapped here, once, from its SQLSTATE to a 4xx.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ValidationFailure } from '../lib/errors.ts';
import { API_PREFIX } from '../../src/shared/constants.ts';
import type { ErrorCode } from '../../src/shared/codes.ts';

const body = (code: ErrorCode) => ({ errors: { general: [code] } });

/** SQLSTATE → status and code, for errors caused by the data a request carried (PGlite and node-postgres alike). */
const DATABASE_ERRORS: Record<string, [number, ErrorCode]> = {
  '23505': [409, 'FORM_CONFLICT'], // unique_violation: a race, or an id reused for another row
  '23P01': [409, 'FORM_CONFLICT'], // exclusion_violation
  '21000': [422, 'FIELD_INVALID'], // cardinality_violation: one upsert naming the same row twice
  '23503': [422, 'FORM_REFERENCE_NOT_FOUND'], // foreign_key_violation: a manual, grid … that does not exist
  '23514': [422, 'FIELD_INVALID'], // check_violation
  '23502': [422, 'FIELD_REQUIRED'], // not_null_violation
  '22P02': [422, 'FIELD_INVALID'], // invalid_text_representation (a uuid that is not one …)
  '22007': [422, 'FIELD_INVALID'], // invalid_datetime_format
  '22008': [422, 'FIELD_DATE_OUT_OF_RANGE'], // datetime_field_overflow (year 0 …)
  '22003': [422, 'FIELD_TOO_LARGE'], // numeric_value_out_of_range (past int4 …)
  '22001': [422, 'FIELD_TOO_LONG'], // string_data_right_truncation
  '22021': [422, 'FIELD_TEXT_UNSUPPORTED'], // character_not_in_repertoire (a NUL byte)
  '22P05': [422, 'FIELD_TEXT_UNSUPPORTED'], // untranslatable_character (\u0000 in jsonb)
  '2202E': [422, 'FIELD_INVALID'], // array_subscript_error
  '22023': [422, 'FIELD_INVALID'], // invalid_parameter_value
  '54001': [422, 'FIELD_TOO_DEEP'], // statement_too_complex: jsonb nested too deep
};

/** The status and code for a database error caused by the request's data, or undefined (a real fault). */
export function databaseError(err: unknown): [number, ErrorCode] | undefined {
  if (typeof err !== 'object' || err === null || !('severity' in err)) return undefined;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? DATABASE_ERRORS[code] : undefined;
}

/** How long a client is told to wait while a backing service is away (seconds). */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/**
 * True when the error says a backing service (PostgreSQL, object storage) is away, not that the
 * request was wrong: SQLSTATE class 08 (connection exception), 57P01–57P03 (the server shutting
 * down or starting), node-postgres' own messages for a lost or refused connection, the pool's
 * connection timeout, a socket errno, or an S3 SDK network error or 5xx. Such a request is
 * answered 503 with Retry-After, and the app recovers by itself once the service is back.
 */
export function unavailableError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; message?: unknown; $metadata?: { httpStatusCode?: number }; name?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
  if (CONNECTION_ERRNOS.has(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (/Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection/i.test(message)) return true;
  if (e.$metadata) return (e.$metadata.httpStatusCode ?? 0) >= 500 || e.$metadata.httpStatusCode === undefined;
  if (err instanceof AggregateError) return err.errors.some(unavailableError);
  return false;
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): a malformed
 * percent-escape in the path, a path parameter over routerOptions.maxParamLength.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  return reply.code(status).send(body('FORM_URL_INVALID'));
}

export default fp(async (app) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ValidationFailure) return reply.code(422).send(err.body);
    if (err instanceof AppError) return reply.code(err.status).send(err.body);
    const mapped = databaseError(err);
    if (mapped) {
      // Logged: a mapped error still means a schema let something through (or a race happened).
      req.log.warn({ err }, 'database refused the request data');
      return reply.code(mapped[0]).send(body(mapped[1]));
    }
    if (unavailableError(err)) {
      req.log.warn({ err }, 'a backing service is unavailable');
      return reply.code(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S)).send(body('FORM_SERVICE_UNAVAILABLE'));
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send(body('FORM_PAYLOAD_TOO_LARGE'));
    if (status === 429) return reply.code(429).send(body('FORM_TOO_MANY_REQUESTS'));
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send(body('FIELD_INVALID'));
    if (err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH') return frameworkErrors(err, req, reply);
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
