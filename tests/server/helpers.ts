// Test harness: a fresh app per test file on PGlite in memory, or on PostgreSQL in a schema
// of its own when DATABASE_URL is set (dropped afterwards).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDb } from '../../server/db/open.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { migrate } from '../../server/db/migrate.ts';
import { buildApp, type BuildOptions } from '../../server/app.ts';
import type { Db } from '../../server/db/db.ts';

export type TestApp = { app: FastifyInstance; db: Db; config: Config; close: () => Promise<void> };

/** The migrated database tests/server/global-setup.ts dumped for this run, read once per process. */
let snapshot: Blob | undefined;
function pgliteSnapshot(): Blob {
  const file = inject('pgliteSnapshot');
  if (!file) throw new Error('no PGlite snapshot: tests/server/global-setup.ts did not run');
  snapshot ??= new Blob([readFileSync(file)]);
  return snapshot;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(sql);
  await c.end();
}

/** A migrated database for one test file (several apps may share it); close drops it. On
 *  PostgreSQL, `another()` opens a second pool on it, as another process would (null on PGlite,
 *  which one process holds); the caller closes it. */
export async function openTestDb(): Promise<{ db: Db; close: () => Promise<void>; another: () => Promise<Db | null> }> {
  // server-nodb runs once, not once per database: a file there that opens one belongs in `server`.
  if (process.env.GRILIO_TEST_NO_DB) throw new Error('a server-nodb test file opens a database: move it out of NO_DB in vitest.config.ts');
  const url = process.env.DATABASE_URL;
  const schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (url) await adminQuery(url, `create schema ${schema}`);
  const db = url ? await openDb({ databaseUrl: url, dataDir: null, schema }) : await openPglite(undefined, pgliteSnapshot());
  await migrate(db); // on the PGlite snapshot nothing is left to apply: one query
  return {
    db,
    another: async () => (url ? openDb({ databaseUrl: url, dataDir: null, schema }) : null),
    async close() {
      await db.close();
      if (url && schema) await adminQuery(url, `drop schema ${schema} cascade; drop schema if exists ${schema}_jobs cascade`);
    },
  };
}

/** An app on `db` with the test configuration plus `env` (mail sent inline unless MAIL_QUEUE: tests read
 *  `app.mailer.sent` right after a request; tests/server/mail-queue.test.ts covers the queue); `extra` passes build options (a clock). */
export async function buildTestApp(
  db: Db,
  env: Record<string, string> = {},
  extra: Pick<BuildOptions, 'clock'> = {},
): Promise<{ app: FastifyInstance; config: Config }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'grilio-test-'));
  // On PostgreSQL every test file has a schema of its own in one database, and so must its job
  // queues: with one shared pg-boss schema, a file's scan worker would take another file's jobs
  // (for scans it cannot see) and leave them unread. Apps on the same test database share it.
  const jobs = db.kind === 'postgres' ? { JOBS_SCHEMA: `${(await db.one<{ s: string }>('select current_schema() as s'))!.s}_jobs` } : {};
  const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false', SCAN_WORKER: 'false', MAIL_QUEUE: 'false', REVIEW_QUEUE: 'false', ...jobs, ...env });
  const url = process.env.DATABASE_URL;
  const app = await buildApp({ db, config: { ...config, DATABASE_URL: url }, distDir: null, logger: false, ...extra });
  await app.ready();
  return { app, config };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const opened = await openTestDb();
  const { app, config } = await buildTestApp(opened.db, env);
  return {
    app,
    db: opened.db,
    config,
    async close() {
      await app.close();
      await opened.close();
    },
  };
}

/** `db`, recording the SQL of every query made outside a transaction (what a call costs). */
export function countingDb(db: Db): { db: Db; sql: string[] } {
  const sql: string[] = [];
  return {
    sql,
    db: {
      ...db,
      kind: db.kind,
      query: (text, params) => (sql.push(text), db.query(text, params)),
      one: (text, params) => (sql.push(text), db.one(text, params)),
    },
  };
}
