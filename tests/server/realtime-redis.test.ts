// Several server processes on one Redis (issue 7 §1): a message published on process A reaches a
// client of process B, presence is shared (one member per user over all processes), and a process
// killed without any cleanup leaves no ghost member once its heartbeat expires. Every run uses its
// own key prefix; the heartbeat TTL is short so the test waits little (it polls, never sleeps),
// but not so short that a live process starved of CPU on a busy CI machine (several test files at
// once on two cores) is taken for dead: at 3 s that happened once (26 Nov).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join as pathJoin } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { connect, dataOf, pings, subscribe, type Client } from './fixtures/ws.ts';
import { portOf, pusherServer } from './fixtures/pusher-clients.ts';
import { channelAuth, userAuth } from '../../server/modules/realtime/protocol.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `grilio-test:${randomBytes(6).toString('hex')}:`;
const env = {
  REDIS_URL,
  REALTIME_REDIS_PREFIX: prefix,
  REALTIME_NODE_TTL_MS: '8000',
  PUSHER_APP_ID: '4242',
  PUSHER_KEY: 'clusterkey',
  PUSHER_SECRET: randomBytes(32).toString('hex'),
};

let a: TestApp;
let b: TestApp;
let redis: Redis;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
  await Promise.all([
    a.app.listen({ port: 0, host: '127.0.0.1' }),
    b.app.listen({ port: 0, host: '127.0.0.1' }),
  ]);
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  // Nothing of this run is left in Redis once both processes have stopped cleanly.
  const left = await redis.keys(`${prefix}*`);
  if (left.length) await redis.del(...left);
  redis.disconnect();
  expect(left).toEqual([]);
});

const on = (t: TestApp | number) =>
  connect(`127.0.0.1:${typeof t === 'number' ? t : portOf(t)}`, env.PUSHER_KEY);

async function join(c: Client, channel: string, user: string) {
  const data = JSON.stringify({ user_id: user });
  subscribe(c, channel, channelAuth(env.PUSHER_KEY, env.PUSHER_SECRET, c.socketId, channel, data), data);
  return dataOf(await c.next('pusher_internal:subscription_succeeded')).presence as {
    ids: string[];
    count: number;
  };
}

describe('publishing across processes', () => {
  it('an event published on A reaches a client of B: app publisher, HTTP API and server-to-user', async () => {
    const c = await on(b);
    subscribe(c, 'update');
    await c.next('pusher_internal:subscription_succeeded');

    await a.app.realtime.trigger('update', 'update', { version: '4' });
    expect(dataOf(await c.next('update'))).toEqual({ version: '4' });

    // The official pusher library publishing to A's HTTP API.
    await pusherServer(a).trigger('update', 'update', { version: '5' });
    expect(dataOf(await c.next('update'))).toEqual({ version: '5' });

    const userData = JSON.stringify({ id: '31' });
    c.ws.send(
      JSON.stringify({
        event: 'pusher:signin',
        data: {
          auth: userAuth(env.PUSHER_KEY, env.PUSHER_SECRET, c.socketId, userData),
          user_data: userData,
        },
      }),
    );
    await c.next('pusher:signin_success');
    await a.app.realtime.sendToUser(31, 'notification', { id: 8 });
    expect(dataOf(await c.next('notification'))).toEqual({ id: 8 });

    // A's channel query counts B's subscription.
    const info = await (
      await pusherServer(a).get({ path: '/channels/update', params: { info: 'subscription_count' } })
    ).json();
    expect(info).toEqual({ occupied: true, subscription_count: 1 });
    c.ws.close();
  });
});

describe('presence shared by the processes', () => {
  it('one member per user over both processes: announced once, removed when the last tab anywhere leaves', async () => {
    const channel = 'presence-cluster.1';
    const bystander = await on(a);
    await join(bystander, channel, 'b');

    const tabOnB = await on(b);
    expect((await join(tabOnB, channel, 'u')).ids.sort()).toEqual(['b', 'u']);
    expect(dataOf(await bystander.next('pusher_internal:member_added'))).toEqual({ user_id: 'u' });

    // The same user's second tab, on the other process: listed, not announced again.
    const tabOnA = await on(a);
    expect((await join(tabOnA, channel, 'u')).count).toBe(2);
    expect(await pings(bystander)).toBe(true);
    expect(bystander.queued('pusher_internal:member_added')).toBe(0);

    // The tab on B closes: the user is still on A, so nobody hears of a departure.
    tabOnB.ws.close();
    await expect.poll(() => b.app.realtimeHub.connectionCount).toBe(0);
    await b.app.realtimeHub.idle();
    await b.app.realtime.trigger(channel, 'sentinel', {});
    await bystander.next('sentinel');
    expect(bystander.queued('pusher_internal:member_removed')).toBe(0);

    tabOnA.ws.close();
    expect(dataOf(await bystander.next('pusher_internal:member_removed'))).toEqual({ user_id: 'u' });
    bystander.ws.close();
  });

  describe('a process that dies', () => {
    let child: ChildProcess;
    afterAll(() => {
      child?.kill('SIGKILL');
    });

    it('leaves no ghost member: the survivors remove its members after its heartbeat expires', async () => {
      child = spawn(process.execPath, [pathJoin(import.meta.dirname, 'fixtures', 'realtime-process.ts')], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const line = await new Promise<string>((resolve) =>
        createInterface({ input: child.stdout! }).once('line', resolve),
      );
      const { port } = JSON.parse(line) as { port: number };

      const channel = 'presence-cluster.crash';
      const bystander = await on(b);
      await join(bystander, channel, 'b');
      const doomed = await on(port);
      expect((await join(doomed, channel, 'ghost')).ids.sort()).toEqual(['b', 'ghost']);
      expect(dataOf(await bystander.next('pusher_internal:member_added'))).toEqual({ user_id: 'ghost' });

      child.kill('SIGKILL');
      expect(dataOf(await bystander.next('pusher_internal:member_removed'))).toEqual({ user_id: 'ghost' });
      const users = async () =>
        (
          (await (await pusherServer(a).get({ path: `/channels/${channel}/users` })).json()) as {
            users: { id: string }[];
          }
        ).users;
      expect(await users()).toEqual([{ id: 'b' }]);
      // A newcomer is told only of the living.
      const late = await on(a);
      expect((await join(late, channel, 'late')).ids.sort()).toEqual(['b', 'late']);
      for (const c of [bystander, late]) c.ws.close();
      // Starting a server process (PGlite and its migrations) takes a while on a shared machine.
    }, 300_000);
  });
});
