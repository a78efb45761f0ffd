// API bench over real HTTP (issue 12 §3): per target, a server process (api-server.ts) and
// autocannon here at BENCH_CONNECTIONS connections (default 20, one candidate each) for
// BENCH_DURATION seconds (default 5, after a 1 s warm-up) per scenario. Prints requests/s, p50 and
// p99 latency, the server's CPU per request, and three shares of throughput: of a bare Fastify
// (bare-server.ts: a process of its own with the app's request logging and nothing else, issue 24
// §3) answering { ok: true }, of the same bare Fastify answering GET /api/v1/user with the app's
// own GET /user answer (same route shape, same bytes), and of the bare route registered inside
// the app (which pays every global hook of the app).
// Flags any non-2xx answer. BENCH_ROUNDS (default 1) repeats the whole list, interleaved, and
// reports each scenario's median round, and each share as the median of the shares within a round
// (a scenario and its reference measured seconds apart), which evens out a machine whose speed
// drifts.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { Candidate, ServerReady } from './api-server.ts';
import { TARGET_LABELS, forEachTarget, type TargetName } from './targets.ts';
import { pacedLoad } from './paced.ts';
import { forkBenchServer, type BenchServer } from './child.ts';
import type { BareReady } from './bare-server.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
/** Answer slots prepared per run: enough distinct (test, grid) pairs for ~3000 saves a second. */
const SLOTS = Number(process.env.BENCH_SLOTS ?? Math.max(2000, (DURATION + 1) * ROUNDS * 3000));
const SYNC_GRIDS = 20;

/** `cpuUs`: the server process's CPU time per answered request, µs. */
type Row = { name: string; rps: number; p99: number; p50: number; cpuUs: number; bad: number; sample?: string; paced: boolean };
type Request = { method: 'GET' | 'PUT' | 'POST'; path: string; headers: Record<string, string>; body?: string };

/**
 * Each connection is one candidate: its own token, and its own answer slots in order (a cursor
 * kept across scenarios, so every save lands on a grid not answered yet). `rate`: requests per
 * second per connection; without it each connection sends the next request as soon as the
 * previous one is answered (the throughput ceiling).
 */
type Scenario = {
  name: string;
  /** The process that answers: the app (default) or the bare Fastify. */
  server?: 'bare';
  rate?: number;
  /** With `rate`: each candidate at its own moment (server/bench/paced.ts), not all in step. */
  staggered?: boolean;
  request: (c: Candidate, state: { next: number }, ready: ServerReady) => Request;
};

const json = { 'content-type': 'application/json' };
const bearer = (c: Candidate) => ({ authorization: `Bearer ${c.token}` });

/** A candidate answering every 200 ms is fast; 20 of them are the answer-save goal's load. */
const ANSWER_RATE = Number(process.env.BENCH_ANSWER_RATE ?? 5);

function saveAnswer(c: Candidate, state: { next: number }): Request {
  const [testId, gridId] = c.slots[state.next++ % c.slots.length]!;
  const marked = state.next % 3 ? ['A'] : ['B', 'C'];
  return {
    method: 'PUT',
    path: `/api/v1/tests/${testId}/answers/${gridId}`,
    headers: { ...bearer(c), ...json },
    body: JSON.stringify({ id: randomUUID(), marked, time_ms: 4000, answered_at: new Date().toISOString() }),
  };
}

const SCENARIOS: Scenario[] = [
  { name: 'bare Fastify', server: 'bare', request: () => ({ method: 'GET', path: '/bench/bare', headers: {} }) },
  { name: 'bare Fastify, /user answer', server: 'bare', request: (c) => ({ method: 'GET', path: '/api/v1/user', headers: bearer(c) }) },
  { name: 'bare route in the app', request: () => ({ method: 'GET', path: '/bench/bare', headers: {} }) },
  { name: 'GET /user', request: (c) => ({ method: 'GET', path: '/api/v1/user', headers: bearer(c) }) },
  {
    name: 'GET /user/layout-counts',
    request: (c) => ({ method: 'GET', path: '/api/v1/user/layout-counts', headers: bearer(c) }),
  },
  {
    name: 'GET /user/tests-count',
    request: (c) => ({ method: 'GET', path: '/api/v1/user/tests-count', headers: bearer(c) }),
  },
  { name: 'PUT answer', request: saveAnswer },
  { name: `PUT answer, ${ANSWER_RATE}/s in step`, rate: ANSWER_RATE, request: saveAnswer },
  { name: `PUT answer, ${ANSWER_RATE}/s each`, rate: ANSWER_RATE, staggered: true, request: saveAnswer },
  {
    name: 'POST /tests/sync',
    request: (c, state, ready) => {
      // An offline-made test arriving whole: new id, 20 grids all answered, finished a minute ago.
      const start = (state.next++ * SYNC_GRIDS) % (ready.gridIds.length - SYNC_GRIDS);
      const grids = ready.gridIds.slice(start, start + SYNC_GRIDS);
      const now = Date.now();
      const test = {
        id: randomUUID(),
        mode: 'exam',
        grid_ids: grids,
        answers: grids.map((g, i) => ({
          id: randomUUID(),
          grid_id: g,
          marked: i % 2 ? ['A'] : ['B'],
          answered_at: new Date(now - 600_000 + i * 20_000).toISOString(),
        })),
        status: 'finished',
        started_at: new Date(now - 660_000).toISOString(),
        finished_at: new Date(now - 60_000).toISOString(),
      };
      return { method: 'POST', path: '/api/v1/tests/sync', headers: { ...bearer(c), ...json }, body: JSON.stringify({ tests: [test] }) };
    },
  },
];

const cursors = new Map<Candidate, { next: number }>();

/** One scenario for `seconds`, with the CPU its server used meanwhile. */
async function load(ready: ServerReady, server: BenchServer<{ port: number }>, scenario: Scenario, seconds: number): Promise<Row> {
  const cpuBefore = await server.cpu();
  const row = await loadOnly(ready, server.ready.port, scenario, seconds);
  const requests = row.rps * seconds;
  return { ...row, cpuUs: requests ? ((await server.cpu()) - cpuBefore) / requests : 0 };
}

async function loadOnly(ready: ServerReady, port: number, scenario: Scenario, seconds: number): Promise<Row> {
  if (scenario.staggered && scenario.rate) return loadStaggered(port, ready, scenario, scenario.rate, seconds);
  let connection = 0;
  let sample: string | undefined;
  const onResponse = (status: number, body: string) => {
    if (status >= 300 && !sample) sample = `${status} ${body.slice(0, 200)}`;
  };
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    ...(scenario.rate ? { connectionRate: scenario.rate } : {}),
    setupClient: (client: autocannon.Client) => {
      const candidate = ready.candidates[connection++ % ready.candidates.length]!;
      const state = cursors.get(candidate) ?? cursors.set(candidate, { next: 0 }).get(candidate)!;
      const first = scenario.request(candidate, state, ready);
      client.setRequests([
        { ...first, onResponse, setupRequest: (req) => ({ ...req, ...scenario.request(candidate, state, ready) }) },
      ]);
    },
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    name: scenario.name,
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    cpuUs: 0,
    bad,
    sample,
    paced: Boolean(scenario.rate),
  };
}

async function loadStaggered(port: number, ready: ServerReady, scenario: Scenario, rate: number, seconds: number): Promise<Row> {
  const next = (i: number) => {
    const candidate = ready.candidates[i % ready.candidates.length]!;
    const state = cursors.get(candidate) ?? cursors.set(candidate, { next: 0 }).get(candidate)!;
    return scenario.request(candidate, state, ready);
  };
  const r = await pacedLoad(port, CONNECTIONS, rate, seconds, next);
  return { name: scenario.name, rps: r.requests / seconds, p99: Math.round(r.p99), p50: Math.round(r.p50), cpuUs: 0, bad: r.bad, sample: r.sample, paced: true };
}

function startServer(target: TargetName, schema?: string): Promise<BenchServer<ServerReady>> {
  return forkBenchServer<ServerReady>(new URL('./api-server.ts', import.meta.url), {
    BENCH_TARGET: target,
    BENCH_SCHEMA: schema ?? '',
    BENCH_CANDIDATES: String(CONNECTIONS),
    BENCH_SLOTS: String(SLOTS),
  });
}

/** The bare Fastify, given the app's GET /user answer (candidate 0's) to serve as its own. */
async function startBare(ready: ServerReady): Promise<BenchServer<BareReady>> {
  const res = await fetch(`http://127.0.0.1:${ready.port}/api/v1/user`, { headers: bearer(ready.candidates[0]!) });
  if (!res.ok) throw new Error(`GET /user answered ${res.status}`);
  return forkBenchServer<BareReady>(new URL('./bare-server.ts', import.meta.url), { BENCH_BARE_USER: await res.text() });
}

const pad = (s: string | number, n: number) => String(s).padStart(n);

/** Per scenario, its rounds in order. */
type Rounds = Array<{ name: string; rows: Row[] }>;

function print(label: string, scenarios: Rounds): void {
  const [bareFastify, bareUser, bareRoute] = scenarios as [Rounds[0], Rounds[0], Rounds[0]];
  const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
  const share = (s: Rounds[0], of: Rounds[0]) =>
    s.rows[0]!.paced ? 'paced' : `${(middle(s.rows.map((r, i) => r.rps / of.rows[i]!.rps)) * 100).toFixed(1)} %`;
  const rounds = ROUNDS > 1 ? `, median of ${ROUNDS} rounds` : '';
  console.log(`\n== API over HTTP, ${label}  (${CONNECTIONS} connections, ${DURATION} s each${rounds}, log: ${process.env.BENCH_LOG ?? 'app'})`);
  console.log(`${'shares of requests/s: of the bare Fastify ({ ok: true }), of the bare Fastify answering /user, of the bare route in the app'}`);
  console.log(`${'scenario'.padEnd(28)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('CPU µs', 8)}${pad('of bare', 9)}${pad('of bare /user', 15)}${pad('of in-app', 11)}`);
  for (const s of scenarios) {
    const r = median(s.rows);
    // A paced row asks for a fixed rate: its share of a bare route says nothing.
    const bad = s.rows.reduce((n, x) => n + x.bad, 0);
    const warn = bad ? `  (${bad} non-2xx/errors! first: ${s.rows.find((x) => x.sample)?.sample ?? 'no answer'})` : '';
    const cpu = r.paced ? '' : middle(s.rows.map((x) => x.cpuUs)).toFixed(0);
    console.log(
      `${s.name.padEnd(28)}${pad(r.rps.toFixed(0), 8)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(cpu, 8)}${pad(share(s, bareFastify), 9)}${pad(share(s, bareUser), 15)}${pad(share(s, bareRoute), 11)}${warn}`,
    );
  }
}

/** The round of median requests/s (each scenario's rounds ordered by it). */
function median(rows: Row[]): Row {
  return [...rows].sort((a, b) => a.rps - b.rps)[Math.floor((rows.length - 1) / 2)]!;
}

async function runTarget(target: TargetName, schema?: string): Promise<void> {
  const app = await startServer(target, schema);
  const ready = app.ready;
  const bare = await startBare(ready).catch(async (err: unknown) => {
    await app.close();
    throw err;
  });
  const rounds = new Map<string, Row[]>();
  try {
    // BENCH_SCENARIOS: a comma list of scenario names to run (the three bare routes always run
    // first); a comma followed by a space belongs to a name ("PUT answer, 5/s each").
    const only = process.env.BENCH_SCENARIOS?.split(/,(?! )/).map((n) => n.trim());
    const chosen = SCENARIOS.filter((x, i) => i < 3 || !only || only.includes(x.name));
    for (let round = 0; round < ROUNDS; round++)
      for (const s of chosen) {
        const server = s.server === 'bare' ? bare : app;
        await load(ready, server, s, 1);
        const row = await load(ready, server, s, DURATION);
        (rounds.get(s.name) ?? rounds.set(s.name, []).get(s.name)!).push(row);
      }
  } finally {
    await Promise.all([app.close(), bare.close()]);
  }
  print(TARGET_LABELS[target], [...rounds].map(([name, rows]) => ({ name, rows })));
}

export function runApiBench(targets: TargetName[]): Promise<void> {
  return forEachTarget(targets, 'API over HTTP', runTarget);
}
