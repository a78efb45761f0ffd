// Realtime on the same port: the websocket endpoint /app/:key (Pusher protocol), the channel
// authorisation and user authentication endpoints pusher-js calls, Pusher's HTTP API
// (http-api.ts) and the admin's new-version announcement (SPEC §7 'update' channel).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { channelAuth, userAuth } from './protocol.ts';
import { authorizeChannel } from './channel-rules.ts';
import httpApi from './http-api.ts';
import { forbidden } from '../../lib/errors.ts';
import { plainString } from '../../../src/shared/input-rules.ts';
import { API_PREFIX } from '../../../src/shared/constants.ts';

export const prefix = '';

const socketId = z
  .string()
  .max(64)
  .regex(/^\d+\.\d+$/);
/** An admin announcing versions faster than this is a mistake, not a release. */
export const ANNOUNCE_RATE = { max: 10, timeWindow: '1 minute' };

const routes: FastifyPluginAsyncZod = async (app) => {
  const c = app.config;
  const hub = app.realtimeHub;
  app.addHook('onClose', async () => hub.close());

  app.get('/app/:key', { websocket: true, schema: { hide: true } }, (socket, req) => {
    hub.attach(
      socket,
      (req.params as { key: string }).key,
      req.ip,
      (req.query as { protocol?: unknown }).protocol,
    );
  });

  await app.register(httpApi({ hub, appId: c.PUSHER_APP_ID, key: c.PUSHER_KEY, secret: c.PUSHER_SECRET }));

  app.post(
    `${API_PREFIX}/broadcasting/auth`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['realtime'],
        summary: 'Semnătura pentru un canal privat sau de prezență (pusher-js / laravel-echo)',
        security: [{ bearer: [] }],
        body: z.object({ socket_id: socketId, channel_name: plainString(164).min(1, 'FIELD_REQUIRED') }),
      },
    },
    async (req) => {
      const { socket_id, channel_name } = req.body;
      const grant = await authorizeChannel(app.db, req.auth!.id, channel_name);
      if (!grant) throw forbidden();
      const auth = channelAuth(c.PUSHER_KEY, c.PUSHER_SECRET, socket_id, channel_name, grant.channelData);
      return grant.channelData ? { auth, channel_data: grant.channelData } : { auth };
    },
  );

  app.post(
    `${API_PREFIX}/broadcasting/user-auth`,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['realtime'],
        summary:
          'Autentificarea conexiunii ca utilizator (pusher:signin): evenimente trimise direct utilizatorului',
        security: [{ bearer: [] }],
        body: z.object({ socket_id: socketId }),
      },
    },
    async (req) => {
      const user_data = JSON.stringify({ id: String(req.auth!.id) });
      return { auth: userAuth(c.PUSHER_KEY, c.PUSHER_SECRET, req.body.socket_id, user_data), user_data };
    },
  );

  app.post(
    `${API_PREFIX}/admin/announce-update`,
    {
      preHandler: app.requireAdmin,
      config: { rateLimit: ANNOUNCE_RATE },
      schema: {
        tags: ['admin'],
        summary:
          "Anunță o versiune nouă: canalul public 'update', evenimentul 'update' deschide fereastra de actualizare",
        security: [{ bearer: [] }],
        body: z.object({ version: plainString(40).optional() }).nullish(),
      },
    },
    async (req, reply) => {
      const version = req.body?.version;
      await app.realtime.trigger('update', 'update', version ? { version } : {});
      return reply.code(204).send();
    },
  );
};
export default routes;
