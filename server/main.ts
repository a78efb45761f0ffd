// `npm start`: configuration, database (migrations + demo seed), then one port for the API,
// realtime and the built app.
import { join, resolve } from 'node:path';
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { loadConfig } from './config.ts';
import { openDb } from './db/open.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './db/seed/seed.ts';
import { buildApp } from './app.ts';

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

mkdirSync(config.dataDir, { recursive: true });
// Written before the database opens: PGlite is single-process, and the CLIs check this file.
const pidFile = join(config.dataDir, 'server.pid');
writeFileSync(pidFile, String(process.pid));
const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await migrate(db);
if (config.SEED_DEMO) await seed(db, { log: (m) => console.log(m) });

const distDir = config.DIST_DIR ? resolve(config.DIST_DIR) : join(import.meta.dirname, '..', 'dist');
const app = await buildApp({ db, config, distDir });
await app.listen({ port: config.PORT, host: config.HOST });
console.log(`\n  ${config.PRODUCT_NAME} rulează la ${config.publicUrl}\n  API: ${config.publicUrl}/api/v1 · documentație: ${config.publicUrl}/api/docs\n`);

// Graceful shutdown (a rolling restart sends SIGTERM to one process at a time): readiness turns
// 503 at once, then after SHUTDOWN_DRAIN_MS (time for a load balancer to notice) the port closes,
// requests under way finish, and websockets are closed with Pusher's 4200 so clients reconnect at
// once — to another process behind the balancer. A second signal ends the process immediately.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) process.exit(1);
    stopping = true;
    app.lifecycle.draining = true;
    await new Promise((r) => setTimeout(r, config.SHUTDOWN_DRAIN_MS));
    await app.close();
    await db.close();
    rmSync(pidFile, { force: true });
    process.exit(0);
  });
}
