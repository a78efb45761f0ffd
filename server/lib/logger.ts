// How the server logs (issue 12 §3: request logging must not cost a synchronous write per request).
// - pino writes to stdout through an asynchronous sonic-boom: a log call appends to a buffer and
//   the write happens off the request path (lines written together under load), so a slow log
//   reader (a full pipe) never blocks the event loop; pino flushes it synchronously on exit.
// - One line per request at info ('request': method, url, status, ms), instead of Fastify's two
//   ('incoming request' + 'request completed'). LOG_LEVEL=warn drops it.
// Measured in docs/MEASUREMENTS.md (npm run bench, BENCH_LOG=app against BENCH_LOG=off).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pino from 'pino';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const GIVEN_ID = /^[\w-]{8,64}$/;

/** Fastify's genReqId: the caller's X-Request-Id when it looks like one (a proxy's, to follow a
 *  request across logs), else a fresh UUID. In every log line of the request and in its answer. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
}

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(req)) return;
    const line = { method: req.method, url: req.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** Fastify's `logger` option for a level: pino options with the asynchronous stdout. */
export function loggerOptions(level: string): { level: string; stream: pino.DestinationStream } {
  // At most 16 MiB waiting for a stalled reader; past that, lines are dropped rather than the
  // process growing without bound (a synchronous write would block every request instead).
  return { level, stream: pino.destination({ dest: 1, sync: false, maxLength: 16 * 1024 * 1024 }) };
}
