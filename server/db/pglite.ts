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

/** dataDir undefined → in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Db> {
  const pg = dataDir ? new PGlite(dataDir) : new PGlite();
  await pg.waitReady;
  return wrap(pg, pg);
}
