// Migration 049 at national size (issue 30 §1), run by hand: `npx node server/bench/bank-migration.ts
// postgres|memory` (under the bench lock). The migrations before 049 (without schema_migrations), the
// bank bench's bank and answers, two bulk updates timed before 049, then 049 itself (its backfill of
// 600,000 answers) and the same bulk updates with its triggers, and one statement moving 300 grids.
// PostgreSQL in a database of its own (grilio_bench_migration on the local server), dropped after.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { openDb } from '../db/open.ts';
import { seedUser } from './seed.ts';
import { seedSearchBank } from './search-bank.ts';
import { seedHistory } from './bank-history.ts';
import { admin } from './targets.ts';
const target = process.argv[2] ?? 'postgres';
const adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
if (target === 'postgres') {
  await admin(adminUrl, 'drop database if exists grilio_bench_migration with (force)');
  await admin(adminUrl, 'create database grilio_bench_migration');
}
const db = target === 'postgres' ? await openDb({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/grilio_bench_migration', dataDir: null }) : await openDb({ dataDir: null });
const dir = join(import.meta.dirname, '../db/migrations');
const files = readdirSync(dir).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
for (const f of files.filter((f) => f < '049')) await db.exec(readFileSync(join(dir, f), 'utf8'));
await seedSearchBank(db, { grids: 15000 });
const c = await seedUser(db, 0);
await seedHistory(db, c.id);
{
  let t0 = performance.now();
  await db.query("update answers set time_ms = time_ms + 1 where user_id = $1", [c.id]);
  console.log(`  before 049: bulk update of the candidate's 100,000 answers (time_ms): ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  t0 = performance.now();
  await db.query("update grids set key = 'pre-' || id where key is null");
  console.log(`  before 049: bulk update of 15,000 grids (no move): ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  await db.query("update grids set key = null where key like 'pre-%'");
}
const t = performance.now();
await db.tx(async (tx) => tx.exec(readFileSync(join(dir, '049_answer_counts.sql'), 'utf8')));
console.log(`${target}: migration 049 on ${(await db.one<{ n: number }>('select count(*)::int as n from answers'))!.n} answers: ${((performance.now() - t) / 1000).toFixed(2)} s; rows ${(await db.one<{ n: number }>('select count(*)::int as n from user_chapter_answers'))!.n} + ${(await db.one<{ n: number }>('select count(*)::int as n from user_answer_days'))!.n}; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
let t2 = performance.now();
await db.query("update answers set reviewed_at = now() where user_id = $1", [c.id]);
console.log(`  bulk update of the candidate's 100,000 answers (no counted column): ${((performance.now() - t2) / 1000).toFixed(2)} s`);
t2 = performance.now();
await db.query("update answers set time_ms = time_ms + 1 where user_id = $1", [c.id]);
console.log(`  bulk update of the candidate's 100,000 answers (time_ms): ${((performance.now() - t2) / 1000).toFixed(2)} s`);
t2 = performance.now();
await db.query("update grids set key = 'bank-' || id where key is null");
console.log(`  bulk update of 15,000 grids (no move): ${((performance.now() - t2) / 1000).toFixed(2)} s`);
t2 = performance.now();
await db.query("update grids set chapter_id = (select min(id) from chapters c where c.manual_id = (select manual_id from chapters where id = grids.chapter_id)) where id % 50 = 0");
console.log(`  300 grids moved in one statement: ${((performance.now() - t2) / 1000).toFixed(2)} s`);
await db.close();
if (target === 'postgres') await admin(adminUrl, 'drop database if exists grilio_bench_migration with (force)');
