// API bench over real HTTP (issue 12 §3): per target, a server process (api-server.ts) and
// autocannon here at BENCH_CONNECTIONS connections (default 20, one candidate each) for
// BENCH_DURATION seconds (default 5, after a 1 s warm-up) per scenario. Prints requests/s, p99
// latency and the share of the bare route's throughput; flags any non-2xx answer.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { Candidate, ServerReady } from './api-server.ts';
import { TARGET_LABELS, forEachTarget, type TargetName } from './targets.ts';
import { pacedLoad } from './paced.ts';
import { forkBenchServer } from './child.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Answer slots prepared per run: enough distinct (test, grid) pairs for ~3000 saves a second. */
const SLOTS = Number(process.env.BENCH_SLOTS ?? Math.max(2000, (DURATION + 1) * 3000));
const SYNC_GRIDS = 20;

type Row = { name: string; rps: number; p99: number; p50: number; bad: number; sample?: string; paced: boolean };
type Request = { method: 'GET' | 'PUT' | 'POST'; path: string; headers: Record<string, string>; body?: string };

/**
 * Each connection is one candidate: its own token, and its own answer slots in order (a cursor
 * kept across scenarios, so every save lands on a grid not answered yet). `rate`: requests per
 * second per connection; without it each connection sends the next request as soon as the
 * previous one is answered (the throughput ceiling).
 */
type Scenario = {
  name: string;
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
  { name: 'bare route', request: () => ({ method: 'GET', path: '/bench/bare', headers: {} }) },
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

async function load(ready: ServerReady, scenario: Scenario, seconds: number): Promise<Row> {
  if (scenario.staggered && scenario.rate) return loadStaggered(ready, scenario, scenario.rate, seconds);
  let connection = 0;
  let sample: string | undefined;
  const onResponse = (status: number, body: string) => {
    if (status >= 300 && !sample) sample = `${status} ${body.slice(0, 200)}`;
  };
  const result = await autocannon({
    url: `http://127.0.0.1:${ready.port}`,
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
    bad,
    sample,
    paced: Boolean(scenario.rate),
  };
}

async function loadStaggered(ready: ServerReady, scenario: Scenario, rate: number, seconds: number): Promise<Row> {
  const next = (i: number) => {
    const candidate = ready.candidates[i % ready.candidates.length]!;
    const state = cursors.get(candidate) ?? cursors.set(candidate, { next: 0 }).get(candidate)!;
    return scenario.request(candidate, state, ready);
  };
  const r = await pacedLoad(ready.port, CONNECTIONS, rate, seconds, next);
  return { name: scenario.name, rps: r.requests / seconds, p99: Math.round(r.p99), p50: Math.round(r.p50), bad: r.bad, sample: r.sample, paced: true };
}

function startServer(target: TargetName, schema?: string): Promise<{ ready: ServerReady; close: () => Promise<void> }> {
  return forkBenchServer<ServerReady>(new URL('./api-server.ts', import.meta.url), {
    BENCH_TARGET: target,
    BENCH_SCHEMA: schema ?? '',
    BENCH_CANDIDATES: String(CONNECTIONS),
    BENCH_SLOTS: String(SLOTS),
  });
}

const pad = (s: string | number, n: number) => String(s).padStart(n);

function print(label: string, rows: Row[]): void {
  const bare = rows[0]!;
  console.log(`\n== API over HTTP, ${label}  (${CONNECTIONS} connections, ${DURATION} s each, log: ${process.env.BENCH_LOG ?? 'app'})`);
  console.log(`${'scenario'.padEnd(26)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('of bare', 10)}`);
  for (const r of rows) {
    // A paced row asks for a fixed rate: its share of the bare route says nothing.
    const share = r.paced ? 'paced' : `${((r.rps / bare.rps) * 100).toFixed(1)} %`;
    const warn = r.bad ? `  (${r.bad} non-2xx/errors! first: ${r.sample ?? 'no answer'})` : '';
    console.log(`${r.name.padEnd(26)}${pad(r.rps.toFixed(0), 10)}${pad(r.p50, 9)}${pad(r.p99, 9)}${pad(share, 10)}${warn}`);
  }
}

async function runTarget(target: TargetName, schema?: string): Promise<void> {
  const { ready, close } = await startServer(target, schema);
  const rows: Row[] = [];
  try {
    // BENCH_SCENARIOS: a comma list of scenario names to run (the bare route always runs first); a
    // comma followed by a space belongs to a name ("PUT answer, 5/s each").
    const only = process.env.BENCH_SCENARIOS?.split(/,(?! )/).map((n) => n.trim());
    for (const s of SCENARIOS.filter((x, i) => i === 0 || !only || only.includes(x.name))) {
      await load(ready, s, 1);
      rows.push(await load(ready, s, DURATION));
    }
  } finally {
    await close();
  }
  print(TARGET_LABELS[target], rows);
}

export function runApiBench(targets: TargetName[]): Promise<void> {
  return forEachTarget(targets, 'API over HTTP', runTarget);
}
