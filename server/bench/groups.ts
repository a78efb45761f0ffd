// Group tests under load (issue 10 §4): BENCH_GROUPS (default 50) groups of BENCH_MEMBERS (10)
// premium candidates, created, joined and started over the real API, then BENCH_GROUP_GRIDS (5)
// grids each, every member answering each open grid after a random think time of up to
// BENCH_THINK_MS (2000). One observer per group holds a websocket on presence-group.{hash}, as a
// member's page does. Two latencies: answer → acknowledgement (the PUT's round trip; the answer
// that closes a grid closes it inside its own transaction) and answer → standings update (from
// the moment the grid's last answer was sent to the observer's receipt of that grid's
// 'grid-closed' event with the standings). And the timing fairness of issue 22 §2: each member
// reads each grid when it opens by its own estimate of the server clock (the page's code,
// src/shared/server-clock.ts); the timer skew is, per grid, the spread between the local instants
// at which the members' timers show zero (max − min over the group's members, goal ≤ 300 ms on
// loopback), beside the same spread as the page counted before (remaining_ms from receipt), and
// how much of the grid's time was gone when it first showed. Times on performance.now(), one process.
// A measurement, never a test: it does not fail.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { channelAuth } from '../modules/realtime/protocol.ts';
import { GROUP_EVENT, groupChannel, type GroupEvent, type GroupState } from '../../src/shared/group-payloads.ts';
import { clockSample, keepSample, msUntil, type ClockSample } from '../../src/shared/server-clock.ts';
import { forkBenchServer } from './child.ts';
import { quantile } from './engine.ts';
import type { GroupsReady } from './groups-server.ts';
import { TARGET_LABELS, forEachTarget, type TargetName } from './targets.ts';

const GROUPS = Number(process.env.BENCH_GROUPS ?? 50);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10);
const GRIDS = Number(process.env.BENCH_GROUP_GRIDS ?? 5);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 2000);

type User = { id: number; token: string };
type Stats = { acks: number[]; updates: number[]; skew: number[]; skewOld: number[]; lost: number[]; bad: number; sample?: string };

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

type Member = User & { clock: ClockSample | null };
/** Per grid of one group: each member's first sight of the open grid (local monotonic times). */
type Sight = { zeroNew: number; zeroOld: number; lost: number };

/**
 * A member's GET of the state, as the page reads it: the server clock sample is kept
 * (src/shared/server-clock.ts, the page's own code).
 */
async function readState(port: number, m: Member, hash: string): Promise<GroupState> {
  const sent = performance.now();
  const r = await call(port, m, 'GET', `groups/${hash}`);
  const got = performance.now();
  if (r.status !== 200) throw new Error(`GET state: ${r.status}`);
  const s = r.json as unknown as GroupState;
  m.clock = keepSample(m.clock, clockSample(sent, got, s.server_now));
  return s;
}

/**
 * One group's life: create, join (each member reads the state once, as the page on arrival),
 * observe, start; then for every grid each member, told by the observer's event when it opens,
 * reads it at that moment by its own clock estimate (as Pause.tsx does), notes when it would show
 * zero, and answers after a think time.
 */
async function runGroup(ready: GroupsReady, users: User[], stats: Stats): Promise<void> {
  const members: Member[] = users.map((u) => ({ ...u, clock: null }));
  const [creator, ...others] = members as [Member, ...Member[]];
  const { hash } = (await must(ready.port, creator, 'POST', 'groups', {
    manual_id: ready.manualId,
    count: GRIDS,
    seconds_per_grid: 120,
    invite_ids: others.map((u) => u.id),
  })) as { hash: string };
  for (const u of others) await must(ready.port, u, 'POST', `groups/${hash}/join`);
  for (const m of members) await readState(ready.port, m, hash);
  const lastSent = new Map<number, number>();
  const sights = new Map<number, Sight[]>();
  let finish: () => void = () => {};
  const finished = new Promise<void>((r) => (finish = r));
  const answer = async (m: Member, position: number) => {
    const t0 = performance.now();
    lastSent.set(position, Math.max(lastSent.get(position) ?? 0, t0));
    try {
      const r = await call(ready.port, m, 'PUT', `groups/${hash}/answers/${position}`, { id: randomUUID(), marked: ['A'] });
      stats.acks.push(performance.now() - t0);
      if (r.status >= 300) {
        stats.bad++;
        stats.sample ??= `${r.status} ${JSON.stringify(r.json).slice(0, 200)}`;
      }
    } catch (err) {
      stats.bad++;
      stats.sample ??= String(err);
    }
  };
  const sighted = (position: number, sight: Sight) => {
    const list = sights.get(position) ?? [];
    list.push(sight);
    sights.set(position, list);
    stats.lost.push(sight.lost);
    if (list.length < members.length) return;
    const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
    stats.skew.push(spread(list.map((x) => x.zeroNew)));
    stats.skewOld.push(spread(list.map((x) => x.zeroOld)));
  };
  /** The member's page at the opening: read at opens_at by its clock (again if still early), then answer. */
  const openFor = (m: Member, position: number, opensAt: string) => {
    const attempt = () =>
      setTimeout(async () => {
        try {
          const s = await readState(ready.port, m, hash);
          const got = performance.now();
          if (s.pause && s.position === position) return attempt();
          if (s.position !== position || !s.grid || !s.grid_closes_at) throw new Error(`grid ${position} not open: ${s.status} ${s.position}`);
          const closes = Date.parse(s.grid_closes_at);
          sighted(position, {
            // Local time at which this member's timer shows zero: by the server clock estimate…
            zeroNew: closes - m.clock!.offset,
            // …and as the page counted before (remaining_ms from the moment the answer arrived).
            zeroOld: got + (s.remaining_ms ?? 0),
            // Of the grid's time, what was gone when it first showed.
            lost: s.seconds_per_grid * 1000 - msUntil(s.grid_closes_at, m.clock, got),
          });
          setTimeout(() => void answer(m, position), Math.random() * THINK_MS);
        } catch (err) {
          stats.bad++;
          stats.sample ??= String(err);
        }
      }, msUntil(opensAt, m.clock, performance.now()) + 40);
    attempt();
  };
  const ws = await observe(ready, hash, creator, (e, at) => {
    if (e.type === 'started') for (const m of members) openFor(m, e.position, e.opens_at);
    if (e.type !== 'grid-closed') return;
    stats.updates.push(at - (lastSent.get(e.position) ?? at));
    if (e.next === null || e.opens_at === null) finish();
    else for (const m of members) openFor(m, e.next, e.opens_at);
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
  const stats: Stats = { acks: [], updates: [], skew: [], skewOld: [], lost: [], bad: 0 };
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
  console.log(`${'timer skew between members'.padEnd(30)}${ms(stats.skew, 0.5)}${ms(stats.skew, 0.99)}${String(stats.skew.length).padStart(8)}   max ${Math.max(...stats.skew).toFixed(1)} ms`);
  console.log(`${'  (remaining_ms from receipt)'.padEnd(30)}${ms(stats.skewOld, 0.5)}${ms(stats.skewOld, 0.99)}${String(stats.skewOld.length).padStart(8)}   max ${Math.max(...stats.skewOld).toFixed(1)} ms`);
  console.log(`${'grid time gone when shown'.padEnd(30)}${ms(stats.lost, 0.5)}${ms(stats.lost, 0.99)}${String(stats.lost.length).padStart(8)}   max ${Math.max(...stats.lost).toFixed(1)} ms`);
  if (stats.bad) console.log(`(!) ${stats.bad} answers refused or failed, e.g. ${stats.sample}`);
}

export async function runGroupsBench(targets: TargetName[]): Promise<void> {
  await forEachTarget(targets, 'Group tests', runTarget);
}
