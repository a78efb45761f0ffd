// Secrets the server generates once and keeps in the database (table server_secrets), so a
// restart keeps them and every process on one PostgreSQL uses the same value: each process
// inserts its candidate only if the name is absent, then reads whichever value won.
import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../db/db.ts';
import type { AppConfig, Config } from '../config.ts';

/** The kept value of `name`, created with `generate()` when no process has stored one yet. */
export async function keptSecret(db: Db, name: string, generate: () => string): Promise<string> {
  await db.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    generate(),
  ]);
  const row = await db.one<{ value: string }>('select value from server_secrets where name = $1', [name]);
  if (!row) throw new Error(`server secret ${name} could not be stored`);
  return row.value;
}

const hex = (bytes: number) => () => randomBytes(bytes).toString('hex');

/**
 * The realtime credentials: those configured, else generated and kept (app id: digits like
 * Pusher's; key: 20 hex characters, public; secret: 256 random bits, never leaves the server).
 */
export async function withRealtimeCredentials(db: Db, config: Config): Promise<AppConfig> {
  const [appId, key, secret] = await Promise.all([
    config.PUSHER_APP_ID ?? keptSecret(db, 'pusher_app_id', () => String(randomInt(100_000, 1_000_000_000))),
    config.PUSHER_KEY ?? keptSecret(db, 'pusher_key', hex(10)),
    config.PUSHER_SECRET ?? keptSecret(db, 'pusher_secret', hex(32)),
  ]);
  return { ...config, PUSHER_APP_ID: appId, PUSHER_KEY: key, PUSHER_SECRET: secret };
}
