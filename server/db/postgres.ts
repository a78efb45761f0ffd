import pg from 'pg';
import type { Db } from './db.ts';
import { PgNotifications } from './pg-listen.ts';
import { PoolSlots } from './pool-slots.ts';

// int8 (count(*), sums) as numbers: our values stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

/** A query on a pooled connection, as pool.query runs it, once the connection listens on every
 *  channel (pg-listen.ts: this process hears its own commits with their replies). */
async function pooledQuery(pool: Pool, notifications: PgNotifications, sql: string, params?: unknown[]) {
  const { client, release } = await pool.checkout();
  try {
    const ready = notifications.prepare(client);
    if (ready) await ready;
    const result = await client.query(sql, params);
    release();
    return result;
  } catch (err) {
    // As pool.query does: a connection that failed a query is not reused.
    release(err as Error);
    throw err;
  }
}

/** The pg pool behind its queue of slots (pool-slots.ts). */
type Pool = { pg: pg.Pool; checkout: () => Promise<{ client: pg.PoolClient; release: (err?: Error) => void }> };

function slotted(pool: pg.Pool, size: number): Pool {
  const slots = new PoolSlots(size);
  return {
    pg: pool,
    async checkout() {
      await slots.acquire();
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        slots.connectFailed();
        slots.release();
        throw err;
      }
      let done = false;
      return {
        client,
        release: (err?: Error) => {
          if (done) return;
          done = true;
          client.release(err);
          slots.release();
        },
      };
    },
  };
}

function wrap(tx: pg.PoolClient | null, pool: Pool, notifications: PgNotifications): Db {
  const run = (sql: string, params?: unknown[]) => (tx ? tx.query(sql, params) : pooledQuery(pool, notifications, sql, params));
  const db: Db = {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await run(sql, params)).rows as T[];
    },
    async one<T>(sql: string, params: unknown[] = []) {
      return (await run(sql, params)).rows[0] as T | undefined;
    },
    async exec(sql: string) {
      await run(sql);
    },
    async execRows(sql: string) {
      // Without parameters node-postgres uses the simple protocol: one result per statement.
      const r = (await run(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(r) ? (r.at(-1)?.rows ?? []) : r.rows) as Record<string, unknown>[];
    },
    async tx<T>(fn: (db: Db) => Promise<T>) {
      if (tx) return fn(db);
      const { client, release } = await pool.checkout();
      try {
        const ready = notifications.prepare(client);
        if (ready) await ready;
        await client.query('BEGIN');
        const result = await fn(wrap(client, pool, notifications));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        release();
      }
    },
    listen(channel, onPayload, onState) {
      return notifications.listen(channel, onPayload, onState);
    },
    async close() {
      await pool.pg.end();
    },
  };
  return db;
}

/** Connections per process (DATABASE_POOL_MAX, default 10): processes × this must stay under the server's max_connections. */
function poolMax(): number {
  const n = Number(process.env.DATABASE_POOL_MAX ?? 10);
  return Number.isInteger(n) && n >= 1 && n <= 500 ? n : 10;
}

/** schema: optional search_path, used by tests to isolate each file in its own schema. */
export async function openPostgres(url: string, schema?: string): Promise<Db> {
  const connection: pg.ClientConfig = { connectionString: url, options: schema ? `-c search_path=${schema}` : undefined };
  // A connection that cannot be made in 5 s fails the request (503, server/plugins/errors.ts)
  // instead of holding it while PostgreSQL is away.
  const max = poolMax();
  const pool = new pg.Pool({ ...connection, max, connectionTimeoutMillis: 5_000 });
  // An idle connection that PostgreSQL closes (a restart, a failover) is an 'error' event on the pool:
  // without a listener Node would end the process. The pool drops that client and opens a new one
  // for the next query, so the app recovers by itself once the database is back.
  pool.on('error', (err) => console.warn(`[db] idle connection lost: ${err.message}`));
  // The same while a connection is checked out between queries: its next query fails (and the
  // request answers 503), the event itself must not end the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  const notifications = new PgNotifications(connection);
  const db = wrap(null, slotted(pool, max), notifications);
  await db.query('select 1');
  return db;
}
