// Benchmark of the tests engine through app.inject (no network): `npm run bench`.
// Targets: PGlite in memory, PGlite on disk, and PostgreSQL when DATABASE_URL is set or the local
// server (postgres://postgres@127.0.0.1:5432/test) answers. Each target: seed 1000 grids, then N
// iterations of: create a 100-grid test, read it, submit 100 answers, finish, read the results.
// Prints median and p95 milliseconds per phase, and memory (rss, heap).
// Options (env): BENCH_ITERATIONS (default 5), BENCH_TARGETS (comma list: memory,disk,postgres).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/open.ts';
import { migrate } from '../db/migrate.ts';
import { buildApp } from '../app.ts';
import type { Db } from '../db/db.ts';
import { hashToken, newToken } from '../lib/tokens.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 5);
const TARGETS = (process.env.BENCH_TARGETS ?? 'memory,disk,postgres').split(',').map((s) => s.trim());
const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/test';
const GRIDS = 1000;
const TEST_SIZE = 100;

type Phase = 'create' | 'read' | 'answer_each' | 'answers_100' | 'finish' | 'results';
const PHASES: Phase[] = ['create', 'read', 'answer_each', 'answers_100', 'finish', 'results'];

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1));
  return s[i]!;
}
const fmt = (x: number) => (Number.isNaN(x) ? '-' : x < 10 ? x.toFixed(2) : x.toFixed(1));
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;

async function seed(db: Db): Promise<{ manualId: number; token: string }> {
  const m = await db.one<{ id: number }>(
    `insert into manuals (slug, title, subject) values ($1, 'Bench', 'biologie') returning id`,
    [`bench-${randomBytes(4).toString('hex')}`],
  );
  for (let c = 0; c < 10; c++) {
    const ch = await db.one<{ id: number }>(
      `insert into chapters (manual_id, slug, title, sort) values ($1, $2, $3, $4) returning id`,
      [m!.id, `cap-${c}`, `Capitolul ${c + 1}`, c],
    );
    const rows = Array.from({ length: GRIDS / 10 }, (_, i) => ({
      type: i % 3 === 0 ? 'CS' : 'CM',
      statement: `Enunțul ${c}-${i}: ${'text '.repeat(20)}`,
      correct: i % 3 === 0 ? ['B'] : ['A', 'C', 'E'].slice(0, 1 + (i % 3)),
      difficulty: i % 2 ? 'easy' : 'hard',
    }));
    await db.query(
      `insert into grids (chapter_id, type, statement, options, correct, explanation, difficulty)
       select $1, x.type, x.statement, '{"A":"a","B":"b","C":"c","D":"d","E":"e"}'::jsonb,
              array(select jsonb_array_elements_text(x.correct)), 'Explicație', x.difficulty
         from jsonb_to_recordset($2::jsonb) as x(type text, statement text, correct jsonb, difficulty text)`,
      [ch!.id, JSON.stringify(rows)],
    );
  }
  const u = await db.one<{ id: number }>(
    `insert into users (name, email, email_verified_at, center_id) values ('Bench User', $1, now(), (select id from centers where slug = 'timisoara')) returning id`,
    [`bench-${randomBytes(4).toString('hex')}@exemplu.ro`],
  );
  const token = newToken();
  await db.query(
    `insert into auth_tokens (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`,
    [u!.id, hashToken(token)],
  );
  return { manualId: m!.id, token };
}

async function pgReachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

async function runTarget(name: string, open: () => Promise<{ db: Db; cleanup: () => Promise<void> }>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'grilio-bench-'));
  const config = loadConfig(
    {},
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' },
  );
  const t0 = performance.now();
  const { db, cleanup } = await open();
  await migrate(db);
  const app = await buildApp({ db, config, distDir: null, logger: false });
  await app.ready();
  const { manualId, token } = await seed(db);
  const setupMs = performance.now() - t0;
  const headers = { authorization: `Bearer ${token}` };
  const times: Record<Phase, number[]> = {
    create: [],
    read: [],
    answer_each: [],
    answers_100: [],
    finish: [],
    results: [],
  };
  const time = async <T>(phase: Phase, fn: () => Promise<T>): Promise<T> => {
    const s = performance.now();
    const r = await fn();
    times[phase].push(performance.now() - s);
    return r;
  };
  const expectOk = <R extends { statusCode: number; body: string }>(res: R, what: string): R => {
    if (res.statusCode >= 300)
      throw new Error(`${name} ${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
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
    expectOk(
      await time('finish', () => app.inject({ method: 'POST', url: `/api/v1/tests/${id}/finish`, headers })),
      'finish',
    );
    expectOk(
      await time('results', () => app.inject({ method: 'GET', url: `/api/v1/tests/${id}/results`, headers })),
      'results',
    );
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }
  const mem = process.memoryUsage();
  await app.close();
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `\n== ${name}  (setup+seed ${fmt(setupMs)} ms, ${ITERATIONS} iterations, ${TEST_SIZE}-grid test over ${GRIDS} grids)`,
  );
  console.log(`${'phase'.padEnd(14)}${'median ms'.padStart(12)}${'p95 ms'.padStart(12)}`);
  for (const p of PHASES)
    console.log(
      `${p.padEnd(14)}${fmt(quantile(times[p], 0.5)).padStart(12)}${fmt(quantile(times[p], 0.95)).padStart(12)}`,
    );
  console.log(`memory: rss ${mb(mem.rss)} (peak ${mb(rssPeak)}), heap used ${mb(mem.heapUsed)}`);
}

async function main() {
  console.log(`Grilio tests-engine bench — Node ${process.version}`);
  if (TARGETS.includes('memory')) {
    await runTarget('PGlite (memory)', async () => {
      const db = await openDb({ dataDir: null });
      return { db, cleanup: () => db.close() };
    });
  }
  if (TARGETS.includes('disk')) {
    const dir = mkdtempSync(join(tmpdir(), 'grilio-bench-disk-'));
    await runTarget('PGlite (disk)', async () => {
      const db = await openDb({ dataDir: dir });
      return { db, cleanup: async () => (await db.close(), rmSync(dir, { recursive: true, force: true })) };
    });
  }
  if (TARGETS.includes('postgres')) {
    const url = process.env.DATABASE_URL ?? LOCAL_PG;
    if (!(await pgReachable(url))) {
      console.log(
        `\n== PostgreSQL: skipped (${process.env.DATABASE_URL ? 'DATABASE_URL' : LOCAL_PG} not reachable)`,
      );
    } else {
      const schema = `bench_${randomBytes(5).toString('hex')}`;
      const admin = async (sql: string) => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(sql);
        await c.end();
      };
      await admin(`create schema ${schema}`);
      try {
        await runTarget('PostgreSQL', async () => {
          const db = await openDb({ databaseUrl: url, dataDir: null, schema });
          return { db, cleanup: () => db.close() };
        });
      } finally {
        await admin(`drop schema ${schema} cascade`);
      }
    }
  }
}

await main();
