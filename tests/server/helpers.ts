// Test harness: a fresh app per test file on PGlite in memory, or on PostgreSQL in a schema
// of its own when DATABASE_URL is set (dropped afterwards).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDb } from '../../server/db/open.ts';
import { migrate } from '../../server/db/migrate.ts';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/db.ts';

export type TestApp = { app: FastifyInstance; db: Db; config: Config; close: () => Promise<void> };

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'grilio-test-'));
  const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false', ...env });
  const url = process.env.DATABASE_URL;
  let schema: string | undefined;
  if (url) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
  }
  const db = await openDb({ databaseUrl: url, dataDir: null, schema });
  await migrate(db);
  const app = await buildApp({ db, config: { ...config, DATABASE_URL: url }, distDir: null, logger: false });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.close();
      if (url && schema) {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
      }
    },
  };
}
