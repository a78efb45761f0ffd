// Content at national size (issue 30 §1; BENCH_PARTS=bank): per target, the seeded 15,000-grid,
// 3-manual bank of the search bench (search-bank.ts), a candidate with 100,000 answers over a year
// and 5,000 other candidates' answers (bank-history.ts), the item statistics recomputed, then each
// candidate read timed BENCH_BANK_ROUNDS times (bank-reads.ts; p50/p95/p99, target p99 ≤ 100 ms),
// the re-import of the unchanged bank (bank-import.ts; target ≤ 5 s) and the admin lists
// (bank-admin.ts). PostgreSQL runs in a database of its own, created and dropped here: the
// database named by DATABASE_URL, else grilio_bench_bank on the local server (never `test`, CI's).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { openDb } from '../db/open.ts';
import type { Db } from '../db/db.ts';
import { buildApp } from '../app.ts';
import { seedUser } from './seed.ts';
import { seedSearchBank } from './search-bank.ts';
import { seedHistory } from './bank-history.ts';
import { candidateReads, timeAnswerSaves, timeReads } from './bank-reads.ts';
import { timeReimport } from './bank-import.ts';
import { checkAdminLists } from './bank-admin.ts';
import { refreshGridStats } from '../modules/item-stats/queries.ts';
import { refreshPeerAccuracy } from '../modules/stats/peer-refresh.ts';
import { TARGET_LABELS, admin, pgReachable, type TargetName } from './targets.ts';

const ROUNDS = Number(process.env.BENCH_BANK_ROUNDS ?? 40);
const GRIDS = Number(process.env.BENCH_BANK_GRIDS ?? 15_000);
const BUDGET_MS = 100;

/** The bench's own PostgreSQL database: created (fresh) before the run, dropped after it. */
function ownDatabase(): { url: string; name: string; adminUrl: string } {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/grilio_bench_bank');
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === 'test' || name === 'postgres')
    throw new Error(`BENCH_PARTS=bank needs a database of its own (not ${name || 'none'}): it creates and drops it`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return { url: url.toString(), name, adminUrl: admin.toString() };
}

async function open(target: TargetName): Promise<{ db: Db; cleanup: () => Promise<void> } | null> {
  if (target === 'memory') {
    const db = await openDb({ dataDir: null });
    return { db, cleanup: () => db.close() };
  }
  if (target === 'disk') {
    const dir = mkdtempSync(join(tmpdir(), 'grilio-bank-disk-'));
    const db = await openDb({ dataDir: dir });
    return { db, cleanup: async () => (await db.close(), rmSync(dir, { recursive: true, force: true })) };
  }
  const own = ownDatabase();
  if (!(await pgReachable(own.adminUrl))) return null;
  await admin(own.adminUrl, `drop database if exists ${own.name} with (force)`);
  await admin(own.adminUrl, `create database ${own.name}`);
  const db = await openDb({ databaseUrl: own.url, dataDir: null });
  return {
    db,
    cleanup: async () => {
      await db.close();
      await admin(own.adminUrl, `drop database if exists ${own.name} with (force)`);
    },
  };
}

const f = (x: number) => x.toFixed(1);

async function runTarget(target: TargetName): Promise<void> {
  const label = TARGET_LABELS[target];
  const opened = await open(target);
  if (!opened) {
    console.log(`\n== bank, ${label}: skipped (PostgreSQL does not answer)`);
    return;
  }
  const { db, cleanup } = opened;
  const dataDir = mkdtempSync(join(tmpdir(), 'grilio-bench-'));
  try {
    await migrate(db);
    const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    const app = await buildApp({ db, config, distDir: null, logger: false });
    await app.ready();
    const bank = await seedSearchBank(db, { grids: GRIDS });
    const candidate = await seedUser(db, 0);
    const history = await seedHistory(db, candidate.id);
    let t = performance.now();
    const statted = await refreshGridStats(db);
    const peers = await refreshPeerAccuracy(db);
    const statsMs = performance.now() - t;
    await db.query('analyze grid_stats');
    console.log(
      `\n== bank, ${label}: ${bank.grids} grids (made in ${f(bank.ms / 1000)} s); ${history.candidateAnswers} answers of the candidate, ` +
        `${history.peerAnswers} of 5,000 others, ${history.tests} tests (made in ${f(history.ms / 1000)} s); ` +
        `item statistics of ${statted} grids and ${peers} peer shares recomputed in ${f(statsMs / 1000)} s; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
    const manual = (await db.one<{ id: number; slug: string }>(`select id, slug from manuals where slug = 'cautare-bench-0'`))!;
    const chapters = await db.query<{ id: number; slug: string }>('select id, slug from chapters where manual_id = $1 order by sort', [manual.id]);
    const reads = candidateReads(manual.id, manual.slug, chapters.map((c) => c.id), chapters.map((c) => c.slug));
    const figures = await timeReads(app, candidate.token, reads, ROUNDS);
    console.log(`  ${ROUNDS} rounds, ms:           p50     p95     p99     max`);
    for (const r of figures)
      console.log(
        `  ${r.name.padEnd(30)} ${f(r.p50).padStart(6)}  ${f(r.p95).padStart(6)}  ${f(r.p99).padStart(6)}  ${f(r.max).padStart(6)}${r.p99 > BUDGET_MS ? '  > 100 ms' : ''}`,
      );
    // Answer saves with the count triggers of migration 049, then without them (the same database, a
    // minute later: what the triggers cost the write path; the counts are not read after this).
    const line = (label: string, r: { p50: number; p95: number; p99: number; max: number }) =>
      console.log(`  ${label.padEnd(30)} ${f(r.p50).padStart(6)}  ${f(r.p95).padStart(6)}  ${f(r.p99).padStart(6)}  ${f(r.max).padStart(6)}`);
    line('PUT answer (200, counted)', await timeAnswerSaves(app, candidate.token, manual.id, 200));
    const COUNT_TRIGGERS = ['answers_counts_insert', 'answers_counts_update', 'answers_counts_delete'];
    for (const t of COUNT_TRIGGERS) await db.query(`alter table answers disable trigger ${t}`);
    line('PUT answer (200, no triggers)', await timeAnswerSaves(app, candidate.token, manual.id, 200));
    for (const t of COUNT_TRIGGERS) await db.query(`alter table answers enable trigger ${t}`);
    const admin = await seedUser(db, 1);
    await db.query('update users set is_admin = true where id = $1', [admin.id]);
    for (const line of await checkAdminLists(app, admin.token)) console.log(`  admin ${line}`);
    await app.close();
    t = performance.now();
    const re = await timeReimport(db);
    console.log(
      `  re-import of the unchanged bank (${re.files} files, ${re.grids} grids, ${re.counts.unchanged} rows unchanged): ` +
        `${f(re.secondMs / 1000)} s (first pass ${f(re.firstMs / 1000)} s)${re.secondMs > 5000 ? '  > 5 s' : ''}`,
    );
  } finally {
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runBankBench(targets: TargetName[]): Promise<void> {
  for (const target of targets) await runTarget(target);
}
