// Access withdrawn while a socket is open (issue 22 §2): channel access is checked only at
// subscribe, so the server evicts. A kicked member's socket gets the kick, then nothing more
// (no 'started', 'answered', 'grid-closed' with everyone's scores) and leaves the presence list; so
// does a member who leaves; a block ends both people's conversation channel. Then the same across
// two processes on one Redis: the kick handled by process A evicts the socket held by process B.
import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDb, type TestApp } from './helpers.ts';
import type { FixtureUser } from './learning-fixture.ts';
import { befriend, call, groupWorld } from './groups-fixture.ts';
import { connect, dataOf, pings, subscribe, type Client } from './fixtures/ws.ts';
import { convoChannel } from '../../server/modules/realtime/channel-rules.ts';
import { groupChannel, type GroupEvent } from '../../src/shared/group-payloads.ts';
import type { FastifyInstance } from 'fastify';

type World = Awaited<ReturnType<typeof groupWorld>>;

/** A socket subscribed to a channel, with the signature it was given (a kicked member may keep it). */
type Listener = Client & { signed: { auth: string; channelData?: string } };

/** Subscribes a socket of `u` on `app` to `channel`, authorised by the app's own /broadcasting/auth. */
async function listen(app: FastifyInstance, u: FixtureUser, channel: string): Promise<Listener> {
  const c = await connect(`127.0.0.1:${(app.server.address() as { port: number }).port}`, app.config.PUSHER_KEY);
  const r = await call(app)(u, 'POST', '/broadcasting/auth', { socket_id: c.socketId, channel_name: channel });
  expect(r.status).toBe(200);
  const signed = { auth: r.body.auth as string, channelData: r.body.channel_data as string | undefined };
  subscribe(c, channel, signed.auth, signed.channelData);
  await c.next('pusher_internal:subscription_succeeded');
  return Object.assign(c, { signed });
}

/** The next group event of this type on the socket (earlier ones of other types are skipped). */
async function nextGroup(c: Client, type: GroupEvent['type']): Promise<GroupEvent> {
  for (;;) {
    const e = dataOf(await c.next('group')) as GroupEvent;
    if (e.type === type) return e;
  }
}

/** A lobby of A (creator) with B and C joined. */
async function lobby(app: FastifyInstance, w: World): Promise<string> {
  const api = call(app);
  const [A, B, C] = w.users as [FixtureUser, FixtureUser, FixtureUser];
  const hash = (await api(A, 'POST', '/groups', { manual_id: w.manualId, count: 2, seconds_per_grid: 30, invite_ids: [B.id, C.id] })).body
    .hash as string;
  for (const u of [B, C]) expect((await api(u, 'POST', `/groups/${hash}/join`)).status).toBe(200);
  return hash;
}

/** Nothing of `event` reached the socket: a ping answered after the others' delivery proves it had its turn. */
async function heardNothing(c: Client, event: string): Promise<void> {
  expect(await pings(c)).toBe(true);
  expect(c.queued(event)).toBe(0);
}

describe('one process', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    const opened = await openTestDb();
    const { app, config } = await buildTestApp(opened.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    t = { app, db: opened.db, config, close: async () => (await app.close(), await opened.close()) };
    w = await groupWorld(t.db, 4);
  });
  afterAll(() => t.close());

  it('a kicked member hears the kick, then nothing more, and leaves the presence list', async () => {
    const api = call(t.app);
    const [A, , C] = w.users as [FixtureUser, FixtureUser, FixtureUser];
    const hash = await lobby(t.app, w);
    const channel = groupChannel(hash);
    const a = await listen(t.app, A, channel);
    const c = await listen(t.app, C, channel);
    expect((await t.app.realtimeHub.adapter.members(channel)).map((m) => m.user_id)).toContain(String(C.id));

    expect((await api(A, 'POST', `/groups/${hash}/kick`, { user_id: C.id })).status).toBe(200);
    // The kick itself reaches C (the page shows it), then the server takes C off the channel.
    expect(await nextGroup(c, 'member')).toMatchObject({ user_id: C.id, status: 'kicked' });
    await c.next('pusher_internal:unsubscribed');
    expect(dataOf(await a.next('pusher_internal:member_removed'))).toEqual({ user_id: String(C.id) });
    expect((await t.app.realtimeHub.adapter.members(channel)).map((m) => m.user_id)).not.toContain(String(C.id));

    // The test goes on without C's socket hearing any of it.
    expect((await api(A, 'POST', `/groups/${hash}/start`)).status).toBe(200);
    await nextGroup(a, 'started');
    await heardNothing(c, 'group');
    // Nor can C come back on the channel: no new signature…
    const again = await api(C, 'POST', '/broadcasting/auth', { socket_id: c.socketId, channel_name: channel });
    expect(again.status).toBe(403);
    // …and the one C kept, replayed on the same socket, is refused at subscribe time (issue 32 §6).
    const addedBefore = a.queued('pusher_internal:member_added');
    subscribe(c, channel, c.signed.auth, c.signed.channelData);
    const refused = await Promise.race([c.next('pusher:subscription_error'), c.next('pusher_internal:subscription_succeeded')]);
    expect(refused.event).toBe('pusher:subscription_error');
    expect(refused.channel).toBe(channel);
    expect(dataOf(refused)).toMatchObject({ type: 'AuthError', status: 403 });
    expect(c.queued('pusher_internal:subscription_succeeded')).toBe(0);
    expect(a.queued('pusher_internal:member_added')).toBe(addedBefore);
    expect((await t.app.realtimeHub.adapter.members(channel)).map((m) => m.user_id)).not.toContain(String(C.id));
    await heardNothing(c, 'group');
    for (const s of [a, c]) s.ws.close();
  });

  it('a member who leaves a running test is taken off the channel: no scores reach them after', async () => {
    const api = call(t.app);
    const [A, B, C] = w.users as [FixtureUser, FixtureUser, FixtureUser];
    const hash = await lobby(t.app, w);
    const channel = groupChannel(hash);
    const a = await listen(t.app, A, channel);
    const b = await listen(t.app, B, channel);
    expect((await api(A, 'POST', `/groups/${hash}/start`)).status).toBe(200);
    await nextGroup(b, 'started');
    expect((await api(B, 'POST', `/groups/${hash}/leave`)).status).toBe(200);
    expect(await nextGroup(b, 'member')).toMatchObject({ user_id: B.id, status: 'left' });
    await b.next('pusher_internal:unsubscribed');
    expect(dataOf(await a.next('pusher_internal:member_removed'))).toEqual({ user_id: String(B.id) });
    // Grid 1 opens after the start lead; A and C answer it and it closes with the standings.
    await t.db.query("update group_tests set grid_opened_at = now() - interval '1 second' where hash = $1", [hash]);
    for (const u of [A, C]) expect((await api(u, 'PUT', `/groups/${hash}/answers/1`, { id: randomUUID(), marked: ['B'] })).status).toBe(200);
    await nextGroup(a, 'grid-closed');
    await heardNothing(b, 'group');
    for (const s of [a, b]) s.ws.close();
  });

  it('a block ends the conversation channel for both people', async () => {
    const api = call(t.app);
    const [, B, , D] = w.users as [FixtureUser, FixtureUser, FixtureUser, FixtureUser];
    await befriend(t.db, B.id, D.id);
    const channel = convoChannel(B.id, D.id);
    const b = await listen(t.app, B, channel);
    const d = await listen(t.app, D, channel);
    const r = await api(D, 'POST', '/friends/blocks', { user_id: B.id });
    expect(r.status).toBe(201);
    for (const s of [b, d]) await s.next('pusher_internal:unsubscribed');
    // The blocked side's kept signature no longer opens the conversation's channel.
    subscribe(b, channel, b.signed.auth, b.signed.channelData);
    const answer = await Promise.race([b.next('pusher:subscription_error'), b.next('pusher_internal:subscription_succeeded')]);
    expect(answer.event).toBe('pusher:subscription_error');
    expect(dataOf(answer)).toMatchObject({ status: 403 });
    await t.app.realtime.trigger(channel, 'typing', { user_id: B.id });
    for (const s of [b, d]) {
      await heardNothing(s, 'typing');
      s.ws.close();
    }
  });
});

describe('two processes on one Redis', () => {
  const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `grilio-test:${randomBytes(6).toString('hex')}:`;
  const env = {
    REDIS_URL,
    REALTIME_REDIS_PREFIX: prefix,
    REALTIME_NODE_TTL_MS: '8000',
    PUSHER_APP_ID: '4243',
    PUSHER_KEY: 'evictkey',
    PUSHER_SECRET: randomBytes(32).toString('hex'),
  };
  let one: FastifyInstance;
  let two: FastifyInstance;
  let closeDb: () => Promise<void>;
  let w: World;
  beforeAll(async () => {
    const opened = await openTestDb();
    closeDb = opened.close;
    // Two processes' apps (each its own hub and Redis adapter) over one database.
    [one, two] = (await Promise.all([buildTestApp(opened.db, env), buildTestApp(opened.db, env)])).map((x) => x.app) as [
      FastifyInstance,
      FastifyInstance,
    ];
    await Promise.all([one.listen({ port: 0, host: '127.0.0.1' }), two.listen({ port: 0, host: '127.0.0.1' })]);
    w = await groupWorld(opened.db, 3);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await closeDb?.();
    const redis = new Redis(REDIS_URL);
    const left = await redis.keys(`${prefix}*`);
    if (left.length) await redis.del(...left);
    redis.disconnect();
    // No presence or process state is left behind (the rate-limit counters expire by themselves).
    expect(left.filter((k) => !k.startsWith(`${prefix}rate:`))).toEqual([]);
  });

  it('the kick handled by one process evicts the socket held by the other', async () => {
    const [A, , C] = w.users as [FixtureUser, FixtureUser, FixtureUser];
    const hash = await lobby(one, w);
    const channel = groupChannel(hash);
    const a = await listen(one, A, channel);
    const c = await listen(two, C, channel);
    expect((await one.realtimeHub.adapter.members(channel)).map((m) => m.user_id)).toContain(String(C.id));

    expect((await call(one)(A, 'POST', `/groups/${hash}/kick`, { user_id: C.id })).status).toBe(200);
    expect(await nextGroup(c, 'member')).toMatchObject({ user_id: C.id, status: 'kicked' });
    await c.next('pusher_internal:unsubscribed');
    expect(dataOf(await a.next('pusher_internal:member_removed'))).toEqual({ user_id: String(C.id) });
    expect((await one.realtimeHub.adapter.members(channel)).map((m) => m.user_id)).not.toContain(String(C.id));

    // Started on process one: A hears it, C's socket on process two does not.
    expect((await call(one)(A, 'POST', `/groups/${hash}/start`)).status).toBe(200);
    await nextGroup(a, 'started');
    // A watcher on process two hears a later event from process one (Redis keeps one publisher's
    // order): by then anything for C's socket on two had its turn.
    const [, B] = w.users as [FixtureUser, FixtureUser];
    const b = await listen(two, B, channel);
    await one.realtime.trigger(channel, 'group', { type: 'creator', user_id: A.id });
    await nextGroup(b, 'creator');
    await heardNothing(c, 'group');
    for (const s of [a, b, c]) s.ws.close();
  });
});
