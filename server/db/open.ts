import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** PostgreSQL when a URL is given, otherwise PGlite under dataDir/pg (or in memory when dataDir is null). */
export async function openDb(opts: { databaseUrl?: string; dataDir: string | null; schema?: string }): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.schema);
  if (opts.dataDir === null) return openPglite();
  const dir = join(opts.dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  return openPglite(dir);
}
