// pg-boss on the app's own database (PGlite or PostgreSQL, through Db.query/execRows), so a job
// queued by one process is taken by whichever process is free, a job whose process died is handed
// out again after it expires, and nothing else (no Redis) is needed. Used by the scan reader and
// the mail sender.
import PgBoss from 'pg-boss';
import type { Db } from '../db/db.ts';

export function bossOn(db: Db, schema: string): PgBoss {
  const executeSql = async (text: string, values?: unknown[]) => ({
    rows: values && values.length ? await db.query(text, values) : await db.execRows(text),
  });
  // Finished jobs are archived after an hour and deleted after a day (pg-boss keeps them a week by
  // default): a queued mail carries its links, which should not outlive their use in the database.
  return new PgBoss({
    db: { executeSql },
    schema,
    schedule: false,
    supervise: true,
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 1,
  } as PgBoss.ConstructorOptions);
}
