// What each global part of the app costs GET /api/v1/user (issue 24 §3), over HTTP, two ways.
//
// 1. Leaving it out: the app built whole and once without each part (buildApp's `skip`: the error
// model, metrics, compress, the response headers — security headers with the CSP, X-Request-Id,
// no-store, CORS; before issue 24 these were helmet, cors, no-store and an onSend hook, priced
// apart — the CSP alone, rate limits, multipart, websocket, the maintenance check, swagger), once
// without logging and once without all of those parts (left: auth, the user cache and the
// routes). Each variant runs in a process of its own (hooks-server.ts); the bare Fastify of the
// API bench (bare-server.ts) is the floor. Autocannon at BENCH_CONNECTIONS (20) for
// BENCH_HOOKS_DURATION seconds (1.5, after 0.3 s of warm-up) per run; in a round the whole app runs
// before and after every other variant, so a part's cost is the app's figure (the mean of the two
// runs around) less the variant's, measured seconds apart. BENCH_ROUNDS rounds (3; 0: this table
// is left out); medians. Figures: the server's CPU per request (its process.cpuUsage, which a busy
// machine blurs less than requests/s) and requests/s. Coarse: two processes of the very same app
// differ by up to 15 % (memory layout, what V8 compiles when), so a part under ~8 µs is not seen.
//
// 2. A CPU profile of the whole app under the same load for BENCH_HOOKS_PROFILE seconds (5,
// sampling every 200 µs), each sample given to the part whose code it is in (hook-profile.ts),
// and the same for the bare Fastify: the app's CPU per request split by part, beside the bare
// Fastify's. One process prices every part, to about a microsecond.
//
// Not app.inject: Fastify 5.12's inject keeps about 10 KB per call (a bare Fastify too; over
// HTTP the heap stays flat), so a process's cost per call keeps changing as its heap grows.
import { readFileSync, rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { SKIPPABLE_PARTS } from '../app.ts';
import { forkBenchServer, type BenchServer } from './child.ts';
import type { BareReady } from './bare-server.ts';
import type { HooksReady, Variant } from './hooks-server.ts';
import { TARGET_LABELS, forEachTarget, type TargetName } from './targets.ts';
import { attribute, GC, PARTS, REST, type CpuProfile } from './hook-profile.ts';

const DURATION = Number(process.env.BENCH_HOOKS_DURATION ?? 1.5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Math.max(0, Number(process.env.BENCH_ROUNDS ?? 3));
const PROFILE_SECONDS = Number(process.env.BENCH_HOOKS_PROFILE ?? 5);

const VARIANTS: Variant[] = [
  { name: 'the app', skip: [], logging: true },
  ...SKIPPABLE_PARTS.map((p) => ({ name: `without ${p}`, skip: [p], logging: true })),
  { name: 'without logging', skip: [], logging: false },
  { name: 'without all the parts above', skip: [...SKIPPABLE_PARTS], logging: true },
];
const BARE = 'bare Fastify (GET /bench/bare)';

type Run = { name: string; server: BenchServer<unknown>; port: number; path: string; tokens: string[] };
type Sample = { rps: number; cpuUs: number; bad: number };

async function measure(r: Run, seconds: number): Promise<Sample> {
  let connection = 0;
  const before = await r.server.cpu();
  const result = await autocannon({
    url: `http://127.0.0.1:${r.port}`,
    connections: CONNECTIONS,
    duration: seconds,
    setupClient: (client: autocannon.Client) => {
      const token = r.tokens[connection++ % r.tokens.length]!;
      client.setRequests([{ method: 'GET', path: r.path, headers: { authorization: `Bearer ${token}` } }]);
    },
  });
  const requests = result.requests.total;
  const cpuUs = requests ? ((await r.server.cpu()) - before) / requests : 0;
  return { rps: requests / seconds, cpuUs, bad: result.non2xx + result.errors + result.timeouts };
}

const run = async (r: Run) => (await measure(r, 0.3), measure(r, DURATION));
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const pad = (s: string | number, n: number) => String(s).padStart(n);

async function runTarget(target: TargetName, schema?: string): Promise<void> {
  const runs: Run[] = [];
  try {
    // One after the other: on PostgreSQL they share the schema the first one migrates.
    for (const v of ROUNDS ? VARIANTS : VARIANTS.slice(0, 1)) {
      const server = await forkBenchServer<HooksReady>(new URL('./hooks-server.ts', import.meta.url), {
        BENCH_TARGET: target,
        BENCH_SCHEMA: schema ?? '',
        BENCH_CANDIDATES: String(CONNECTIONS),
        BENCH_VARIANT: JSON.stringify(v),
      });
      runs.push({ name: v.name, server, port: server.ready.port, path: '/api/v1/user', tokens: server.ready.tokens });
    }
    const bare = await forkBenchServer<BareReady>(new URL('./bare-server.ts', import.meta.url), {});
    runs.push({ name: BARE, server: bare, port: bare.ready.port, path: '/bench/bare', tokens: [''] });
    for (const r of runs) await measure(r, 2);
    if (ROUNDS) print(target, await rounds(runs));
    printProfiles(target, await profiled(runs[0]!), await profiled(runs.at(-1)!));
  } finally {
    await Promise.all(runs.map((r) => r.server.close()));
  }
}

type Row = { name: string; rps: number; cpuUs: number; costUs?: number; costRps?: number; bad: number };

async function rounds(runs: Run[]): Promise<Row[]> {
  const [app, ...others] = runs as [Run, ...Run[]];
  const own = new Map<Run, Sample[]>(runs.map((r) => [r, []]));
  const costUs = new Map<Run, number[]>(others.map((r) => [r, []]));
  const costRps = new Map<Run, number[]>(others.map((r) => [r, []]));
  for (let round = 0; round < ROUNDS; round++) {
    let before = await run(app);
    own.get(app)!.push(before);
    for (const r of round % 2 ? [...others].reverse() : others) {
      const s = await run(r);
      const after = await run(app);
      own.get(r)!.push(s);
      own.get(app)!.push(after);
      costUs.get(r)!.push((before.cpuUs + after.cpuUs) / 2 - s.cpuUs);
      // What the part takes from the app's throughput: the variant's gain over the app, in %.
      costRps.get(r)!.push((s.rps / ((before.rps + after.rps) / 2) - 1) * 100);
      before = after;
    }
  }
  return runs.map((r) => {
    const xs = own.get(r)!;
    const row: Row = { name: r.name, rps: med(xs.map((x) => x.rps)), cpuUs: med(xs.map((x) => x.cpuUs)), bad: xs.reduce((n, x) => n + x.bad, 0) };
    if (r !== app && r.path === app.path) Object.assign(row, { costUs: med(costUs.get(r)!), costRps: med(costRps.get(r)!) });
    return row;
  });
}

function print(target: TargetName, rows: Row[]): void {
  const floor = rows.at(-1)!;
  console.log(
    `\n== global parts, GET /user, ${TARGET_LABELS[target]}  (${CONNECTIONS} connections, ${DURATION} s a run, the app around each variant, medians of ${ROUNDS} rounds; log: ${process.env.BENCH_LOG ?? 'app'})`,
  );
  console.log(`${'variant'.padEnd(30)}${pad('CPU µs/req', 11)}${pad('part costs µs', 15)}${pad('req/s', 8)}${pad('without it', 12)}${pad('of bare Fastify', 17)}`);
  for (const r of rows) {
    const cost = r.costUs === undefined ? '' : r.costUs.toFixed(1);
    const gain = r.costRps === undefined ? '' : `${r.costRps >= 0 ? '+' : ''}${r.costRps.toFixed(1)} %`;
    const warn = r.bad ? `  (${r.bad} non-2xx/errors!)` : '';
    const share = `${((r.rps / floor.rps) * 100).toFixed(1)} %`;
    console.log(`${r.name.padEnd(30)}${pad(r.cpuUs.toFixed(1), 11)}${pad(cost, 15)}${pad(r.rps.toFixed(0), 8)}${pad(gain, 12)}${pad(share, 17)}${warn}`);
  }
}

type Profiled = { cpuUs: number; rps: number; share: (part: string) => number };

/** The run under a CPU profile, its samples given to the parts. */
async function profiled(r: Run): Promise<Profiled> {
  await r.server.profileStart(200);
  const s = await measure(r, PROFILE_SECONDS);
  const file = await r.server.profileStop();
  const { samples, busy } = attribute(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
  rmSync(file);
  return { cpuUs: s.cpuUs, rps: s.rps, share: (part) => (samples.get(part) ?? 0) / busy };
}

function printProfiles(target: TargetName, app: Profiled, bare: Profiled): void {
  console.log(
    `\n== CPU per request by part, ${TARGET_LABELS[target]}  (profiles of ${PROFILE_SECONDS} s, ${CONNECTIONS} connections; the profiler's own cost included)`,
  );
  console.log(`${'part'.padEnd(56)}${pad('GET /user µs', 13)}${pad('share', 8)}${pad('bare Fastify µs', 17)}`);
  for (const name of [...PARTS.map((p) => p.name), GC, REST]) {
    const a = app.share(name);
    const b = bare.share(name);
    if (!a && !b) continue;
    console.log(`${name.padEnd(56)}${pad((a * app.cpuUs).toFixed(1), 13)}${pad(`${(a * 100).toFixed(1)} %`, 8)}${pad((b * bare.cpuUs).toFixed(1), 17)}`);
  }
  console.log(`${'total'.padEnd(56)}${pad(app.cpuUs.toFixed(1), 13)}${pad('', 8)}${pad(bare.cpuUs.toFixed(1), 17)}`);
  console.log(`${'requests/s while profiled'.padEnd(56)}${pad(app.rps.toFixed(0), 13)}${pad('', 8)}${pad(bare.rps.toFixed(0), 17)}`);
}

export function runHooksBench(targets: TargetName[]): Promise<void> {
  return forEachTarget(targets, 'global parts', runTarget);
}
