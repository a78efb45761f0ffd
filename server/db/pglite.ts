import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db } from './db.ts';

type Runner = Pick<PGlite, 'query' | 'exec'> | Transaction;

function wrap(runner: Runner, root: PGlite): Db {
  const db: Db = {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await runner.query<T>(sql, params)).rows;
    },
    async one<T>(sql: string, params: unknown[] = []) {
      return (await runner.query<T>(sql, params)).rows[0];
    },
    async exec(sql: string) {
      await runner.exec(sql);
    },
    async execRows(sql: string) {
      return ((await runner.exec(sql)).at(-1)?.rows ?? []) as Record<string, unknown>[];
    },
    async tx<T>(fn: (db: Db) => Promise<T>) {
      if (runner !== root) return fn(db); // already inside a transaction
      return root.transaction((t) => fn(wrap(t, root)));
    },
    async listen(channel, onPayload, onState) {
      // One database in this process: PGlite calls back during the committing call itself.
      const stop = await root.listen(channel, onPayload);
      onState(true);
      return stop;
    },
    async close() {
      await root.close();
    },
  };
  return db;
}

const roots = new WeakMap<Db, PGlite>();

/** dataDir undefined → in memory (tests); `from`: a data directory dumped by dumpPglite to start from
 *  (the server tests load one migrated database, 0.7 s, instead of initdb and the migrations, 3 s). */
export async function openPglite(dataDir?: string, from?: Blob): Promise<Db> {
  const pg = new PGlite({ dataDir, loadDataDir: from });
  await pg.waitReady;
  const db = wrap(pg, pg);
  roots.set(db, pg);
  return db;
}

/** The whole data directory of a database opened by openPglite, as an uncompressed tar. */
export async function dumpPglite(db: Db): Promise<Blob> {
  const pg = roots.get(db);
  if (!pg) throw new Error('dumpPglite: not a database opened by openPglite');
  return pg.dumpDataDir('none');
}
