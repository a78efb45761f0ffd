import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { partnerEnabled } from '../partner/oidc.ts';

// Health (liveness, readiness) and the public settings the app needs before sign-in (product name, optional integrations).
const readiness = z.object({ ready: z.boolean(), db: z.boolean(), draining: z.boolean() });
const READY_DB_TIMEOUT_MS = 2_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), ms);
    }),
  ]);
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['system'], response: { 200: z.object({ ok: z.boolean(), db: z.string() }) } } }, async () => {
    await app.db.query('select 1');
    return { ok: true, db: app.db.kind };
  });
  // Liveness: the process runs its event loop. Nothing else is asked, so a database that is away
  // does not get every process restarted by its supervisor (they recover by themselves).
  app.get('/health/live', { schema: { tags: ['system'], response: { 200: z.object({ ok: z.literal(true) }) } } }, async () => ({ ok: true as const }));
  // Readiness: this process should be sent requests — the database answers and the process is not
  // draining for a shutdown. A load balancer or orchestrator takes the process out while it is 503.
  app.get(
    '/health/ready',
    { schema: { tags: ['system'], response: { 200: readiness, 503: readiness } } },
    async (_req, reply) => {
      const db = await withTimeout(app.db.query('select 1').then(() => true), READY_DB_TIMEOUT_MS).catch(() => false);
      const ready = db && !app.lifecycle.draining;
      return reply.code(ready ? 200 : 503).send({ ready, db, draining: app.lifecycle.draining });
    },
  );
  app.get(
    '/settings',
    {
      schema: {
        tags: ['system'],
        response: {
          200: z.object({
            product: z.string(),
            google_client_id: z.string().nullable(),
            /** The partner's display name when the partner account is configured, else null (no button then). */
            partner_name: z.string().nullable(),
            recaptcha_site_key: z.string().nullable(),
            dev_banner: z.boolean(),
            pusher: z.object({ key: z.string(), host: z.string().nullable(), port: z.number().nullable(), scheme: z.string().nullable() }),
          }),
        },
      },
    },
    async () => ({
      product: app.config.PRODUCT_NAME,
      google_client_id: app.config.GOOGLE_CLIENT_ID ?? null,
      partner_name: partnerEnabled(app.config) ? app.config.PARTNER_NAME : null,
      recaptcha_site_key: app.config.RECAPTCHA_SITE_KEY ?? null,
      dev_banner: app.config.DEV_BANNER || app.config.NODE_ENV === 'development',
      pusher: {
        key: app.config.PUSHER_KEY,
        host: app.config.PUSHER_HOST ?? null,
        port: app.config.PUSHER_PORT ?? null,
        scheme: app.config.PUSHER_SCHEME ?? null,
      },
    }),
  );
};
export default routes;
