// Once per server test run, before any file: on PGlite, one database migrated and dumped to a file
// (PGlite's dumpDataDir), which every test file's openTestDb loads (0.7 s, 0.9 s of CPU) instead of
// running initdb and the migrations again (2.5–3 s, 3 s of CPU, for each of the ~120 databases a
// run opens). On PostgreSQL (DATABASE_URL set) each file migrates a schema of its own (0.6 s).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openPglite } from '../../server/db/pglite.ts';
import { migrate } from '../../server/db/migrate.ts';
import { hashPassword } from '../../server/lib/passwords.ts';
import { DEFAULT_PASSWORD } from './users-fixture.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory as a tar file; '' on PostgreSQL. */
    pgliteSnapshot: string;
    /** argon2id of DEFAULT_PASSWORD at production cost, made once per run for every fixture user. */
    defaultPasswordHash: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  project.provide('defaultPasswordHash', await hashPassword(DEFAULT_PASSWORD));
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return () => undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'grilio-pglite-snapshot-'));
  const file = join(dir, 'migrated.tar');
  const db = await openPglite();
  await migrate(db);
  writeFileSync(file, Buffer.from(await (await dumpPglite(db)).arrayBuffer()));
  await db.close();
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
