// The reference of the API bench (issue 24 §3): a bare Fastify in a process of its own, with
// nothing of the app but its request logging, configured as the app configures it (pino at info
// through the asynchronous stdout, one line per request, the same request ids: server/lib/logger.ts),
// so that a share of its requests/s prices the app's plugins and routes, not the logging both
// must do. Serves the bare route's answer, { ok: true }, at /bench/bare, and with
// BENCH_BARE_USER (a GET /user answer of the app, JSON) the same answer at /api/v1/user: the same
// route shape, serialised on every request, for a comparison in which the bytes written are the
// same too (over loopback they cost the kernel several microseconds per KB).
// Env: BENCH_LOG (app | off), as api-server.ts; BENCH_BARE_USER.
import Fastify from 'fastify';
import { loggerOptions, OneLinePerRequest, requestId } from '../lib/logger.ts';
import { serveBench } from './child.ts';

export type BareReady = { port: number };

const logging = process.env.BENCH_LOG ?? 'app';
const app = Fastify({
  logger: logging === 'off' ? false : loggerOptions('info'),
  logController: new OneLinePerRequest(),
  genReqId: requestId,
});
app.get('/bench/bare', async () => ({ ok: true }));
if (process.env.BENCH_BARE_USER) {
  const user = JSON.parse(process.env.BENCH_BARE_USER) as unknown;
  app.get('/api/v1/user', async () => user);
}
await serveBench(app, (port) => ({ port }) satisfies BareReady, async () => {});
