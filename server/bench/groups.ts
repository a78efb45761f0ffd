// Group tests under load (issue 10 §4): BENCH_GROUPS (default 50) groups of BENCH_MEMBERS (10)
// premium candidates, created, joined and started over the real API, then BENCH_GROUP_GRIDS (5)
// grids each, every member answering each open grid after a random think time of up to
// BENCH_THINK_MS (2000). One observer per group holds a websocket on presence-group.{hash}, as a
// member's page does. Two latencies: answer → acknowledgement (the PUT's round trip; the answer
// that closes a grid closes it inside its own transaction) and answer → standings update (from
// the moment the grid's last answer was sent to the observer's receipt of that grid's
// 'grid-closed' event with the standings). Times on performance.now(), one process.
// A measurement, never a test: it does not fail.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { channelAuth } from '../modules/realtime/protocol.ts';
import { GROUP_EVENT, groupChannel, type GroupEvent } from '../../src/shared/group-payloads.ts';
import { forkBenchServer } from './child.ts';
import { quantile } from './engine.ts';
import type { GroupsReady } from './groups-server.ts';
import { TARGET_LABELS, forEachTarget, type TargetName } from './targets.ts';

const GROUPS = Number(process.env.BENCH_GROUPS ?? 50);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10);
const GRIDS = Number(process.env.BENCH_GROUP_GRIDS ?? 5);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 2000);

type User = { id: number; token: string };
type Stats = { acks: number[]; updates: number[]; bad: number; sample?: string };

async function call(port: number, user: User, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${user.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function must(port: number, user: User, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const r = await call(port, user, method, path, body);
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json).slice(0, 200)}`);
  return r.json;
}

/** A websocket on the group's presence channel, signed with the app secret as /broadcasting/auth signs. */
function observe(ready: GroupsReady, hash: string, user: User, onEvent: (e: GroupEvent, at: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${ready.port}/app/${ready.key}?protocol=7&client=js&version=8.4.0`);
    const channel = groupChannel(hash);
    ws.on('message', (raw) => {
      const at = performance.now();
      const m = JSON.parse(String(raw)) as { event: string; data: unknown };
      if (m.event === GROUP_EVENT) onEvent((typeof m.data === 'string' ? JSON.parse(m.data) : m.data) as GroupEvent, at);
      else if (m.event === 'pusher:connection_established') {
        const socketId = (JSON.parse(m.data as string) as { socket_id: string }).socket_id;
        const channelData = JSON.stringify({ user_id: String(user.id), user_info: { id: user.id, name: 'Bench' } });
        const auth = channelAuth(ready.key, ready.secret, socketId, channel, channelData);
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth, channel_data: channelData } }));
      } else if (m.event === 'pusher_internal:subscription_succeeded') resolve(ws);
      else if (m.event === 'pusher:error') reject(new Error(String(m.data)));
    });
    ws.on('error', reject);
  });
}

/** One group's life: create, join, observe, start, then every grid answered by every member. */
async function runGroup(ready: GroupsReady, users: User[], stats: Stats): Promise<void> {
  const [creator, ...others] = users as [User, ...User[]];
  const { hash } = (await must(ready.port, creator, 'POST', 'groups', {
    manual_id: ready.manualId,
    count: GRIDS,
    seconds_per_grid: 120,
    invite_ids: others.map((u) => u.id),
  })) as { hash: string };
  for (const u of others) await must(ready.port, u, 'POST', `groups/${hash}/join`);
  const lastSent = new Map<number, number>();
  let finish: () => void = () => {};
  const finished = new Promise<void>((r) => (finish = r));
  const answerGrid = (position: number) => {
    for (const u of users) {
      setTimeout(async () => {
        const t0 = performance.now();
        lastSent.set(position, Math.max(lastSent.get(position) ?? 0, t0));
        try {
          const r = await call(ready.port, u, 'PUT', `groups/${hash}/answers/${position}`, { id: randomUUID(), marked: ['A'] });
          stats.acks.push(performance.now() - t0);
          if (r.status >= 300) {
            stats.bad++;
            stats.sample ??= `${r.status} ${JSON.stringify(r.json).slice(0, 200)}`;
          }
        } catch (err) {
          stats.bad++;
          stats.sample ??= String(err);
        }
      }, Math.random() * THINK_MS);
    }
  };
  const ws = await observe(ready, hash, creator, (e, at) => {
    if (e.type === 'started') answerGrid(e.position);
    if (e.type !== 'grid-closed') return;
    stats.updates.push(at - (lastSent.get(e.position) ?? at));
    if (e.next === null) finish();
    else answerGrid(e.next);
  });
  await must(ready.port, creator, 'POST', `groups/${hash}/start`);
  await finished;
  ws.close();
}

async function runTarget(target: TargetName, schema?: string): Promise<void> {
  const { ready, close } = await forkBenchServer<GroupsReady>(new URL('./groups-server.ts', import.meta.url), {
    BENCH_TARGET: target,
    BENCH_SCHEMA: schema ?? '',
    BENCH_GROUPS: String(GROUPS),
    BENCH_MEMBERS: String(MEMBERS),
  });
  const stats: Stats = { acks: [], updates: [], bad: 0 };
  const started = performance.now();
  try {
    await Promise.all(ready.groups.map((users) => runGroup(ready, users, stats)));
  } finally {
    await close();
  }
  const s = (performance.now() - started) / 1000;
  const ms = (xs: number[], q: number) => quantile(xs, q).toFixed(1).padStart(8);
  console.log(`\n== Group tests, ${TARGET_LABELS[target]}  (${GROUPS} groups × ${MEMBERS} members, ${GRIDS} grids, think ≤ ${THINK_MS} ms; ${s.toFixed(1)} s)`);
  console.log(`${'latency'.padEnd(30)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'count'.padStart(8)}`);
  console.log(`${'answer → acknowledgement'.padEnd(30)}${ms(stats.acks, 0.5)}${ms(stats.acks, 0.99)}${String(stats.acks.length).padStart(8)}`);
  console.log(`${'answer → standings update'.padEnd(30)}${ms(stats.updates, 0.5)}${ms(stats.updates, 0.99)}${String(stats.updates.length).padStart(8)}`);
  if (stats.bad) console.log(`(!) ${stats.bad} answers refused or failed, e.g. ${stats.sample}`);
}

export async function runGroupsBench(targets: TargetName[]): Promise<void> {
  await forEachTarget(targets, 'Group tests', runTarget);
}
