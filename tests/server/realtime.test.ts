import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from './helpers.ts';
import { newToken, hashToken } from '../../server/lib/tokens.ts';

let t: TestApp;
let base: string;
let token: string;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address() as { port: number };
  base = `127.0.0.1:${addr.port}`;
  const u = await t.db.one<{ id: number }>(
    "insert into users (name, email, password_hash) values ('Ana Pop', 'rt@example.ro', null) returning id",
  );
  userId = u!.id;
  token = newToken();
  await t.db.query("insert into auth_tokens (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')", [userId, hashToken(token)]);
});
afterAll(() => t.close());

type Msg = { event: string; channel?: string; data: string | Record<string, unknown> };

function connect(key = 'grilio-key'): Promise<{ ws: WebSocket; socketId: string; next: (event: string) => Promise<Msg> }> {
  const ws = new WebSocket(`ws://${base}/app/${key}?protocol=7&client=js&version=8.4.0`);
  const queue: Msg[] = [];
  const waiters: Array<{ event: string; resolve: (m: Msg) => void }> = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as Msg;
    const i = waiters.findIndex((w) => w.event === m.event);
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(m);
    else queue.push(m);
  });
  const next = (event: string) =>
    new Promise<Msg>((resolve) => {
      const i = queue.findIndex((m) => m.event === event);
      if (i >= 0) resolve(queue.splice(i, 1)[0]!);
      else waiters.push({ event, resolve });
    });
  return next('pusher:connection_established').then((m) => ({
    ws,
    socketId: (JSON.parse(m.data as string) as { socket_id: string }).socket_id,
    next,
  }));
}

describe('realtime (Pusher protocol)', () => {
  it('connects, answers ping and delivers public channel events', async () => {
    const c = await connect();
    expect(c.socketId).toMatch(/^\d+\.\d+$/);
    c.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    expect((await c.next('pusher:pong')).event).toBe('pusher:pong');
    c.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'update' } }));
    await c.next('pusher_internal:subscription_succeeded');
    await t.app.realtime.trigger('update', '.update', { version: '2' });
    const ev = await c.next('.update');
    expect(ev.channel).toBe('update');
    expect(JSON.parse(ev.data as string)).toEqual({ version: '2' });
    c.ws.close();
  });

  it('rejects an unknown app key', async () => {
    const ws = new WebSocket(`ws://${base}/app/wrong`);
    const msg = await new Promise<Msg>((resolve) => ws.on('message', (raw) => resolve(JSON.parse(String(raw)))));
    expect(msg.event).toBe('pusher:error');
    ws.close();
  });

  it('authorises only the user’s own private channel', async () => {
    const c = await connect();
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/v1/broadcasting/auth',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `socket_id=${c.socketId}&channel_name=private-user.${userId}`,
    });
    expect(own.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/broadcasting/auth',
      headers: { authorization: `Bearer ${token}` },
      payload: { socket_id: c.socketId, channel_name: `private-user.${userId + 1}` },
    });
    expect(other.statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/v1/broadcasting/auth',
      payload: { socket_id: c.socketId, channel_name: `private-user.${userId}` },
    });
    expect(anon.statusCode).toBe(401);

    c.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: `private-user.${userId}`, auth: 'grilio-key:forged' } }));
    expect((await c.next('pusher:subscription_error')).channel).toBe(`private-user.${userId}`);
    c.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: `private-user.${userId}`, auth: own.json().auth } }));
    await c.next('pusher_internal:subscription_succeeded');
    await t.app.realtime.trigger(`private-user.${userId}`, 'notification', { id: 1 });
    expect(JSON.parse((await c.next('notification')).data as string)).toEqual({ id: 1 });
    c.ws.close();
  });
});
