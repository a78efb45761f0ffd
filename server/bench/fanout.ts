// Realtime fan-out (issue 7 §6): BENCH_CLIENTS (default 2000) websocket clients, each subscribed to
// its own private-user.{i} channel and to one shared private channel; BENCH_MESSAGES (default 20)
// messages published one after another (each once the previous one reached every client, then
// 20 ms apart) through the official `pusher` library on process A's HTTP API, each fanned out to
// every client. The clients live in BENCH_CLIENT_THREADS (default 2) worker threads
// (fanout-clients.ts), not in the publisher's thread. Delivery latency = from just before the
// publish call to the client's receipt, both read from process.hrtime.bigint() (CLOCK_MONOTONIC,
// one clock for every thread), p50/p99 over all receipts; memory per connection = the server
// processes' RSS growth / connections.
// Run once with one server process and once with two on one Redis (REDIS_URL, default
// redis://127.0.0.1:6379), clients split evenly, publishing on A only: half the receipts crossed
// Redis. Servers are real `node server/main.ts` processes, each on its own PGlite data folder (the
// database plays no part in fan-out). A measurement, never a test: it does not fail.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import PusherServer from 'pusher';
import { Worker } from 'node:worker_threads';
import { quantile } from './engine.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20);
/** Worker threads holding the clients (each an even share). */
const WORKERS = Math.max(1, Number(process.env.BENCH_CLIENT_THREADS ?? 2));
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

type Share = { worker: Worker; done: Map<number, true> };

/** Starts the client worker threads, each with an even share of the clients; resolves once all are subscribed. */
async function startClients(ports: number[]): Promise<Share[]> {
  const per = Math.ceil(CLIENTS / WORKERS);
  const shares: Share[] = [];
  for (let from = 0; from < CLIENTS; from += per) {
    const worker = new Worker(new URL('./fanout-clients.ts', import.meta.url), {
      workerData: { ports, from, to: Math.min(CLIENTS, from + per), creds, shared: SHARED },
    });
    const share: Share = { worker, done: new Map() };
    worker.on('message', (m: { seq?: number; done?: true }) => {
      if (typeof m === 'object' && m.done) share.done.set(m.seq!, true);
    });
    shares.push(share);
  }
  await Promise.all(
    shares.map(
      (s) =>
        new Promise<void>((resolve, reject) => {
          s.worker.once('error', reject);
          const ready = (m: unknown) => (m === 'ready' ? resolve() : s.worker.once('message', ready));
          s.worker.once('message', ready);
        }),
    ),
  );
  return shares;
}

/** Each share's receipt times (ns) per seq; the workers then close their sockets and end. */
async function collect(shares: Share[]): Promise<{ bySeq: Map<number, bigint[]>; clients: number }> {
  const bySeq = new Map<number, bigint[]>();
  let clients = 0;
  await Promise.all(
    shares.map(
      (s) =>
        new Promise<void>((resolve) => {
          const onMsg = (m: { report?: Record<string, string[]>; clients?: number }) => {
            if (!m || typeof m !== 'object' || !m.report) return;
            s.worker.off('message', onMsg);
            clients += m.clients!;
            for (const [seq, list] of Object.entries(m.report)) {
              const all = bySeq.get(Number(seq)) ?? [];
              for (const t of list) all.push(BigInt(t));
              bySeq.set(Number(seq), all);
            }
            resolve();
          };
          s.worker.on('message', onMsg);
          s.worker.postMessage('report');
        }),
    ),
  );
  return { bySeq, clients };
}

async function scenario(processes: 1 | 2): Promise<void> {
  const prefix = `grilio-bench:${randomBytes(4).toString('hex')}:`;
  const servers: Server[] = [];
  let shares: Share[] = [];
  try {
    for (let p = 0; p < processes; p++) servers.push(await startServer(49870 + p, processes > 1, prefix));
    const rssBefore = servers.map((s) => rssOf(s.proc.pid!));
    shares = await startClients(servers.map((s) => s.port));
    await new Promise((r) => setTimeout(r, 1000));
    const rssAfter = servers.map((s) => rssOf(s.proc.pid!));
    const publisher = new PusherServer({ ...creds, host: '127.0.0.1', port: String(servers[0]!.port), useTLS: false });
    const sentAt = new Map<number, bigint>();
    // Two warm-up messages first (the first publish opens the HTTP agent and warms the JIT), not counted.
    for (let seq = -2; seq < MESSAGES; seq++) {
      const t0 = process.hrtime.bigint();
      if (seq >= 0) sentAt.set(seq, t0);
      await publisher.trigger(SHARED, 'bench', { seq, text: 'Un mesaj pentru toți' });
      // Wait until every worker has it for all its clients (or 10 s), so the messages do not overlap.
      const until = performance.now() + 10_000;
      while (shares.some((s) => !s.done.has(seq)) && performance.now() < until) await new Promise((r) => setTimeout(r, 2));
      // A pause between messages, as between real events: the next one does not start in the tail of this one.
      await new Promise((r) => setTimeout(r, 20));
    }
    const { bySeq, clients } = await collect(shares);
    shares = [];
    const latencies: number[] = [];
    let missing = 0;
    for (const [seq, t0] of sentAt) {
      const got = bySeq.get(seq) ?? [];
      missing += clients - got.length;
      for (const t of got) latencies.push(Number(t - t0) / 1e6);
    }
    const perConn = rssAfter.reduce((s, r, k) => s + r - rssBefore[k]!, 0) / CLIENTS;
    console.log(
      `${processes} process${processes > 1 ? 'es (Redis)' : '          '} ${CLIENTS} clients (${WORKERS} client threads) × ${MESSAGES} messages: ` +
        `p50 ${quantile(latencies, 0.5).toFixed(1)} ms · p99 ${quantile(latencies, 0.99).toFixed(1)} ms · max ${Math.max(...latencies).toFixed(1)} ms · ` +
        `missing ${missing} · memory ${(perConn / 1024).toFixed(1)} KiB per connection (server RSS ${servers.map((s, k) => `${(rssAfter[k]! / 2 ** 20).toFixed(0)} MB`).join(' + ')}) · load average ${loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    for (const s of shares) await s.worker.terminate();
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
