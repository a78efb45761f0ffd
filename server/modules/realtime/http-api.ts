// Pusher's HTTP API on our server, so the official `pusher` library (or any Pusher client
// library) publishes to our hub: events, batch_events, channel queries and ending a user's
// connections. Requests are authenticated by signature (http-auth.ts) over the raw body, before
// the body is parsed; answers follow Pusher's (JSON on success, text on errors).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Hub } from './hub.ts';
import { signatureProblem } from './http-auth.ts';
import { isPresence, USER_CHANNEL_PREFIX } from './protocol.ts';

/** Pusher's limits: 10 KB of data per event, 100 channels per event, 10 events per batch. */
export const HTTP_LIMITS = {
  EVENT_DATA_BYTES: 10 * 1024,
  CHANNELS_PER_EVENT: 100,
  BATCH_EVENTS: 10,
} as const;
const BODY_LIMIT = 128 * 1024;

const channelName = z
  .string()
  .max(200)
  .regex(/^(#server-to-user-)?[A-Za-z0-9_\-=@,.;]+$/);
const eventFields = {
  name: z.string().min(1).max(200),
  data: z.string(),
  socket_id: z
    .string()
    .max(64)
    .regex(/^\d+\.\d+$/)
    .optional(),
  info: z.string().max(200).optional(),
};
const eventBody = z.object({
  ...eventFields,
  channels: z.array(channelName).min(1).max(HTTP_LIMITS.CHANNELS_PER_EVENT).optional(),
  channel: channelName.optional(),
});
const batchBody = z.object({
  batch: z
    .array(z.object({ ...eventFields, channel: channelName }))
    .min(1)
    .max(HTTP_LIMITS.BATCH_EVENTS),
});

type Params = { appId: string; channel?: string; userId?: string };

const plugin =
  (opts: { hub: Hub; appId: string; key: string; secret: string }): FastifyPluginAsync =>
  async (app) => {
    const { hub } = opts;
    // The signature covers the body's MD5, so the body is kept as the client sent it.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );

    app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
      if ((req.params as Params).appId !== opts.appId) return text(reply, 404, 'Unknown app');
      const [path = '', query = ''] = req.url.split('?', 2);
      const body = typeof req.body === 'string' ? req.body : '';
      let problem = signatureProblem({ method: req.method, path, query, body }, opts.key, opts.secret);
      // A client may have signed the path before or after percent-encoding it.
      if (problem === 'Invalid signature' && path.includes('%'))
        problem = signatureProblem(
          { method: req.method, path: safeDecode(path), query, body },
          opts.key,
          opts.secret,
        );
      if (problem) return text(reply, 401, problem);
    });

    const hide = { schema: { hide: true } };

    app.post('/apps/:appId/events', hide, async (req, reply) => {
      const parsed = eventBody.safeParse(parseJson(req.body));
      if (!parsed.success) return text(reply, 400, 'Invalid event');
      const e = parsed.data;
      const channels = e.channels ?? (e.channel ? [e.channel] : []);
      if (channels.length === 0) return text(reply, 400, 'No channel');
      if (Buffer.byteLength(e.data) > HTTP_LIMITS.EVENT_DATA_BYTES)
        return text(reply, 413, 'Event data too large');
      await hub.trigger(channels, e.name, e.data, { exceptSocketId: e.socket_id });
      return {};
    });

    app.post('/apps/:appId/batch_events', hide, async (req, reply) => {
      const parsed = batchBody.safeParse(parseJson(req.body));
      if (!parsed.success) return text(reply, 400, 'Invalid batch');
      if (parsed.data.batch.some((e) => Buffer.byteLength(e.data) > HTTP_LIMITS.EVENT_DATA_BYTES))
        return text(reply, 413, 'Event data too large');
      await hub.triggerBatch(parsed.data.batch);
      return {};
    });

    app.get('/apps/:appId/channels', hide, async (req) => {
      const q = req.query as { filter_by_prefix?: unknown; info?: unknown };
      const prefix = typeof q.filter_by_prefix === 'string' ? q.filter_by_prefix : '';
      const wantUsers = infoWants(q.info, 'user_count');
      const channels: Record<string, { user_count?: number }> = {};
      for (const name of (await hub.adapter.channels()).keys()) {
        if (!name.startsWith(prefix)) continue;
        channels[name] =
          wantUsers && isPresence(name) ? { user_count: (await hub.adapter.members(name)).length } : {};
      }
      return { channels };
    });

    app.get('/apps/:appId/channels/:channel', hide, async (req) => {
      const { channel = '' } = req.params as Params;
      const info = (req.query as { info?: unknown }).info;
      const subscriptions = (await hub.adapter.channels()).get(channel) ?? 0;
      return {
        occupied: subscriptions > 0,
        ...(infoWants(info, 'subscription_count') ? { subscription_count: subscriptions } : {}),
        ...(infoWants(info, 'user_count') && isPresence(channel)
          ? { user_count: (await hub.adapter.members(channel)).length }
          : {}),
      };
    });

    app.get('/apps/:appId/channels/:channel/users', hide, async (req, reply) => {
      const { channel = '' } = req.params as Params;
      if (!isPresence(channel)) return text(reply, 400, 'Only presence channels have users');
      return { users: (await hub.adapter.members(channel)).map((m) => ({ id: m.user_id })) };
    });

    app.post('/apps/:appId/users/:userId/terminate_connections', hide, async (req, reply) => {
      const { userId = '' } = req.params as Params;
      if (!channelName.safeParse(USER_CHANNEL_PREFIX + userId).success)
        return text(reply, 400, 'Invalid user id');
      await hub.terminateUser(userId);
      return {};
    });
  };
export default plugin;

function text(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).type('text/plain; charset=utf-8').send(message);
}

function parseJson(body: unknown): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function infoWants(info: unknown, attribute: string): boolean {
  return typeof info === 'string' && info.split(',').includes(attribute);
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
