// The app factory: builds a Fastify instance around a database, without opening a port,
// so tests drive it through app.inject(). main.ts adds the port and the process concerns.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { rateLimitStore } from './lib/rate-limit-store.ts';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { serializerCompiler, jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { Db } from './db/db.ts';
import type { Config } from './config.ts';
import { validateWith } from './lib/validator.ts';
import { loggerOptions, OneLinePerRequest, requestId } from './lib/logger.ts';
import { API_PREFIX, SCAN_IMAGE_MAX_BYTES } from '../src/shared/constants.ts';
import errorsPlugin, { frameworkErrors } from './plugins/errors.ts';
import authPlugin from './plugins/auth.ts';
import userCachePlugin from './plugins/user-cache.ts';
import maintenancePlugin from './plugins/maintenance.ts';
import webPlugin from './plugins/web.ts';
import headersPlugin from './plugins/headers.ts';
import { Mailer } from './modules/mail/mailer.ts';
import { startMailQueue, type MailQueue } from './modules/mail/queue.ts';
import { openMediaStore } from './lib/media-store/open.ts';
import metricsPlugin from './plugins/metrics.ts';
import { csp } from './plugins/csp.ts';
import { createRealtime } from './modules/realtime/create.ts';
import { mayStillSubscribe } from './modules/realtime/channel-rules.ts';
import { withRealtimeCredentials } from './lib/kept-secrets.ts';
import { LIMITS as REALTIME_LIMITS } from './modules/realtime/protocol.ts';
import './types.ts';

export type BuildOptions = {
  db: Db;
  config: Config;
  /** Where the built PWA is; null serves the API only (most tests). */
  distDir?: string | null;
  logger?: boolean | object;
  /** The token cache's clock (tests move it by hand); Date.now otherwise. */
  clock?: () => number;
  /** Benchmarks only (server/bench/hooks.ts prices each global part by leaving it out): never set
   *  in production or tests, where every part is needed. */
  skip?: readonly SkippablePart[];
};

/** The global parts a benchmark may leave out, one at a time: each runs on every request. */
export const SKIPPABLE_PARTS = [
  'errors',
  'metrics',
  'compress',
  'headers',
  'csp',
  'rate-limit',
  'multipart',
  'websocket',
  'maintenance',
  'swagger',
] as const;
export type SkippablePart = (typeof SKIPPABLE_PARTS)[number];

const modulesDir = join(import.meta.dirname, 'modules');

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(opts.config.LOG_LEVEL),
    logController: new OneLinePerRequest(),
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    // No path parameter is longer (file names are the longest, 200); a longer one answers 414
    // FORM_URL_INVALID, as does a malformed percent-escape (400), through frameworkErrors.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
    // Only behind a reverse proxy may X-Forwarded-For be believed (rate limits key on the IP).
    // The proxies' addresses, never `true`: with `true` the leftmost X-Forwarded-For entry, the
    // client's own writing, would be the address (TRUST_PROXY in config.ts).
    trustProxy: opts.config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(({ schema }) => (data) => validateWith(schema as ZodType, data));
  app.setSerializerCompiler(serializerCompiler);
  const wanted = (part: SkippablePart) => !opts.skip?.includes(part);

  // Realtime credentials not configured are generated once and kept in the database.
  const config = await withRealtimeCredentials(opts.db, opts.config);
  app.decorate('db', opts.db);
  app.decorate('config', config);
  app.decorate('mailer', new Mailer({ smtpUrl: opts.config.SMTP_URL, from: opts.config.MAIL_FROM, dataDir: opts.config.dataDir }, app.log));
  if (config.MAIL_QUEUE) {
    let mailQueue: MailQueue | null = null;
    app.addHook('onReady', async () => {
      mailQueue = await startMailQueue(app, config.MAIL_WORKER);
      app.mailer.queue = mailQueue;
    });
    app.addHook('onClose', async () => {
      app.mailer.queue = null;
      await mailQueue?.stop();
    });
  }
  const media = openMediaStore(config);
  app.decorate('media', media);
  app.decorate('lifecycle', { draining: false });
  app.addHook('onClose', () => media.close());

  // Every subscription to a group's, a conversation's or a thread's channel is checked against the
  // database again, not only when /broadcasting/auth signed it (a kicked member kept a signature).
  const realtime = await createRealtime(config, app.log, async (userId, channel) =>
    // A member id that is no user's (signed presence data is any string) is no member of anything;
    // channels outside the membership rules keep their signature (mayStillSubscribe).
    mayStillSubscribe(opts.db, /^\d{1,10}$/.test(userId) ? Number(userId) : -1, channel),
  );
  app.decorate('realtimeHub', realtime.hub);
  app.decorate('realtime', realtime.publisher);
  // laravel-echo posts channel authorisation as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  if (wanted('errors')) await app.register(errorsPlugin);
  if (wanted('metrics')) await app.register(metricsPlugin);
  // gzip/brotli for the app's assets and JSON; the server is reachable directly, with no proxy in front.
  if (wanted('compress')) await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Security headers (helmet's, CSP included), X-Request-Id, no-store on the API, CORS: one hook.
  const origins = opts.config.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean);
  if (wanted('headers'))
    await app.register(headersPlugin, {
      helmet: { contentSecurityPolicy: wanted('csp') ? { directives: csp(config) } : false, crossOriginEmbedderPolicy: false },
      origins: origins.length ? origins : [opts.config.publicUrl],
    });
  if (wanted('rate-limit')) await app.register(rateLimit, { global: false, ...rateLimitStore(app, config) });
  if (wanted('multipart')) await app.register(multipart, { limits: { fileSize: SCAN_IMAGE_MAX_BYTES, files: 1, fields: 30 } });
  // ws closes a connection whose frame is over the cap (1009) before buffering it.
  if (wanted('websocket')) await app.register(websocket, { options: { maxPayload: REALTIME_LIMITS.MAX_FRAME_BYTES } });
  if (wanted('maintenance')) await app.register(maintenancePlugin);
  await app.register(authPlugin, { now: opts.clock });
  await app.register(userCachePlugin, { now: opts.clock });
  if (wanted('swagger')) {
    await app.register(swagger, {
      openapi: {
        info: { title: `${opts.config.PRODUCT_NAME} API`, version: '1.0.0', description: 'API-ul aplicației. Erorile au forma { errors: { câmp: [COD] } }.' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  }

  // Each feature module is a folder under modules/ with a routes.ts exporting a Fastify plugin.
  for (const name of readdirSync(modulesDir).sort()) {
    const file = join(modulesDir, name, 'routes.ts');
    if (!existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as { default: Parameters<typeof app.register>[0]; prefix?: string };
    await app.register(mod.default, { prefix: mod.prefix ?? API_PREFIX });
  }

  if (opts.distDir) await app.register(webPlugin, { distDir: opts.distDir });
  return app;
}
