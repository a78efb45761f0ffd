// Shared database opener for command-line tools: same configuration as the server, migrations
// applied. PGlite keeps its files under DATA_DIR/pg and allows one process at a time, so while a
// server named in DATA_DIR/server.pid is alive the tools refuse instead of corrupting the data.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { openDb } from '../db/open.ts';
import { migrate } from '../db/migrate.ts';
import type { Db } from '../db/db.ts';

export class CliError extends Error {}

/** The pid in DATA_DIR/server.pid when that process is still running, else null. */
export function liveServerPid(dataDir: string): number | null {
  const file = join(dataDir, 'server.pid');
  if (!existsSync(file)) return null;
  const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

export async function openCliDb(env: NodeJS.ProcessEnv = process.env): Promise<{ db: Db; config: Config }> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  if (!config.DATABASE_URL) {
    const pid = liveServerPid(config.dataDir);
    if (pid !== null) {
      throw new CliError(
        `Serverul rulează (pid ${pid}) și folosește baza de date PGlite din ${join(config.dataDir, 'pg')}.\n` +
          'PGlite poate fi deschisă de un singur proces: oprește serverul și rulează din nou comanda\n' +
          '(sau folosește PostgreSQL prin DATABASE_URL, care permite mai multe conexiuni).',
      );
    }
    mkdirSync(config.dataDir, { recursive: true });
  }
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  await migrate(db);
  return { db, config };
}

/** Runs a CLI body with the database open, printing CliError messages and closing the database. */
export async function runCli(body: (db: Db, config: Config) => Promise<number>): Promise<void> {
  let opened: { db: Db; config: Config } | undefined;
  try {
    opened = await openCliDb();
    process.exitCode = await body(opened.db, opened.config);
  } catch (err) {
    console.error(err instanceof CliError ? err.message : err);
    process.exitCode = 1;
  } finally {
    await opened?.db.close();
  }
}
