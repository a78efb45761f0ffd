// Search bench (issue 30 §3; BENCH_PARTS=search): per target, a seeded bank of 15,000 grids
// (search-bank.ts), then GET /search through app.inject for a free and a premium candidate over a
// fixed set of queries (common prefixes that match thousands of rows, rare words, two words,
// diacritics and capitals), BENCH_SEARCH_ROUNDS rounds (default 3). Prints p50/p95/max ms.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { buildApp } from '../app.ts';
import { seedUser } from './seed.ts';
import { seedSearchBank } from './search-bank.ts';
import { quantile } from './engine.ts';
import { TARGET_LABELS, forEachTarget, openTarget, type TargetName } from './targets.ts';

const GRIDS = Number(process.env.BENCH_SEARCH_GRIDS ?? 15_000);
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 3);
export const SEARCH_QUERIES = [
  'nefr', 'rinichiului', 'RINICHI', 'ansa henle', 'celul', 'ce', 'sunt', 'de', 'membrana celulei',
  'mitocondria', 'hipotalamus', 'insulină', 'ţesutul', 'tesutul conjunctiv', 'alcani', 'benzen hibridizare',
  'capilare', 'vezica urina', 'zzqq', 'carot', 'analizatorul vizual', 'ca ro', 'lu', 'glomerulul rinichiului',
];

async function runTarget(target: TargetName, schema?: string): Promise<void> {
  const name = TARGET_LABELS[target];
  const dataDir = mkdtempSync(join(tmpdir(), 'grilio-bench-'));
  const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
  const { db, cleanup } = await openTarget(target, schema);
  try {
    await migrate(db);
    const app = await buildApp({ db, config, distDir: null, logger: false });
    await app.ready();
    const bank = await seedSearchBank(db, { grids: GRIDS });
    await db.query('analyze grids');
    await db.query('analyze search_passages');
    // Several candidates, so the per-user rate limit (60 a minute) never answers instead of the search.
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => seedUser(db, i)));
    await db.query(
      `update users set premium_until = now() + interval '30 days' where id = any($1::int[])`,
      [users.filter((_, i) => i % 2).map((u) => u.id)],
    );
    console.log(`\n== search, ${name}: ${bank.grids} grids, ${bank.passages} paragraphs, bank made in ${(bank.ms / 1000).toFixed(1)} s`);
    const times: number[] = [];
    const perQuery = new Map<string, number[]>();
    let req = 0;
    let found = 0;
    // One warm-up pass (first plans, caches), not counted.
    for (const q of SEARCH_QUERIES.slice(0, 4))
      await app.inject({ method: 'GET', url: `/api/v1/search?q=${encodeURIComponent(q)}`, headers: { authorization: `Bearer ${users[0]!.token}` } });
    for (let r = 0; r < ROUNDS; r++) {
      for (const q of SEARCH_QUERIES) {
        const u = users[req++ % users.length]!;
        const s = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/v1/search?q=${encodeURIComponent(q)}`, headers: { authorization: `Bearer ${u.token}` } });
        const ms = performance.now() - s;
        if (res.statusCode !== 200) throw new Error(`${name} search ${q}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        const body = res.json() as { grids: unknown[]; passages: unknown[] };
        found += body.grids.length + body.passages.length;
        times.push(ms);
        perQuery.set(q, [...(perQuery.get(q) ?? []), ms]);
      }
    }
    const f = (x: number) => x.toFixed(1);
    console.log(`  ${times.length} searches (${SEARCH_QUERIES.length} queries × ${ROUNDS}, free and premium), ${found} hits`);
    console.log(`  p50 ${f(quantile(times, 0.5))} ms, p95 ${f(quantile(times, 0.95))} ms, max ${f(Math.max(...times))} ms`);
    const slow = [...perQuery].map(([q, xs]) => [q, quantile(xs, 0.5)] as const).sort((a, b) => b[1] - a[1]).slice(0, 4);
    console.log(`  slowest queries (median): ${slow.map(([q, ms]) => `"${q}" ${f(ms)} ms`).join(', ')}`);
    await app.close();
  } finally {
    await cleanup();
  }
}

export async function runSearchBench(targets: TargetName[]): Promise<void> {
  await forEachTarget(targets, 'search', runTarget);
}
