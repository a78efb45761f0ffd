// The reference of the production-path bench (api-start.ts, issue 32 §6): a bare Fastify as anyone
// would start one — Fastify's own default logger (pino at info, synchronous stdout), one line per
// request (the app's LogController: Fastify's two request lines as one) — and nothing of the app
// (no request-id generator, no hooks). Serves { ok: true } at /bench/bare and, with
// BENCH_BARE_USER, the app's GET /user answer at /api/v1/user.
// Env: BENCH_BARE_USER (a GET /user answer of the app, JSON).
import Fastify from 'fastify';
import { OneLinePerRequest } from '../lib/logger.ts';
import { serveBench } from './child.ts';

const app = Fastify({ logger: { level: 'info' }, logController: new OneLinePerRequest() });
app.get('/bench/bare', async () => ({ ok: true }));
if (process.env.BENCH_BARE_USER) {
  const user = JSON.parse(process.env.BENCH_BARE_USER) as unknown;
  app.get('/api/v1/user', async () => user);
}
await serveBench(app, (port) => ({ port }), async () => {});
