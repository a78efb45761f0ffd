// Tests-engine bench through app.inject (no network): per target, seed 1000 grids, then
// BENCH_ITERATIONS (default 5) rounds of: create a 100-grid test, read it, submit 100 answers one
// by one, finish, read the results. Prints median and p95 milliseconds per phase, and memory.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { buildApp } from '../app.ts';
import { seedGrids, seedUser } from './seed.ts';
import { TARGET_LABELS, forEachTarget, openTarget, type TargetName } from './targets.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 5);
const GRIDS = 1000;
const TEST_SIZE = 100;

type Phase = 'create' | 'read' | 'answer_each' | 'answers_100' | 'finish' | 'results';
const PHASES: Phase[] = ['create', 'read', 'answer_each', 'answers_100', 'finish', 'results'];

export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1));
  return s[i]!;
}
const fmt = (x: number) => (Number.isNaN(x) ? '-' : x < 10 ? x.toFixed(2) : x.toFixed(1));
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;

async function runTarget(target: TargetName, schema?: string): Promise<void> {
  const name = TARGET_LABELS[target];
  const dataDir = mkdtempSync(join(tmpdir(), 'grilio-bench-'));
  const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
  const t0 = performance.now();
  const { db, cleanup } = await openTarget(target, schema);
  await migrate(db);
  const app = await buildApp({ db, config, distDir: null, logger: false });
  await app.ready();
  const { manualId } = await seedGrids(db, GRIDS);
  const { token } = await seedUser(db, 0);
  const setupMs = performance.now() - t0;
  const headers = { authorization: `Bearer ${token}` };
  const times: Record<Phase, number[]> = { create: [], read: [], answer_each: [], answers_100: [], finish: [], results: [] };
  const time = async <T>(phase: Phase, fn: () => Promise<T>): Promise<T> => {
    const s = performance.now();
    const r = await fn();
    times[phase].push(performance.now() - s);
    return r;
  };
  const expectOk = <R extends { statusCode: number; body: string }>(res: R, what: string): R => {
    if (res.statusCode >= 300) throw new Error(`${name} ${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res;
  };
  let rssPeak = process.memoryUsage().rss;
  for (let it = 0; it < ITERATIONS; it++) {
    const created = await time('create', () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/tests',
        headers,
        payload: { manual_id: manualId, count: TEST_SIZE, mode: 'exam' },
      }),
    );
    const id = expectOk(created, 'create').json().test.id as string;
    const read = await time('read', () => app.inject({ method: 'GET', url: `/api/v1/tests/${id}`, headers }));
    const grids = expectOk(read, 'read').json().grids as Array<{ id: number; type: string }>;
    const start = performance.now();
    for (const [i, g] of grids.entries()) {
      const marked = i % 4 === 0 ? ['B'] : i % 4 === 1 ? ['A'] : i % 4 === 2 ? ['A', 'C'] : ['D'];
      const res = await time('answer_each', () =>
        app.inject({
          method: 'PUT',
          url: `/api/v1/tests/${id}/answers/${g.id}`,
          headers,
          payload: { id: randomUUID(), marked, time_ms: 1000 },
        }),
      );
      expectOk(res, 'answer');
    }
    times.answers_100.push(performance.now() - start);
    expectOk(await time('finish', () => app.inject({ method: 'POST', url: `/api/v1/tests/${id}/finish`, headers })), 'finish');
    expectOk(await time('results', () => app.inject({ method: 'GET', url: `/api/v1/tests/${id}/results`, headers })), 'results');
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }
  const mem = process.memoryUsage();
  await app.close();
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`\n== engine, ${name}  (setup+seed ${fmt(setupMs)} ms, ${ITERATIONS} iterations, ${TEST_SIZE}-grid test over ${GRIDS} grids, app.inject)`);
  console.log(`${'phase'.padEnd(14)}${'median ms'.padStart(12)}${'p95 ms'.padStart(12)}`);
  for (const p of PHASES)
    console.log(`${p.padEnd(14)}${fmt(quantile(times[p], 0.5)).padStart(12)}${fmt(quantile(times[p], 0.95)).padStart(12)}`);
  console.log(`memory: rss ${mb(mem.rss)} (peak ${mb(rssPeak)}), heap used ${mb(mem.heapUsed)}`);
}

export function runEngineBench(targets: TargetName[]): Promise<void> {
  return forEachTarget(targets, 'engine', runTarget);
}
