// Realtime fan-out (issue 7 §6): BENCH_CLIENTS (default 2000) websocket clients, each subscribed to
// its own private-user.{i} channel and to one shared private channel; BENCH_MESSAGES (default 20)
// messages published one after another through the official `pusher` library on process A's HTTP
// API, each fanned out to every client. Delivery latency = from just before the publish call to the
// client's receipt (publisher and clients share this process's clock), p50/p99 over all
// receipts; memory per connection = the server processes' RSS growth / connections.
// Run once with one server process and once with two on one Redis (REDIS_URL, default
// redis://127.0.0.1:6379), clients split evenly, publishing on A only: half the receipts crossed
// Redis. Servers are real `node server/main.ts` processes, each on its own PGlite data folder (the
// database plays no part in fan-out). A measurement, never a test: it does not fail.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PusherServer from 'pusher';
import WebSocket from 'ws';
import { channelAuth } from '../modules/realtime/protocol.ts';
import { quantile } from './engine.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SHARED = 'private-bench.fanout';
const creds = { appId: '7001', key: 'benchkey', secret: randomBytes(32).toString('hex') };

type Server = { proc: ChildProcess; port: number; dataDir: string };

async function startServer(port: number, redis: boolean, prefix: string): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'grilio-fanout-'));
  const proc = spawn(process.execPath, [join(import.meta.dirname, '..', 'main.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PUSHER_APP_ID: creds.appId,
      PUSHER_KEY: creds.key,
      PUSHER_SECRET: creds.secret,
      REALTIME_CONNECTIONS_PER_IP: String(CLIENTS + 100),
      REALTIME_REDIS_PREFIX: prefix,
      ...(redis ? { REDIS_URL } : { REDIS_URL: '' }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const end = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return { proc, port, dataDir };
    } catch {
      /* not up yet */
    }
    if (Date.now() > end || proc.exitCode !== null) throw new Error(`server on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

type Conn = { ws: WebSocket; received: Map<number, number> };

/** Opens a connection, subscribes to its own private-user channel and the shared one. */
function openClient(port: number, i: number): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${creds.key}?protocol=7&client=js&version=8.4.0`);
    const received = new Map<number, number>();
    let pending = 2;
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as { event: string; data: string };
      if (m.event === 'pusher:connection_established') {
        const socketId = (JSON.parse(m.data) as { socket_id: string }).socket_id;
        for (const channel of [`private-user.${i + 1}`, SHARED]) {
          const auth = channelAuth(creds.key, creds.secret, socketId, channel);
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
        }
      } else if (m.event === 'pusher_internal:subscription_succeeded') {
        if (--pending === 0) resolve({ ws, received });
      } else if (m.event === 'bench') {
        received.set((JSON.parse(m.data) as { seq: number }).seq, performance.now());
      } else if (m.event === 'pusher:error') reject(new Error(m.data));
    });
    ws.on('error', reject);
  });
}

async function scenario(processes: 1 | 2): Promise<void> {
  const prefix = `grilio-bench:${randomBytes(4).toString('hex')}:`;
  const servers: Server[] = [];
  const conns: Conn[] = [];
  try {
    for (let p = 0; p < processes; p++) servers.push(await startServer(49870 + p, processes > 1, prefix));
    const rssBefore = servers.map((s) => rssOf(s.proc.pid!));
    // Connect in slices of 100 so the handshakes do not pile up.
    for (let i = 0; i < CLIENTS; i += 100) {
      const slice = Array.from({ length: Math.min(100, CLIENTS - i) }, (_, k) => openClient(servers[(i + k) % processes]!.port, i + k));
      conns.push(...(await Promise.all(slice)));
    }
    await new Promise((r) => setTimeout(r, 1000));
    const rssAfter = servers.map((s) => rssOf(s.proc.pid!));
    const publisher = new PusherServer({ ...creds, host: '127.0.0.1', port: String(servers[0]!.port), useTLS: false });
    const sentAt = new Map<number, number>();
    // Two warm-up messages first (the first publish opens the HTTP agent and warms the JIT), not counted.
    for (let seq = -2; seq < MESSAGES; seq++) {
      if (seq >= 0) sentAt.set(seq, performance.now());
      await publisher.trigger(SHARED, 'bench', { seq, text: 'Un mesaj pentru toți' });
      // Wait until every client has it (or 10 s), so the messages do not overlap.
      const until = performance.now() + 10_000;
      while (conns.some((c) => !c.received.has(seq)) && performance.now() < until) await new Promise((r) => setTimeout(r, 2));
    }
    const latencies: number[] = [];
    let missing = 0;
    for (const c of conns)
      for (const [seq, t0] of sentAt) {
        const t = c.received.get(seq);
        if (t === undefined) missing++;
        else latencies.push(t - t0);
      }
    const perConn = rssAfter.reduce((s, r, k) => s + r - rssBefore[k]!, 0) / CLIENTS;
    console.log(
      `${processes} process${processes > 1 ? 'es (Redis)' : '          '} ${CLIENTS} clients × ${MESSAGES} messages: ` +
        `p50 ${quantile(latencies, 0.5).toFixed(1)} ms · p99 ${quantile(latencies, 0.99).toFixed(1)} ms · max ${Math.max(...latencies).toFixed(1)} ms · ` +
        `missing ${missing} · memory ${(perConn / 1024).toFixed(1)} KiB per connection (server RSS ${servers.map((s, k) => `${(rssAfter[k]! / 2 ** 20).toFixed(0)} MB`).join(' + ')})`,
    );
  } finally {
    for (const c of conns) c.ws.terminate();
    for (const s of servers) {
      s.proc.kill('SIGTERM');
      await new Promise((r) => (s.proc.exitCode !== null ? r(null) : s.proc.once('exit', r)));
      rmSync(s.dataDir, { recursive: true, force: true });
    }
  }
}

export async function runFanoutBench(): Promise<void> {
  console.log(`\nRealtime fan-out (server/bench/fanout.ts): goal p99 < 50 ms`);
  await scenario(1);
  await scenario(2);
}

if (import.meta.main) await runFanoutBench();
