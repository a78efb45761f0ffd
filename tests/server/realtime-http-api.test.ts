// Both directions with the official libraries (issue 7 §1): the `pusher` npm library publishes to
// our hub through the HTTP API and a pusher-js client (Node build) receives; and our publisher,
// with PUSHER_HOST pointed at a second instance of our server, delivers to that instance's client.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PusherClient from 'pusher-js';
import { createTestApp, type TestApp } from './helpers.ts';
import { newToken, hashToken } from '../../server/lib/tokens.ts';
import { connect, dataOf, pings, subscribe } from './fixtures/ws.ts';
import { nextEvent, portOf, pusherClient, pusherServer, subscribed } from './fixtures/pusher-clients.ts';
import { ERR, sign, userAuth } from '../../server/modules/realtime/protocol.ts';
import { convoChannel } from '../../server/modules/realtime/channel-rules.ts';

let t: TestApp;
let userId: number;
let token: string;
let client: PusherClient;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const u = await t.db.one<{ id: number }>(
    "insert into users (name, email, password_hash) values ('Ana Pop', 'http-api@example.ro', null) returning id",
  );
  userId = u!.id;
  token = newToken();
  await t.db.query(
    "insert into auth_tokens (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')",
    [userId, hashToken(token)],
  );
  client = pusherClient(t, token);
});
afterAll(async () => {
  client.disconnect();
  await t.close();
});

describe('the pusher library publishes to our hub; pusher-js receives', () => {
  it('delivers trigger and triggerBatch on public and private channels, and skips the socket_id given', async () => {
    const server = pusherServer(t);
    const news = await subscribed(client, 'news');
    const own = await subscribed(client, `private-user.${userId}`);

    const headline = nextEvent(news, 'headline');
    await server.trigger('news', 'headline', { title: 'Admitere 2026' });
    expect(await headline).toEqual({ title: 'Admitere 2026' });

    const a = nextEvent(news, 'a');
    const b = nextEvent(own, 'b');
    await server.triggerBatch([
      { channel: 'news', name: 'a', data: { n: 1 } },
      { channel: `private-user.${userId}`, name: 'b', data: { n: 2 } },
    ]);
    expect(await a).toEqual({ n: 1 });
    expect(await b).toEqual({ n: 2 });

    // The sender's own connection is left out; the next event shows the skipped one never came.
    let skippedArrived = false;
    news.bind('skipped', () => (skippedArrived = true));
    const after = nextEvent(news, 'after');
    await server.trigger('news', 'skipped', {}, { socket_id: client.connection.socket_id });
    await server.trigger('news', 'after', {});
    await after;
    expect(skippedArrived).toBe(false);
  });

  it('signs the client in through /broadcasting/user-auth and delivers sendToUser', async () => {
    client.signin();
    await client.user.signinDonePromise;
    const notice = nextEvent(client.user, 'notice');
    await pusherServer(t).sendToUser(String(userId), 'notice', { id: 9 });
    expect(await notice).toEqual({ id: 9 });
  });

  it('answers the channel queries: channels, one channel, presence users', async () => {
    const server = pusherServer(t);
    const friend = await t.db.one<{ id: number }>(
      "insert into users (name, email, password_hash) values ('Ion Pop', 'http-api-friend@example.ro', null) returning id",
    );
    await t.db.query(
      "insert into friendships (requester_id, addressee_id, status) values ($1, $2, 'accepted')",
      [userId, friend!.id],
    );
    const presence = convoChannel(userId, friend!.id);
    await subscribed(client, presence);

    const list = (await (
      await server.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })
    ).json()) as {
      channels: Record<string, { user_count?: number }>;
    };
    expect(list.channels[presence]).toEqual({ user_count: 1 });
    expect(Object.keys(list.channels).every((n) => n.startsWith('presence-'))).toBe(true);

    const one = await (
      await server.get({ path: '/channels/news', params: { info: 'subscription_count' } })
    ).json();
    expect(one).toEqual({ occupied: true, subscription_count: 1 });
    expect(await (await server.get({ path: '/channels/nobody-here' })).json()).toEqual({ occupied: false });

    const users = await (await server.get({ path: `/channels/${presence}/users` })).json();
    expect(users).toEqual({ users: [{ id: String(userId) }] });
  });
});

describe('HTTP API authentication (as Pusher signs requests)', () => {
  const base = () => `http://127.0.0.1:${portOf(t)}`;
  /** A request signed by hand, so each part can be spoiled on its own. */
  function signed(o: {
    body: string;
    sentBody?: string;
    timestamp?: number;
    secret?: string;
    path?: string;
  }) {
    const path = o.path ?? `/apps/${t.app.config.PUSHER_APP_ID}/events`;
    const params: Record<string, string> = {
      auth_key: t.app.config.PUSHER_KEY,
      auth_timestamp: String(o.timestamp ?? Math.floor(Date.now() / 1000)),
      auth_version: '1.0',
      body_md5: createHash('md5').update(o.body).digest('hex'),
    };
    const query = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const signature = sign(o.secret ?? t.app.config.PUSHER_SECRET, `POST\n${path}\n${query}`);
    return fetch(`${base()}${path}?${query}&auth_signature=${signature}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: o.sentBody ?? o.body,
    });
  }
  const event = JSON.stringify({ name: 'x', channels: ['news'], data: '{}' });

  it('accepts a correctly signed request and refuses each spoiled part with 401', async () => {
    expect((await signed({ body: event })).status).toBe(200);
    const stale = await signed({ body: event, timestamp: Math.floor(Date.now() / 1000) - 601 });
    expect(stale.status).toBe(401);
    expect(await stale.text()).toMatch(/Timestamp expired/);
    expect((await signed({ body: event, secret: 'not-the-secret' })).status).toBe(401);
    const tampered = await signed({ body: event, sentBody: event.replace('news', 'other') });
    expect(tampered.status).toBe(401);
    expect(await tampered.text()).toMatch(/body_md5/);
    const unsigned = await fetch(`${base()}/apps/${t.app.config.PUSHER_APP_ID}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: event,
    });
    expect(unsigned.status).toBe(401);
  });

  it('refuses a wrong app id (404), a bad event (400) and data over 10 KB (413), never a 500', async () => {
    await expect(pusherServer(t, { appId: '1' }).trigger('news', 'x', {})).rejects.toMatchObject({
      status: 404,
    });
    await expect(pusherServer(t, { secret: 'wrong' }).trigger('news', 'x', {})).rejects.toMatchObject({
      status: 401,
    });
    for (const body of [
      'nu e json',
      '[]',
      '{"name":"x","data":"{}"}',
      '{"name":"x","channels":["bad name!"],"data":"{}"}',
      JSON.stringify({ name: 'x', channels: ['a'], data: { not: 'a string' } }),
    ])
      expect((await signed({ body })).status, body).toBe(400);
    expect(
      (
        await signed({
          body: JSON.stringify({ name: 'x', channels: ['news'], data: 'x'.repeat(10 * 1024 + 1) }),
        })
      ).status,
    ).toBe(413);
    const batch = JSON.stringify({
      batch: Array.from({ length: 11 }, () => ({ channel: 'news', name: 'x', data: '{}' })),
    });
    expect(
      (await signed({ body: batch, path: `/apps/${t.app.config.PUSHER_APP_ID}/batch_events` })).status,
    ).toBe(400);
  });
});

describe('our publisher with PUSHER_HOST: the pusher library to another server', () => {
  let target: TestApp;
  let origin: TestApp;
  beforeAll(async () => {
    target = await createTestApp();
    await target.app.listen({ port: 0, host: '127.0.0.1' });
    const c = target.app.config;
    origin = await createTestApp({
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: String(portOf(target)),
      PUSHER_SCHEME: 'http',
      PUSHER_APP_ID: c.PUSHER_APP_ID,
      PUSHER_KEY: c.PUSHER_KEY,
      PUSHER_SECRET: c.PUSHER_SECRET,
    });
  });
  afterAll(async () => {
    await origin?.close();
    await target?.close();
  });

  it("delivers the origin's events to a client of the target instance", async () => {
    const base = `127.0.0.1:${portOf(target)}`;
    const c = await connect(base, target.app.config.PUSHER_KEY);
    subscribe(c, 'update');
    await c.next('pusher_internal:subscription_succeeded');
    await origin.app.realtime.trigger('update', 'update', { version: '3' });
    expect(dataOf(await c.next('update'))).toEqual({ version: '3' });

    const userData = JSON.stringify({ id: '77' });
    c.ws.send(
      JSON.stringify({
        event: 'pusher:signin',
        data: {
          auth: userAuth(target.app.config.PUSHER_KEY, target.app.config.PUSHER_SECRET, c.socketId, userData),
          user_data: userData,
        },
      }),
    );
    await c.next('pusher:signin_success');
    await origin.app.realtime.sendToUser(77, 'notification', { id: 1 });
    expect(dataOf(await c.next('notification'))).toEqual({ id: 1 });
    expect(await pings(c)).toBe(true);
    // Evicting through Pusher's HTTP API (no per-channel removal there) ends the user's
    // connections: pusher-js reconnects and the withdrawn channel's authorisation refuses it.
    await origin.app.realtime.evict('presence-group.abcdefabcdef', 77);
    expect(await c.closed).toBe(ERR.UNAUTHORIZED);
  });
});
