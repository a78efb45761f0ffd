import pg from 'pg';
import type { Db } from './db.ts';

// int8 (count(*), sums) as numbers: our values stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

type Queryable = pg.Pool | pg.PoolClient;

function wrap(q: Queryable, pool: pg.Pool, inTx: boolean): Db {
  const db: Db = {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await q.query(sql, params)).rows as T[];
    },
    async one<T>(sql: string, params: unknown[] = []) {
      return (await q.query(sql, params)).rows[0] as T | undefined;
    },
    async exec(sql: string) {
      await q.query(sql);
    },
    async execRows(sql: string) {
      // Without parameters node-postgres uses the simple protocol: one result per statement.
      const r = (await q.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(r) ? (r.at(-1)?.rows ?? []) : r.rows) as Record<string, unknown>[];
    },
    async tx<T>(fn: (db: Db) => Promise<T>) {
      if (inTx) return fn(db);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client, pool, true));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
  return db;
}

/** schema: optional search_path, used by tests to isolate each file in its own schema. */
export async function openPostgres(url: string, schema?: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  await pool.query('select 1');
  return wrap(pool, pool, false);
}
