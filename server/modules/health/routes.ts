import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { partnerEnabled } from '../partner/oidc.ts';

// Liveness and the public settings the app needs before sign-in (product name, optional integrations).
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['system'], response: { 200: z.object({ ok: z.boolean(), db: z.string() }) } } }, async () => {
    await app.db.query('select 1');
    return { ok: true, db: app.db.kind };
  });
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
