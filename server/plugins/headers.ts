// The headers every answer carries, set by one synchronous onRequest hook (issue 24 §3: they were
// four plugins and five hooks, and @fastify/helmet alone rebuilt helmet — parsing the CSP — on
// every request, a third of what GET /user cost):
// - the security headers (CSP from server/plugins/csp.ts, HSTS, nosniff, frame and referrer
//   rules …): exactly what helmet's middleware sets for the options, recorded once at start;
// - X-Request-Id: the request's id (the caller's, or a fresh one: server/lib/logger.ts), so a
//   client's report can be found in the log;
// - Cache-Control: no-store on all of /api/v1: every API answer is personal or changes with the
//   data, and the app keeps what it needs offline in IndexedDB, so nothing there may be stored by
//   the browser's HTTP cache or a shared proxy. A route serving public, cacheable content sets its
//   own Cache-Control, which replaces this one (the static media under /media and /content-media
//   do, outside /api/v1);
// - CORS for simple requests, as @fastify/cors answers them: Vary: Origin, credentials allowed,
//   and the caller's Origin echoed when it is one of `origins` ('*' among them: any origin).
//   Preflights (OPTIONS) stay with @fastify/cors, registered in a scope of their own whose only
//   route is its OPTIONS catch-all, so its hook runs for preflights only.
// Set at onRequest, they are on every answer that gets that far, errors and early answers
// (maintenance 503, 401) included; the router's own refusals (a malformed URL: 400/414) come
// before any hook, as they always did.
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet, { type HelmetOptions } from 'helmet';
import { API_PREFIX } from '../../src/shared/constants.ts';

export type HeadersOptions = {
  /** helmet's options. Every CSP source must be a string: a header computed per request is not supported. */
  helmet: Readonly<HelmetOptions>;
  /** Origins allowed to call the API with credentials. */
  origins: string[];
};

/** The headers helmet's middleware sets for `options`, lower-cased, recorded from one run of it. */
export function securityHeaders(options: Readonly<HelmetOptions>): Array<[name: string, value: string]> {
  const headers: Array<[string, string]> = [];
  // helmet only sets headers, and removes X-Powered-By, which neither Node nor Fastify sends.
  const recorder = {
    setHeader: (name: string, value: string) => void headers.push([name.toLowerCase(), value]),
    removeHeader: () => {},
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => (failure = err));
  if (failure) throw failure;
  return headers;
}

export default fp<HeadersOptions>(async (app, opts) => {
  const fixed = securityHeaders(opts.helmet);
  const anyOrigin = opts.origins.includes('*');
  const allowed = new Set(opts.origins);

  app.addHook('onRequest', (req, reply, done) => {
    for (let i = 0; i < fixed.length; i++) reply.header(fixed[i]![0], fixed[i]![1]);
    reply.header('x-request-id', req.id);
    if (req.url.startsWith(API_PREFIX)) reply.header('cache-control', 'no-store');
    if (req.method !== 'OPTIONS') {
      if (anyOrigin) reply.header('access-control-allow-origin', '*');
      else {
        // Always, whatever the Origin: a cache must not give one origin's answer to another.
        reply.header('vary', 'Origin');
        const origin = req.headers.origin;
        if (origin !== undefined && allowed.has(origin)) reply.header('access-control-allow-origin', origin);
      }
      reply.header('access-control-allow-credentials', 'true');
    }
    done();
  });

  await app.register(async (preflights) => {
    await preflights.register(cors, { origin: opts.origins, credentials: true });
  });
});
