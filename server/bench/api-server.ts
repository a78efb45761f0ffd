// The server half of the API bench (server/bench/api.ts), in a process of its own so that the load
// generator does not share its event loop: opens the target database, builds the real app plus a
// bare route registered only here, seeds the candidates, listens on 127.0.0.1 and sends the parent
// (over IPC) the port, the tokens and the answer slots. Ends when the parent sends 'close'.
// Env: BENCH_TARGET, BENCH_SCHEMA (postgres), BENCH_CANDIDATES, BENCH_SLOTS, BENCH_LOG (app | off).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { buildApp } from '../app.ts';
import type { Db } from '../db/db.ts';
import { insertTest } from '../modules/practice/engine.ts';
import { seedGrids, seedUser } from './seed.ts';
import { serveBench } from './child.ts';
import { openTarget, type TargetName } from './targets.ts';

export type Candidate = { token: string; slots: Array<[testId: string, gridId: number]> };
export type ServerReady = { port: number; gridIds: number[]; candidates: Candidate[] };

const TEST_SIZE = 100;
const target = process.env.BENCH_TARGET as TargetName;
const candidates = Number(process.env.BENCH_CANDIDATES ?? 20);
const slots = Number(process.env.BENCH_SLOTS ?? 10_000);
// 'app': the app's own logger at info (what production runs), its stdout piped to the parent.
const logging = process.env.BENCH_LOG ?? 'app';

/** A candidate with notifications (some read), a history of tests, and unanswered tests to save into. */
async function seedCandidate(db: Db, n: number, gridIds: number[], testsNeeded: number): Promise<Candidate> {
  const user = await seedUser(db, n);
  await db.query(
    `insert into notifications (user_id, title, message, read_at, created_at)
     select $1, 'Anunț ' || i, 'Text', case when i % 3 = 0 then null else now() end, now() - i * interval '1 hour'
       from generate_series(1, 30) as i`,
    [user.id],
  );
  await db.query(
    `insert into tests (id, user_id, mode, status, grid_count, grid_set_hash, finished_at, score)
     select gen_random_uuid(), $1, 'exam', case when i % 4 = 0 then 'abandoned' else 'finished' end, 10, md5(i::text),
            now() - i * interval '1 day', 50
       from generate_series(1, 12) as i`,
    [user.id],
  );
  const out: Candidate = { token: user.token, slots: [] };
  for (let t = 0; t < testsNeeded; t++) {
    const start = ((n * 7 + t * 13) * TEST_SIZE) % (gridIds.length - TEST_SIZE);
    const ids = gridIds.slice(start, start + TEST_SIZE);
    const test = await insertTest(db, {
      userId: user.id,
      mode: 'exam',
      kind: 'custom',
      manualId: null,
      filters: {},
      gridIds: ids,
      timeLimitS: null,
    });
    for (const g of ids) out.slots.push([test!.id, g]);
  }
  return out;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'grilio-bench-api-'));
  const config = loadConfig({}, { NODE_ENV: 'production', LOG_LEVEL: 'info', DATA_DIR: dataDir, SEED_DEMO: 'false' });
  const { db, cleanup } = await openTarget(target, process.env.BENCH_SCHEMA);
  await migrate(db);
  const app = await buildApp({ db, config, distDir: null, ...(logging === 'off' ? { logger: false } : {}) });
  app.get('/bench/bare', async () => ({ ok: true }));
  const { gridIds } = await seedGrids(db, 1000);
  const testsEach = Math.max(1, Math.ceil(slots / candidates / TEST_SIZE));
  const list: Candidate[] = [];
  for (let n = 0; n < candidates; n++) list.push(await seedCandidate(db, n, gridIds, testsEach));
  // Statistics for the planner, as after a day of use (autovacuum would do it on a live server).
  if (db.kind === 'postgres') await db.exec('analyze');
  await serveBench(app, (port) => ({ port, gridIds, candidates: list } satisfies ServerReady), async () => {
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

await main();
