import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from './helpers.ts';
import { newToken, hashToken } from '../../server/lib/tokens.ts';
import { connect as connectTo, pings, type Msg } from './fixtures/ws.ts';
import { channelAuth, CLOSE_MESSAGE_TOO_BIG, LIMITS } from '../../server/modules/realtime/protocol.ts';

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

const connect = (key = t.app.config.PUSHER_KEY) => connectTo(base, key);

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

    c.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: `private-user.${userId}`, auth: `${t.app.config.PUSHER_KEY}:forged` } }));
    expect((await c.next('pusher:subscription_error')).channel).toBe(`private-user.${userId}`);
    c.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: `private-user.${userId}`, auth: own.json().auth } }));
    await c.next('pusher_internal:subscription_succeeded');
    await t.app.realtime.trigger(`private-user.${userId}`, 'notification', { id: 1 });
    expect(JSON.parse((await c.next('notification')).data as string)).toEqual({ id: 1 });
    c.ws.close();
  });
});

describe('realtime secret (issue 11 §2)', () => {
  it('is generated, not the old public default: a subscription signed with grilio-secret is refused', async () => {
    expect(t.app.config.PUSHER_SECRET).toMatch(/^[0-9a-f]{64}$/);
    const c = await connect();
    const channel = `private-user.${userId}`;
    c.ws.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel, auth: channelAuth(t.app.config.PUSHER_KEY, 'grilio-secret', c.socketId, channel) },
      }),
    );
    const err = await c.next('pusher:subscription_error');
    expect(JSON.parse(err.data as string)).toMatchObject({ type: 'AuthError', status: 401 });
    c.ws.close();
  });
});

describe('websocket hardening (issue 11 §2)', () => {
  const sign = (c: { socketId: string }, channel: string, data?: string) =>
    channelAuth(t.app.config.PUSHER_KEY, t.app.config.PUSHER_SECRET, c.socketId, channel, data);

  it('no frame throws out of the handler: bad presence data is refused and both clients are still served', async () => {
    const bystander = await connect();
    const c = await connect();
    const channel = 'presence-room.1';
    // Properly signed, so they reach the member parsing that used to throw (JSON.parse('null').user_id).
    const badData = ['null', '42', '"text"', '[]', '{}', '{"user_id":null}', '{"user_id":{}}', '{"user_id":""}', 'nu e json', `{"user_id":"${'x'.repeat(500)}"}`];
    for (const data of badData) {
      c.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: sign(c, channel, data), channel_data: data } }));
      const refused = await c.next('pusher:subscription_error');
      expect(JSON.parse(refused.data as string), data).toMatchObject({ type: 'InvalidChannelData', status: 400 });
    }
    // channel_data that is not a string at all (null, object, number) is signed as absent.
    for (const data of [null, { user_id: 1 }, 7]) {
      c.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: sign(c, channel), channel_data: data } }));
      expect(JSON.parse((await c.next('pusher:subscription_error')).data as string)).toMatchObject({ status: 400 });
    }
    // Frames that are not the protocol at all.
    const junk = [
      'nu e json',
      'null',
      '[]',
      '42',
      '{"event":1}',
      '{"event":"pusher:subscribe"}',
      '{"event":"pusher:subscribe","data":null}',
      '{"event":"pusher:subscribe","data":[1,2]}',
      '{"event":"pusher:subscribe","data":"{\\"channel\\":{}}"}',
      JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'x'.repeat(5000) } }),
      JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'private-user.1', auth: { a: 1 } } }),
      JSON.stringify({ event: 'pusher:unsubscribe', data: { channel: ['a'] } }),
      JSON.stringify({ event: 'e'.repeat(5000), data: {} }),
    ];
    for (const frame of junk) c.ws.send(frame);
    c.ws.send(Buffer.from([0, 1, 2, 255]), { binary: true });
    expect(await pings(c)).toBe(true);
    expect(await pings(bystander)).toBe(true);

    // A good member still joins, and the bystander on the channel hears about it.
    const good = JSON.stringify({ user_id: 7, user_info: { name: 'Ana' } });
    bystander.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: sign(bystander, channel, '{"user_id":"9"}'), channel_data: '{"user_id":"9"}' } }));
    await bystander.next('pusher_internal:subscription_succeeded');
    c.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: sign(c, channel, good), channel_data: good } }));
    const ok = await c.next('pusher_internal:subscription_succeeded');
    expect(JSON.parse(ok.data as string).presence.ids.sort()).toEqual(['7', '9']);
    expect(JSON.parse((await bystander.next('pusher_internal:member_added')).data as string)).toEqual({ user_id: '7', user_info: { name: 'Ana' } });
    c.ws.close();
    expect(JSON.parse((await bystander.next('pusher_internal:member_removed')).data as string)).toEqual({ user_id: '7' });
    bystander.ws.close();
  });

  it('closes a connection that sends a frame over the cap (1009) and keeps serving the others', async () => {
    const bystander = await connect();
    const c = await connect();
    c.ws.send(JSON.stringify({ event: 'pusher:ping', data: { pad: 'x'.repeat(LIMITS.MAX_FRAME_BYTES) } }));
    expect(await c.closed).toBe(CLOSE_MESSAGE_TOO_BIG);
    expect(await pings(bystander)).toBe(true);
    bystander.ws.close();
  });

  it(`refuses more than ${LIMITS.CHANNELS_PER_CONNECTION} channels on one connection`, async () => {
    const c = await connect();
    for (let i = 0; i < LIMITS.CHANNELS_PER_CONNECTION; i++) {
      c.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: `public-${i}` } }));
      await c.next('pusher_internal:subscription_succeeded');
    }
    c.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'one-too-many' } }));
    const refused = await c.next('pusher:subscription_error');
    expect(refused.channel).toBe('one-too-many');
    expect(JSON.parse(refused.data as string)).toMatchObject({ type: 'LimitReached', status: 429 });
    // Leaving a channel makes room again.
    c.ws.send(JSON.stringify({ event: 'pusher:unsubscribe', data: { channel: 'public-0' } }));
    c.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'one-too-many' } }));
    expect((await c.next('pusher_internal:subscription_succeeded')).channel).toBe('one-too-many');
    c.ws.close();
  });
});
