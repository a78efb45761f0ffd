// Realtime on the same port: the websocket endpoint /app/:key (Pusher protocol) and the channel
// authorisation endpoint laravel-echo calls for private channels.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { channelAuth } from './protocol.ts';
import { forbidden } from '../../lib/errors.ts';
import { plainString } from '../../../src/shared/input-rules.ts';

export const prefix = '';

/** Who may listen to which private channel: only their own `private-user.{id}`. */
export function mayListen(userId: number, channel: string): boolean {
  return channel === `private-user.${userId}`;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const c = app.config;
  const hub = app.realtimeHub;
  app.addHook('onClose', async () => hub.closeAll());

  app.get('/app/:key', { websocket: true, schema: { hide: true } }, (socket, req) => {
    hub.attach(socket, (req.params as { key: string }).key, req.ip);
  });

  app.post(
    '/api/v1/broadcasting/auth',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['realtime'],
        security: [{ bearer: [] }],
        body: z.object({ socket_id: z.string().regex(/^\d+\.\d+$/), channel_name: plainString(164).min(1, 'FIELD_REQUIRED') }),
      },
    },
    async (req) => {
      const { socket_id, channel_name } = req.body;
      if (!mayListen(req.auth!.id, channel_name)) throw forbidden();
      return { auth: channelAuth(c.PUSHER_KEY, c.PUSHER_SECRET, socket_id, channel_name) };
    },
  );
};
export default routes;
