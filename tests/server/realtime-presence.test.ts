// Presence counted once per user, pusher:signin with events for one user, and the protocol's
// error codes for what the hub refuses (issue 7 §1), on one process (no Redis).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { newToken, hashToken } from '../../server/lib/tokens.ts';
import { connect as connectTo, dataOf, open, pings, subscribe, type Client } from './fixtures/ws.ts';
import { channelAuth, ERR, userAuth } from '../../server/modules/realtime/protocol.ts';

let t: TestApp;
let base: string;
let userId: number;
let token: string;
let key: string;
let secret: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  ({ PUSHER_KEY: key, PUSHER_SECRET: secret } = t.app.config);
  const u = await t.db.one<{ id: number }>(
    "insert into users (name, email, password_hash) values ('Ana Pop', 'presence@example.ro', null) returning id",
  );
  userId = u!.id;
  token = newToken();
  await t.db.query(
    "insert into auth_tokens (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')",
    [userId, hashToken(token)],
  );
});
afterAll(() => t.close());

const connect = () => connectTo(base, t.app.config.PUSHER_KEY);

async function join(c: Client, channel: string, user: string) {
  const data = JSON.stringify({ user_id: user, user_info: { name: user } });
  subscribe(c, channel, channelAuth(key, secret, c.socketId, channel, data), data);
  return dataOf(await c.next('pusher_internal:subscription_succeeded')).presence as {
    ids: string[];
    count: number;
  };
}

async function closeAndWait(c: Client) {
  const before = t.app.realtimeHub.connectionCount;
  c.ws.close();
  await expect.poll(() => t.app.realtimeHub.connectionCount).toBe(before - 1);
}

describe('presence: one member per user, not per tab', () => {
  it('announces a user once for two tabs and removes them only when the last tab leaves', async () => {
    const channel = 'presence-room.tabs';
    const bystander = await connect();
    await join(bystander, channel, 'b');

    const tab1 = await connect();
    expect((await join(tab1, channel, 'u')).ids.sort()).toEqual(['b', 'u']);
    expect(dataOf(await bystander.next('pusher_internal:member_added'))).toEqual({
      user_id: 'u',
      user_info: { name: 'u' },
    });

    const tab2 = await connect();
    const second = await join(tab2, channel, 'u');
    expect(second.count).toBe(2);
    // member_added would have been written to the bystander before tab2's answer; a pong after it proves none came.
    expect(await pings(bystander)).toBe(true);
    expect(bystander.queued('pusher_internal:member_added')).toBe(0);
    // tab1 heard nothing about its own user's second tab either.
    expect(await pings(tab1)).toBe(true);
    expect(tab1.queued('pusher_internal:member_added')).toBe(0);

    await closeAndWait(tab1);
    expect(await pings(bystander)).toBe(true);
    expect(bystander.queued('pusher_internal:member_removed')).toBe(0);

    // Leaving by unsubscribing counts the same as closing the tab.
    tab2.ws.send(JSON.stringify({ event: 'pusher:unsubscribe', data: { channel } }));
    expect(dataOf(await bystander.next('pusher_internal:member_removed'))).toEqual({ user_id: 'u' });
    tab2.ws.close();
    bystander.ws.close();
  });
});

describe('pusher:signin and events for one user', () => {
  async function signIn(c: Client) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/broadcasting/user-auth',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `socket_id=${c.socketId}`,
    });
    expect(res.statusCode).toBe(200);
    const { auth, user_data } = res.json() as { auth: string; user_data: string };
    expect(JSON.parse(user_data)).toEqual({ id: String(userId) });
    c.ws.send(JSON.stringify({ event: 'pusher:signin', data: { auth, user_data } }));
    expect(dataOf(await c.next('pusher:signin_success')).user_data).toBe(user_data);
  }

  it('delivers a server-to-user event to every connection signed in as that user, and to no other', async () => {
    const phone = await connect();
    const laptop = await connect();
    const stranger = await connect();
    await signIn(phone);
    await signIn(laptop);
    const strangerData = JSON.stringify({ id: String(userId + 1) });
    stranger.ws.send(
      JSON.stringify({
        event: 'pusher:signin',
        data: { auth: userAuth(key, secret, stranger.socketId, strangerData), user_data: strangerData },
      }),
    );
    await stranger.next('pusher:signin_success');

    // pusher-js subscribes to its own user channel after signing in; another user's is refused.
    subscribe(phone, `#server-to-user-${userId}`);
    expect((await phone.next('pusher_internal:subscription_succeeded')).channel).toBe(
      `#server-to-user-${userId}`,
    );
    subscribe(stranger, `#server-to-user-${userId}`);
    expect(dataOf(await stranger.next('pusher:subscription_error'))).toMatchObject({
      type: 'AuthError',
      status: 403,
    });

    await t.app.realtime.sendToUser(userId, 'notification', { id: 5 });
    for (const c of [phone, laptop]) {
      const ev = await c.next('notification');
      expect(ev.channel).toBe(`#server-to-user-${userId}`);
      expect(dataOf(ev)).toEqual({ id: 5 });
    }
    expect(await pings(stranger)).toBe(true);
    expect(stranger.queued('notification')).toBe(0);
    for (const c of [phone, laptop, stranger]) c.ws.close();
  });

  it('closes a connection whose sign-in is forged or names no user with 4009', async () => {
    const forged = await connect();
    forged.ws.send(
      JSON.stringify({
        event: 'pusher:signin',
        data: { auth: `${key}:00`, user_data: JSON.stringify({ id: String(userId) }) },
      }),
    );
    expect((await forged.next('pusher:error')).data).toMatchObject({ code: ERR.UNAUTHORIZED });
    expect(await forged.closed).toBe(ERR.UNAUTHORIZED);

    const noId = await connect();
    const data = JSON.stringify({ name: 'fără id' });
    noId.ws.send(
      JSON.stringify({
        event: 'pusher:signin',
        data: { auth: userAuth(key, secret, noId.socketId, data), user_data: data },
      }),
    );
    expect(await noId.closed).toBe(ERR.UNAUTHORIZED);
  });

  it('signs user data only for a signed-in caller, for a valid socket id', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/v1/broadcasting/user-auth',
      payload: { socket_id: '1.2' },
    });
    expect(anon.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/broadcasting/user-auth',
      headers: { authorization: `Bearer ${token}` },
      payload: { socket_id: 'x' },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('protocol error codes', () => {
  it('refuses client events with 4301 and keeps the connection', async () => {
    const c = await connect();
    c.ws.send(JSON.stringify({ event: 'client-typing', channel: 'private-x', data: {} }));
    expect((await c.next('pusher:error')).data).toMatchObject({ code: ERR.CLIENT_EVENT_REJECTED });
    expect(await pings(c)).toBe(true);
    c.ws.close();
  });

  it('refuses a protocol version it does not speak with 4007', async () => {
    const c = open(`ws://${base}/app/${key}?protocol=4`);
    expect((await c.next('pusher:error')).data).toMatchObject({ code: ERR.UNSUPPORTED_PROTOCOL });
    expect(await c.closed).toBe(ERR.UNSUPPORTED_PROTOCOL);
  });
});
