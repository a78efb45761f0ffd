// Where a bench runs: PGlite in memory, PGlite on disk, or PostgreSQL in a schema of its own
// (dropped afterwards). PostgreSQL is DATABASE_URL, else the local server when it answers.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDb } from '../db/open.ts';
import type { Db } from '../db/db.ts';

export type TargetName = 'memory' | 'disk' | 'postgres';
export const TARGET_LABELS: Record<TargetName, string> = {
  memory: 'PGlite (memory)',
  disk: 'PGlite (disk)',
  postgres: 'PostgreSQL',
};
export const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/test';

/** BENCH_TARGETS (comma list of memory, disk, postgres), default memory and postgres. */
export function benchTargets(): TargetName[] {
  const names = (process.env.BENCH_TARGETS ?? 'memory,postgres').split(',').map((s) => s.trim());
  return names.filter((n): n is TargetName => n in TARGET_LABELS);
}

export const postgresUrl = () => process.env.DATABASE_URL ?? LOCAL_PG;

export async function pgReachable(url: string): Promise<boolean> {
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

/** One statement on a connection of its own (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function admin(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A fresh PostgreSQL schema for one bench run, and its removal. */
export async function createBenchSchema(url: string): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  await admin(url, `create schema ${schema}`);
  return { schema, drop: () => admin(url, `drop schema ${schema} cascade`) };
}

/** Opens the target's database; `schema` is required for postgres (see createBenchSchema). */
export async function openTarget(
  target: TargetName,
  schema?: string,
): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  if (target === 'postgres') {
    const db = await openDb({ databaseUrl: postgresUrl(), dataDir: null, schema });
    return { db, cleanup: () => db.close() };
  }
  if (target === 'memory') {
    const db = await openDb({ dataDir: null });
    return { db, cleanup: () => db.close() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'grilio-bench-disk-'));
  const db = await openDb({ dataDir: dir });
  return {
    db,
    cleanup: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs one bench part on each target; PostgreSQL in a schema of its own (dropped afterwards), and
 * skipped with a line when the server does not answer.
 */
export async function forEachTarget(
  targets: TargetName[],
  part: string,
  run: (target: TargetName, schema?: string) => Promise<void>,
): Promise<void> {
  for (const target of targets) {
    if (target !== 'postgres') {
      await run(target);
      continue;
    }
    if (!(await pgReachable(postgresUrl()))) {
      console.log(`\n== ${part}, PostgreSQL: skipped (${postgresUrl()} does not answer)`);
      continue;
    }
    const { schema, drop } = await createBenchSchema(postgresUrl());
    try {
      await run(target, schema);
    } finally {
      await drop();
    }
  }
}
