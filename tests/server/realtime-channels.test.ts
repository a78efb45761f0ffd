// Channel authorisation (issue 7 §1): /broadcasting/auth decides per channel who may listen, the
// presence member data is the server's, and nothing but the app version travels on a public
// channel. Plus the admin's new-version announcement on the public 'update' channel (SPEC §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { connect, dataOf, subscribe } from './fixtures/ws.ts';
import { convoChannel } from '../../server/modules/realtime/channel-rules.ts';

let t: TestApp;
let base: string;
let ana: { id: number; token: string };
let ion: { id: number; token: string };
let eve: { id: number; token: string };
let admin: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  [ana, ion, eve, admin] = await Promise.all([
    createUser(t.db, { name: 'Ana Pop', password: null }),
    createUser(t.db, { name: 'Ion Ionescu', password: null }),
    createUser(t.db, { name: 'Eva Străină', password: null }),
    createUser(t.db, { name: 'Admin', password: null, is_admin: true }),
  ]);
  await t.db.query(
    "insert into friendships (requester_id, addressee_id, status) values ($1, $2, 'accepted')",
    [ana.id, ion.id],
  );
});
afterAll(() => t.close());

const authorize = (token: string | null, channel_name: string, socket_id = '123.456') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/broadcasting/auth',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { socket_id, channel_name },
  });

describe('who may listen where', () => {
  it('private-user.{id}: only that user', async () => {
    expect((await authorize(ana.token, `private-user.${ana.id}`)).statusCode).toBe(200);
    expect((await authorize(eve.token, `private-user.${ana.id}`)).statusCode).toBe(403);
    expect((await authorize(null, `private-user.${ana.id}`)).statusCode).toBe(401);
  });

  it('presence-convo.{a}.{b}: only the two people, while friends, with member data the server writes', async () => {
    const channel = convoChannel(ana.id, ion.id);
    const c = await connect(base, t.app.config.PUSHER_KEY);
    const res = await authorize(ana.token, channel, c.socketId);
    expect(res.statusCode).toBe(200);
    const { auth, channel_data } = res.json() as { auth: string; channel_data: string };
    expect(JSON.parse(channel_data)).toEqual({ user_id: String(ana.id), user_info: { name: 'Ana Pop' } });
    subscribe(c, channel, auth, channel_data);
    expect(dataOf(await c.next('pusher_internal:subscription_succeeded')).presence).toMatchObject({
      ids: [String(ana.id)],
      count: 1,
    });
    // Another user's name in the data breaks the signature.
    const forged = JSON.stringify({ user_id: String(ion.id), user_info: { name: 'Ion Ionescu' } });
    const other = await connect(base, t.app.config.PUSHER_KEY);
    subscribe(other, channel, auth, forged);
    expect(dataOf(await other.next('pusher:subscription_error'))).toMatchObject({ type: 'AuthError' });

    expect((await authorize(ion.token, channel)).statusCode).toBe(200);
    expect((await authorize(eve.token, channel)).statusCode).toBe(403);
    // Not (or no longer) friends, or blocked: no presence either.
    await t.db.query(
      "insert into friendships (requester_id, addressee_id, status) values ($1, $2, 'pending')",
      [eve.id, ana.id],
    );
    expect((await authorize(eve.token, convoChannel(ana.id, eve.id))).statusCode).toBe(403);
    await t.db.query('insert into user_blocks (blocker_id, blocked_id) values ($1, $2)', [ion.id, ana.id]);
    expect((await authorize(ana.token, channel)).statusCode).toBe(403);
    await t.db.query('delete from user_blocks where blocker_id = $1', [ion.id]);
    // Only the canonical order names a conversation.
    const reversed = `presence-convo.${Math.max(ana.id, ion.id)}.${Math.min(ana.id, ion.id)}`;
    expect((await authorize(ana.token, reversed)).statusCode).toBe(403);
    c.ws.close();
    other.ws.close();
  });

  it('refuses every other channel, public ones included (they need no signature)', async () => {
    for (const channel of [
      'message',
      'seen',
      'update',
      'private-message',
      `private-user.${ana.id}.x`,
      'presence-convo.1',
      'presence-room.1',
    ])
      expect((await authorize(ana.token, channel)).statusCode, channel).toBe(403);
  });
});

describe('nothing private on a public channel', () => {
  it("the app's publisher refuses a public channel other than 'update'", async () => {
    await expect(t.app.realtime.trigger('message', 'message', { id: 1 })).rejects.toThrow(/public channel/);
    await expect(t.app.realtime.triggerBatch([{ channel: 'seen', name: 'seen', data: {} }])).rejects.toThrow(
      /public channel/,
    );
    await expect(
      t.app.realtime.trigger(`private-user.${ana.id}`, 'message', { id: 1 }),
    ).resolves.toBeUndefined();
    await expect(t.app.realtime.trigger('update', 'update', {})).resolves.toBeUndefined();
  });
});

describe('POST /api/v1/admin/announce-update', () => {
  const announce = (token: string | null, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/announce-update',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });

  it("sends 'update' on the public 'update' channel, for admins only", async () => {
    const c = await connect(base, t.app.config.PUSHER_KEY);
    subscribe(c, 'update');
    await c.next('pusher_internal:subscription_succeeded');
    expect((await announce(null)).statusCode).toBe(401);
    expect((await announce(ana.token)).statusCode).toBe(403);
    expect((await announce(admin.token, { version: 1 })).statusCode).toBe(422);
    expect(c.queued('update')).toBe(0);

    expect((await announce(admin.token, { version: '2026.11' })).statusCode).toBe(204);
    const ev = await c.next('update');
    expect(ev.channel).toBe('update');
    expect(dataOf(ev)).toEqual({ version: '2026.11' });
    expect((await announce(admin.token)).statusCode).toBe(204);
    expect(dataOf(await c.next('update'))).toEqual({});
    c.ws.close();
  });
});
