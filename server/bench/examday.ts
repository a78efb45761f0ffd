// Exam day on the cluster (issue 21 §4): `npm run cluster` (server/cluster/run.ts: CLUSTER_PROCESSES
// app processes behind nginx) on a fresh PostgreSQL database, N candidate accounts and tokens made
// in the database in two statements (not through registration), then N candidates in
// BENCH_CLIENT_THREADS worker threads (examday-candidates.ts): each opens a websocket on its
// private-user channel and starts the demo simulation within the first BENCH_OPEN_SECONDS, saves
// an answer about every BENCH_ANSWER_EVERY_S, and finishes within the last BENCH_FINISH_SECONDS
// of a BENCH_EXAM_SECONDS exam. Reports p50/p99 per step, errors by kind, answers saved against
// answers stored (lost answers), PostgreSQL connections (max), CPU seconds of the app processes,
// nginx and the PostgreSQL backends (examday-probe.ts) per candidate and per answer, and the
// database's growth per candidate. A measurement, never a test: it does not fail.
// Env: BENCH_CANDIDATES (list, default 250,500), BENCH_EXAM_SECONDS (300), BENCH_OPEN_SECONDS (60),
// BENCH_FINISH_SECONDS (60), BENCH_ANSWER_EVERY_S (6), BENCH_CLIENT_THREADS (1), CLUSTER_PROCESSES
// (2), DATABASE_POOL_MAX (10), BENCH_CLUSTER_PORT (8500), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres),
// REDIS_URL (redis://127.0.0.1:6379).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { hashToken, newToken } from '../lib/tokens.ts';
import { quantile } from './engine.ts';
import { Probe, type ProbeResult } from './examday-probe.ts';
import type { Candidate, ShareData, ShareReport } from './examday-candidates.ts';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const EXAM_S = num('BENCH_EXAM_SECONDS', 300);
const OPEN_S = num('BENCH_OPEN_SECONDS', 60);
const FINISH_S = num('BENCH_FINISH_SECONDS', 60);
const ANSWER_EVERY_S = num('BENCH_ANSWER_EVERY_S', 6);
const THREADS = Math.max(1, num('BENCH_CLIENT_THREADS', 1));
const PROCESSES = num('CLUSTER_PROCESSES', 2);
const PORT = num('BENCH_CLUSTER_PORT', 8500);
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'examday_bench';
/** The demo seed's first free simulation (Timișoara model). */
const SIMULATION = '3b0c5a52-2f0e-4d0b-8a8e-6f7e1c2d9a01';
const creds = { appId: '7002', key: 'examdaykey', secret: randomBytes(24).toString('hex') };

async function adminClient(database?: string): Promise<pg.Client> {
  const url = new URL(ADMIN_URL);
  if (database) url.pathname = `/${database}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  return c;
}

/** The cluster on a fresh database; resolves once it prints that it is up. */
async function startCluster(dir: string): Promise<ChildProcess> {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const run = randomBytes(4).toString('hex');
  const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'cluster', 'run.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REALTIME_REDIS_PREFIX: `grilio-examday-${run}:rt:`,
      SESSIONS_REDIS_PREFIX: `grilio-examday-${run}:sessions:`,
      CLUSTER_PORT: String(PORT),
      CLUSTER_APP_PORT: String(PORT + 10),
      CLUSTER_PROCESSES: String(PROCESSES),
      CLUSTER_DIR: dir,
      LOG_LEVEL: 'warn',
      PUSHER_APP_ID: creds.appId,
      PUSHER_KEY: creds.key,
      PUSHER_SECRET: creds.secret,
    },
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Cluster:')) {
        child.stdout!.resume();
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`the cluster ended (${code}) before it was up:\n${out.slice(-2000)}`)));
  });
}

/** N users with a verified e-mail and one 30-day token each, in two statements. */
async function createCandidates(db: pg.Client, n: number): Promise<Candidate[]> {
  const users = await db.query<{ id: number }>(
    `insert into users (name, email, auth_provider, email_verified_at)
     select 'Candidat ' || i, 'candidat-' || i || '@examday.test', 'password', now() from generate_series(1, $1::int) i
     returning id`,
    [n],
  );
  const candidates = users.rows.map((r) => ({ id: r.id, token: newToken() }));
  await db.query(
    `insert into auth_tokens (user_id, token_hash, expires_at)
     select u, h, now() + interval '30 days' from unnest($1::int[], $2::text[]) as x(u, h)`,
    [candidates.map((c) => c.id), candidates.map((c) => hashToken(c.token))],
  );
  return candidates;
}

function runShares(candidates: Candidate[], t0: number): Promise<ShareReport[]> {
  const per = Math.ceil(candidates.length / THREADS);
  const shares: Promise<ShareReport>[] = [];
  for (let from = 0; from < candidates.length; from += per) {
    const data: ShareData = {
      port: PORT,
      key: creds.key,
      simulationId: SIMULATION,
      candidates: candidates.slice(from, from + per),
      t0,
      openMs: OPEN_S * 1000,
      examMs: EXAM_S * 1000,
      finishMs: FINISH_S * 1000,
      answerEveryMs: ANSWER_EVERY_S * 1000,
    };
    const worker = new Worker(new URL('./examday-candidates.ts', import.meta.url), { workerData: data });
    shares.push(
      new Promise((resolve, reject) => {
        worker.once('error', reject);
        worker.once('message', (m: { report: ShareReport }) => resolve(m.report));
      }),
    );
  }
  return Promise.all(shares);
}

function merge(reports: ShareReport[]): ShareReport {
  const all: ShareReport = { ws: [], start: [], open: [], answer: [], finish: [], errors: {}, saved: 0, byPhase: [0, 0, 0], tests: [] };
  for (const r of reports) {
    for (const k of ['ws', 'start', 'open', 'answer', 'finish', 'tests'] as const) (all[k] as unknown[]).push(...r[k]);
    all.saved += r.saved;
    for (const k of [0, 1, 2] as const) all.byPhase[k] += r.byPhase[k];
    for (const [k, v] of Object.entries(r.errors)) all.errors[k] = (all.errors[k] ?? 0) + v;
  }
  return all;
}

const ms = (list: number[]) =>
  list.length ? `p50 ${quantile(list, 0.5).toFixed(0)} ms · p99 ${quantile(list, 0.99).toFixed(0)} ms (${list.length})` : '—';

async function scenario(n: number): Promise<void> {
  const admin = await adminClient();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  const dir = join(tmpdir(), `grilio-examday-${PORT}`);
  rmSync(dir, { recursive: true, force: true });
  const cluster = await startCluster(dir);
  const db = await adminClient(DB_NAME);
  try {
    const candidates = await createCandidates(db, n);
    const size = async () => Number((await db.query<{ s: string }>('select pg_database_size(current_database()) s')).rows[0]!.s);
    const sizeBefore = await size();
    const probe = new Probe(dir, admin, DB_NAME);
    await probe.start();
    const started = performance.now();
    const t0 = Date.now() + 1000;
    // CPU at the end of the opening window and at the start of the finish window: the middle is
    // answers and idle sockets only, which prices an answer; the windows then price start and finish.
    const marks: Promise<number>[] = [OPEN_S, EXAM_S - FINISH_S].map(
      (s) => new Promise((resolve) => setTimeout(() => resolve(probe.total()), t0 + s * 1000 - Date.now())),
    );
    const r = merge(await runShares(candidates, t0));
    const [atOpen, atFinish] = await Promise.all(marks);
    const seconds = (performance.now() - started) / 1000;
    const cost: ProbeResult = await probe.stop();
    const sizeAfter = await size();
    const stored = await db.query<{ answers: string; finished: string; grids: number }>(
      `select (select count(*) from answers where test_id = any($1::uuid[]) and marked <> '{}') answers,
              (select count(*) from tests where id = any($1::uuid[]) and status = 'finished') finished,
              (select max(grid_count) from tests where id = any($1::uuid[])) grids`,
      [r.tests],
    );
    const { answers, finished, grids } = stored.rows[0]!;
    const cpu = cost.cpuSeconds.app + cost.cpuSeconds.nginx + cost.cpuSeconds.postgres;
    const perAnswer = (atFinish! - atOpen!) / Math.max(1, r.byPhase[1]);
    const perStart = (atOpen! - r.byPhase[0] * perAnswer) / n;
    const perFinish = (cpu - atFinish! - r.byPhase[2] * perAnswer) / n;
    const errors = Object.entries(r.errors).map(([k, v]) => `${k}: ${v}`).join(', ') || '0';
    console.log(
      `\n${n} candidates (a paper of ${grids} grids), ${PROCESSES} processes (pool ${process.env.DATABASE_POOL_MAX ?? 10}), ${seconds.toFixed(0)} s:\n` +
        `  socket + subscribe ${ms(r.ws)}\n  start ${ms(r.start)}\n  open paper ${ms(r.open)}\n` +
        `  answer save ${ms(r.answer)}\n  finish ${ms(r.finish)}\n` +
        `  errors ${errors} · answers saved ${r.saved}, stored ${answers} (lost ${r.saved - Number(answers)}) · finished ${finished}/${n}\n` +
        `  PostgreSQL connections max ${cost.maxConnections} · CPU ${cpu.toFixed(1)} s (apps ${cost.cpuSeconds.app.toFixed(1)}, nginx ${cost.cpuSeconds.nginx.toFixed(1)}, ` +
        `PostgreSQL ${cost.cpuSeconds.postgres.toFixed(1)}) = ${((cpu * 1000) / n).toFixed(0)} ms per candidate, ` +
        `${((cpu * 1000) / Math.max(1, r.saved)).toFixed(1)} ms per answer (all steps) · ${(cpu / seconds).toFixed(2)} cores on average\n` +
        `  by phase: CPU ${atOpen!.toFixed(1)} s opening (${r.byPhase[0]} answers), ${(atFinish! - atOpen!).toFixed(1)} s between (${r.byPhase[1]} answers), ` +
        `${(cpu - atFinish!).toFixed(1)} s finishing (${r.byPhase[2]} answers) → ${(perAnswer * 1000).toFixed(1)} ms per answer, ` +
        `${(perStart * 1000).toFixed(0)} ms per start (socket, subscribe, start, paper), ${(perFinish * 1000).toFixed(0)} ms per finish\n` +
        `  database ${(sizeBefore / 2 ** 20).toFixed(1)} → ${(sizeAfter / 2 ** 20).toFixed(1)} MB = ${((sizeAfter - sizeBefore) / n / 1024).toFixed(1)} KiB per candidate ` +
        `(${((sizeAfter - sizeBefore) / Math.max(1, r.saved)).toFixed(0)} B per answer) · load average ${loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    await db.end();
    cluster.kill('SIGTERM');
    await new Promise((r) => (cluster.exitCode !== null ? r(null) : cluster.once('exit', r)));
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runExamDayBench(): Promise<void> {
  const list = (process.env.BENCH_CANDIDATES ?? '250,500').split(',').map(Number);
  console.log(
    `\nExam day on the cluster (server/bench/examday.ts): ${EXAM_S} s exam, opened within ${OPEN_S} s, finished within the last ${FINISH_S} s, ` +
      `an answer about every ${ANSWER_EVERY_S} s; goal 0 errors, p99 answer save < 250 ms`,
  );
  for (const n of list) await scenario(n);
}

if (import.meta.main) await runExamDayBench();
