// One small interface over PGlite (embedded, default) and node-postgres (DATABASE_URL).
// Both speak the same SQL with $1 placeholders, so queries and migrations are shared.
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | undefined>;
  exec(sql: string): Promise<void>;
  /** Several statements without parameters; the rows of the last one (pg-boss's own SQL needs this). */
  execRows(sql: string): Promise<Record<string, unknown>[]>;
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}
