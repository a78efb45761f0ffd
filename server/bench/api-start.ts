// What users run (issue 32 §6): the server started as `npm start` starts it — `node server/main.ts`
// with its defaults (on-disk PGlite in a fresh DATA_DIR, the demo seed, the built app in dist/, the
// mail and scan queues, pino on stdout read through a pipe as a log collector would) — against a
// bare Fastify logging one line per request (bare-line.ts), over HTTP with autocannon at
// BENCH_CONNECTIONS (20) for BENCH_DURATION s (5, after 1 s of warm-up) per scenario, BENCH_ROUNDS
// (3) interleaved rounds, medians. The API bench (api.ts) measures the app on in-memory PGlite
// against a bare Fastify with the app's own logging; this is the figure a user sees.
// Prints requests/s, p50/p99, the server's CPU µs per request (/proc), and the app's share of the
// bare Fastify answering the same GET /user bytes. With BENCH_START_PROFILE=1 (not BENCH_PROFILE, which child.ts takes as a folder for every forked server), a V8 CPU profile of the
// server under GET /user for BENCH_START_PROFILE_S s (5), split by part (hook-profile.ts).
// Env: BENCH_START_PORT (8601), dist/ built (`npm run build`) for the app's static files.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { forkBenchServer } from './child.ts';
import { attribute, GC, PARTS, REST, type CpuProfile } from './hook-profile.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const PORT = Number(process.env.BENCH_START_PORT ?? 8601);
const PROFILE_S = Number(process.env.BENCH_START_PROFILE_S ?? 5);
const DEMO = { email: 'elev@grilio.ro', password: 'Grilio2026!' };

type Target = { name: string; port: number; path: string; token?: string; cpu: () => number | Promise<number> };
type Sample = { rps: number; p50: number; p99: number; cpuUs: number; bad: number };

/** User + system CPU of a process, µs (/proc/<pid>/stat, clock ticks of 10 ms). */
function procCpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** `node server/main.ts` on a fresh data folder; resolves once it says it is up. */
async function startServer(dataDir: string, profileFile: string | null): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, BENCH_PROFILE_FILE: profileFile ?? '' };
  // What `npm start` on a laptop has: no PostgreSQL, no Redis.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const args = [...(profileFile ? ['--import', join(import.meta.dirname, 'profile-on-signal.ts')] : []), join(import.meta.dirname, '..', 'main.ts')];
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('/api/v1')) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start's server ended (${code}) before it was up:\n${out.slice(-2000)}`)));
  });
}

async function measure(t: Target, seconds: number): Promise<Sample> {
  const before = await t.cpu();
  const r = await autocannon({
    url: `http://127.0.0.1:${t.port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: 'GET', path: t.path, headers: t.token ? { authorization: `Bearer ${t.token}` } : {} }],
  });
  const requests = r.requests.total || 1;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuUs: ((await t.cpu()) - before) / requests,
    bad: r.non2xx + r.errors + r.timeouts,
  };
}

const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

function printProfile(file: string): void {
  const { samples, busy } = attribute(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
  console.log(`\n  CPU profile of the server under GET /user (${busy} busy samples), share by part:`);
  for (const name of [...PARTS.map((p) => p.name), GC, REST]) {
    const n = samples.get(name) ?? 0;
    if (n) console.log(`    ${name.padEnd(58)} ${((n / busy) * 100).toFixed(1).padStart(5)} %`);
  }
}

/** The `n` frames with the most self time (busy samples), with their file: what the parts above hide. */
function printTop(file: string, n: number): void {
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const self = new Map<number, number>();
  for (const s of p.samples) self.set(s, (self.get(s) ?? 0) + 1);
  const byFrame = new Map<string, number>();
  for (const node of p.nodes) {
    if (node.callFrame.functionName === '(idle)') continue;
    const k = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*node_modules\//, '~/').replace(/^.*\/server\//, 'server/')}`;
    byFrame.set(k, (byFrame.get(k) ?? 0) + (self.get(node.id) ?? 0));
  }
  const busy = [...byFrame.values()].reduce((a, b) => a + b, 0);
  console.log(`\n  top ${n} frames by self time:`);
  for (const [k, v] of [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`    ${((v / busy) * 100).toFixed(1).padStart(5)} %  ${k}`);
}

export async function runApiStartBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'grilio-bench-start-'));
  const profileFile = process.env.BENCH_START_PROFILE ? join(dataDir, '..', `grilio-bench-start-${process.pid}.cpuprofile`) : null;
  const server = await startServer(dataDir, profileFile);
  try {
    const base = `http://127.0.0.1:${PORT}/api/v1`;
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const user = await fetch(`${base}/user`, { headers: { authorization: `Bearer ${token}` } });
    const bare = await forkBenchServer<{ port: number }>(new URL('./bare-line.ts', import.meta.url), { BENCH_BARE_USER: await user.text() });
    const app: Target = { name: 'npm start: GET /user', port: PORT, path: '/api/v1/user', token, cpu: () => procCpuUs(server.pid!) };
    const targets: Target[] = [
      { name: 'bare Fastify, one line: { ok: true }', port: bare.ready.port, path: '/bench/bare', cpu: bare.cpu },
      { name: 'bare Fastify, one line: /user answer', port: bare.ready.port, path: '/api/v1/user', token, cpu: bare.cpu },
      app,
      { name: 'npm start: GET /api/v1/health', port: PORT, path: '/api/v1/health', cpu: app.cpu },
    ];
    const rows = new Map<string, Sample[]>();
    try {
      for (let round = 0; round < ROUNDS; round++)
        for (const t of targets) {
          await measure(t, 1);
          (rows.get(t.name) ?? rows.set(t.name, []).get(t.name)!).push(await measure(t, DURATION));
        }
    } finally {
      await bare.close();
    }
    const ref = rows.get(targets[1]!.name)!;
    console.log(
      `\n== npm start (on-disk PGlite, demo seed, stdout logging) against a bare Fastify logging one line per request ` +
        `(${CONNECTIONS} connections, ${DURATION} s each, median of ${ROUNDS} rounds, load average ${loadavg()[0]!.toFixed(1)})`,
    );
    console.log(`${'scenario'.padEnd(40)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'CPU µs'.padStart(8)}${'of bare /user'.padStart(15)}`);
    for (const [name, list] of rows) {
      const share = mid(list.map((s, i) => s.rps / ref[i]!.rps));
      const bad = list.reduce((n, s) => n + s.bad, 0);
      console.log(
        `${name.padEnd(40)}${mid(list.map((s) => s.rps)).toFixed(0).padStart(8)}${String(mid(list.map((s) => s.p50))).padStart(8)}` +
          `${String(mid(list.map((s) => s.p99))).padStart(8)}${mid(list.map((s) => s.cpuUs)).toFixed(0).padStart(8)}` +
          `${`${(share * 100).toFixed(1)} %`.padStart(15)}${bad ? `  (${bad} non-2xx/errors!)` : ''}` +
          `   rounds: ${list.map((s) => s.rps.toFixed(0)).join(', ')}`,
      );
    }
    if (profileFile) {
      // The same load again, profiled in the server between two signals (profile-on-signal.ts).
      await measure(app, 1);
      server.kill('SIGUSR2');
      await measure(app, PROFILE_S);
      server.kill('SIGUSR2');
      for (let i = 0; i < 100 && !existsSync(profileFile); i++) await new Promise((r) => setTimeout(r, 100));
      if (existsSync(profileFile)) printProfile(profileFile);
      if (process.env.BENCH_PROFILE_TOP) printTop(profileFile, Number(process.env.BENCH_PROFILE_TOP));
    }
  } finally {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (profileFile) rmSync(profileFile, { force: true });
  }
}

if (import.meta.main) await runApiStartBench();
