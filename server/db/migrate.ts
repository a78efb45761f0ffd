// Applies server/db/migrations/NNN_name.sql in order, each once, each in a transaction (on
// PostgreSQL all pending ones in one, under an advisory lock).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db.ts';

const dir = join(import.meta.dirname, 'migrations');

/** Any fixed number: the advisory lock that makes processes starting together migrate one at a time. */
const MIGRATION_LOCK = 7_204_131;

export async function migrate(db: Db): Promise<string[]> {
  // Several processes starting at once on one PostgreSQL (a cluster, a rolling deploy): the first
  // takes the lock and migrates, the others wait in it and then find nothing left to do. PGlite is
  // one process, so it needs none.
  if (db.kind === 'postgres') return db.tx(async (t) => {
    await t.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    return applyPending(t);
  });
  return applyPending(db);
}

async function applyPending(db: Db): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (
    name text primary key, applied_at timestamptz not null default now())`);
  const done = new Set((await db.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
  const files = readdirSync(dir).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    await db.tx(async (t) => {
      await t.exec(sql);
      await t.query('insert into schema_migrations (name) values ($1)', [file]);
    });
    applied.push(file);
  }
  return applied;
}
