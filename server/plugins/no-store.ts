// Cache-Control for the API: every /api/v1 answer is personal or changes with the data, and the
// app keeps what it needs offline in IndexedDB, so nothing under /api/v1 may be stored by the
// browser's HTTP cache or a shared proxy. A route serving public, cacheable content sets its own
// Cache-Control (the static media under /media and /content-media do, outside /api/v1).
import fp from 'fastify-plugin';
import { API_PREFIX } from '../../src/shared/constants.ts';

export default fp(async (app) => {
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith(API_PREFIX) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
