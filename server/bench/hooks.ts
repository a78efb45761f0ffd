// What each global part of the app costs GET /api/v1/user (issue 24 §3): the app built once
// whole and once without each part (buildApp's `skip`: the error model, metrics, no-store, compress,
// security headers, their CSP alone, CORS, rate limits, multipart, websocket, the maintenance
// check, the X-Request-Id hook, swagger), once without logging and once without all of those
// parts (left: auth, the user cache and the routes), all in one server process on one database
// (hooks-server.ts); and the bare Fastify of the API bench (bare-server.ts) as the floor.
// Two measures per variant:
// - in process (hooks-server.ts): BENCH_INJECT_BLOCKS blocks (12) of BENCH_INJECT_REQUESTS calls
//   (1000) through app.inject, variants alternating, CPU µs per call, the least block kept. The
//   cost of a part is the app's figure less the figure without it: no socket and no load generator
//   on the same cores, so the figure a shared machine blurs least.
// - over HTTP: autocannon at BENCH_CONNECTIONS (20) for BENCH_HOOKS_DURATION seconds (2, after a
//   0.5 s warm-up) per variant, BENCH_ROUNDS rounds (3; 0 leaves HTTP out) in alternating order
//   (forwards, backwards: a drifting machine speed then weighs on every variant alike), median
//   per variant: requests/s, their share of the bare Fastify's, and the server's CPU per request.
import autocannon from 'autocannon';
import { SKIPPABLE_PARTS } from '../app.ts';
import { forkBenchServer, type BenchServer } from './child.ts';
import type { BareReady } from './bare-server.ts';
import type { HooksReady, InjectAnswer, InjectQuestion, Variant } from './hooks-server.ts';
import { TARGET_LABELS, forEachTarget, type TargetName } from './targets.ts';

const DURATION = Number(process.env.BENCH_HOOKS_DURATION ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Math.max(0, Number(process.env.BENCH_ROUNDS ?? 3));
const INJECT: InjectQuestion = {
  inject: { blocks: Number(process.env.BENCH_INJECT_BLOCKS ?? 12), requests: Number(process.env.BENCH_INJECT_REQUESTS ?? 1000) },
};

const VARIANTS: Variant[] = [
  { name: 'the app', skip: [], logging: true },
  ...SKIPPABLE_PARTS.map((p) => ({ name: `without ${p}`, skip: [p], logging: true })),
  { name: 'without logging', skip: [], logging: false },
  { name: 'without all the parts above', skip: [...SKIPPABLE_PARTS], logging: true },
];
const BARE = 'bare Fastify (GET /bench/bare)';

type Sample = { rps: number; cpuUs: number; bad: number };

async function measure(server: BenchServer<unknown>, port: number, path: string, tokens: string[], seconds: number): Promise<Sample> {
  let connection = 0;
  const before = await server.cpu();
  const r = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    setupClient: (client: autocannon.Client) => {
      const token = tokens[connection++ % tokens.length]!;
      client.setRequests([{ method: 'GET', path, headers: { authorization: `Bearer ${token}` } }]);
    },
  });
  const requests = r.requests.total;
  return { rps: requests / seconds, cpuUs: requests ? ((await server.cpu()) - before) / requests : 0, bad: r.non2xx + r.errors + r.timeouts };
}

const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const pad = (s: string | number, n: number) => String(s).padStart(n);

async function runTarget(target: TargetName, schema?: string): Promise<void> {
  const [apps, bare] = await Promise.all([
    forkBenchServer<HooksReady>(new URL('./hooks-server.ts', import.meta.url), {
      BENCH_TARGET: target,
      BENCH_SCHEMA: schema ?? '',
      BENCH_CANDIDATES: String(CONNECTIONS),
      BENCH_VARIANTS: JSON.stringify(VARIANTS),
    }),
    forkBenchServer<BareReady>(new URL('./bare-server.ts', import.meta.url), {}),
  ]);
  const { ports, tokens } = apps.ready;
  const runs = [
    ...VARIANTS.map((v, i) => ({ name: v.name, server: apps as BenchServer<unknown>, port: ports[i]!, path: '/api/v1/user' })),
    { name: BARE, server: bare as BenchServer<unknown>, port: bare.ready.port, path: '/bench/bare' },
  ];
  const samples = new Map<string, Sample[]>(runs.map((r) => [r.name, []]));
  let inProcess: InjectAnswer;
  try {
    inProcess = (await apps.ask(INJECT)) as InjectAnswer;
    // The variants share their code: warmed once, the first one measured is not the slowest for it.
    if (ROUNDS) await measure(apps, ports[0]!, '/api/v1/user', tokens, 3);
    for (let round = 0; round < ROUNDS; round++)
      for (const r of round % 2 ? [...runs].reverse() : runs) {
        await measure(r.server, r.port, r.path, tokens, 0.5);
        samples.get(r.name)!.push(await measure(r.server, r.port, r.path, tokens, DURATION));
      }
  } finally {
    await Promise.all([apps.close(), bare.close()]);
  }

  const rows = runs.map((r, i) => {
    const xs = samples.get(r.name)!;
    const http = xs.length ? { rps: med(xs.map((x) => x.rps)), cpuUs: med(xs.map((x) => x.cpuUs)) } : undefined;
    return { name: r.name, http, injectUs: Math.min(...inProcess[i]!), bad: xs.reduce((n, x) => n + x.bad, 0) };
  });
  const app = rows[0]!;
  const floor = rows.at(-1)!;
  const rounds = ROUNDS ? `; HTTP ${CONNECTIONS} connections, ${DURATION} s each, median of ${ROUNDS} rounds` : '';
  console.log(
    `\n== global parts, GET /user, ${TARGET_LABELS[target]}  (in process: least of ${INJECT.inject.blocks} blocks of ${INJECT.inject.requests}${rounds}; log: ${process.env.BENCH_LOG ?? 'app'})`,
  );
  console.log(
    `${'variant'.padEnd(34)}${pad('µs/req', 8)}${pad('part costs µs', 15)}${ROUNDS ? `${pad('req/s', 8)}${pad('of bare Fastify', 17)}${pad('HTTP CPU µs/req', 17)}` : ''}`,
  );
  for (const r of rows) {
    const cost = r === app || r === floor ? '' : (app.injectUs - r.injectUs).toFixed(1);
    const http = r.http ? `${pad(r.http.rps.toFixed(0), 8)}${pad(`${((r.http.rps / floor.http!.rps) * 100).toFixed(1)} %`, 17)}${pad(r.http.cpuUs.toFixed(1), 17)}` : '';
    const warn = r.bad ? `  (${r.bad} non-2xx/errors!)` : '';
    console.log(`${r.name.padEnd(34)}${pad(r.injectUs.toFixed(1), 8)}${pad(cost, 15)}${http}${warn}`);
  }
}

export function runHooksBench(targets: TargetName[]): Promise<void> {
  return forEachTarget(targets, 'global parts', runTarget);
}
