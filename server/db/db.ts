// One small interface over PGlite (embedded, default) and node-postgres (DATABASE_URL).
// Both speak the same SQL with $1 placeholders, so queries and migrations are shared.
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | undefined>;
  exec(sql: string): Promise<void>;
  /** Several statements without parameters; the rows of the last one (pg-boss's own SQL needs this). */
  execRows(sql: string): Promise<Record<string, unknown>[]>;
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Hears NOTIFY on `channel` (a lowercase identifier): `onPayload` for each notification, and
   * a write of this process's is heard before the call that committed it returns. `onState(true)`
   * once every commit of any process will be heard, `onState(false)` while some might be missed
   * (a lost connection). Resolves, listening, to the function that stops.
   */
  listen(channel: string, onPayload: (payload: string) => void, onState: (listening: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}
