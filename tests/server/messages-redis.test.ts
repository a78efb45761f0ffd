// Messages across two server processes (issue 7 §3, §6): both on one database and one Redis, a
// client connected to process B (the official pusher-js, signed in through B's auth route)
// receives the message sent through process A's API, on both people's private channels.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type PusherClient from 'pusher-js';
import { Redis } from 'ioredis';
import { buildTestApp, openTestDb, type TestApp } from './helpers.ts';
import { createUser } from './users-fixture.ts';
import { nextEvent, pusherClient, subscribed } from './fixtures/pusher-clients.ts';
import type { MessagePayload, SeenEventPayload } from '../../src/shared/message-payloads.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `grilio-test:${randomBytes(6).toString('hex')}:`;
const env = {
  REDIS_URL,
  REALTIME_REDIS_PREFIX: prefix,
  PUSHER_APP_ID: '4243',
  PUSHER_KEY: 'messageskey',
  PUSHER_SECRET: randomBytes(32).toString('hex'),
};

let shared: Awaited<ReturnType<typeof openTestDb>>;
let a: FastifyInstance;
let b: FastifyInstance;
const clients: PusherClient[] = [];
/** pusherClient() takes a TestApp; only .app and .config are read. */
const asTest = (app: FastifyInstance) => ({ app, config: app.config }) as unknown as TestApp;

beforeAll(async () => {
  shared = await openTestDb();
  a = (await buildTestApp(shared.db, env)).app;
  b = (await buildTestApp(shared.db, env)).app;
  await Promise.all([a.listen({ port: 0, host: '127.0.0.1' }), b.listen({ port: 0, host: '127.0.0.1' })]);
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await a?.close();
  await b?.close();
  await shared.close();
  const redis = new Redis(REDIS_URL);
  const left = await redis.keys(`${prefix}*`);
  if (left.length) await redis.del(...left);
  redis.disconnect();
});

describe('messages across processes', () => {
  it('sent through A, received by clients of B on both private channels; seen too', async () => {
    const ana = await createUser(shared.db, { name: 'Ana Pop', password: null });
    const ion = await createUser(shared.db, { name: 'Ion Ionescu', password: null });
    await shared.db.query("insert into friendships (requester_id, addressee_id, status) values ($1, $2, 'accepted')", [
      ana.id,
      ion.id,
    ]);
    const ca = pusherClient(asTest(b), ana.token);
    const ci = pusherClient(asTest(b), ion.token);
    clients.push(ca, ci);
    const [chA, chI] = await Promise.all([
      subscribed(ca, `private-user.${ana.id}`),
      subscribed(ci, `private-user.${ion.id}`),
    ]);
    const gotA = nextEvent(chA, 'message');
    const gotI = nextEvent(chI, 'message');
    const res = await a.inject({
      method: 'POST',
      url: `/api/v1/message/convo/${ion.id}`,
      headers: { authorization: `Bearer ${ana.token}` },
      payload: { id: randomUUID(), text: 'Peste procese' },
    });
    expect(res.statusCode).toBe(201);
    const m = res.json().message as MessagePayload;
    expect(await gotI).toEqual(m);
    expect(await gotA).toEqual(m);

    const seen = nextEvent(chA, 'seen');
    const r = await a.inject({
      method: 'POST',
      url: `/api/v1/message/convo/${ana.id}/seen`,
      headers: { authorization: `Bearer ${ion.token}` },
    });
    expect(await seen).toEqual({ friend_id: ion.id, sender_id: ana.id, seen_at: r.json().seen_at } satisfies SeenEventPayload);
  });
});
