// The server half of the hooks bench (server/bench/hooks.ts, issue 24 §3): the app built as one
// variant says (BENCH_VARIANT: the global parts it leaves out, buildApp's `skip`, and whether it
// logs), listening on 127.0.0.1, in a process of its own: variants in one process share V8's
// compiled code, and every variant's hook list then slowed the others' (measured: the app built
// first took a third less CPU per call than the same code built after it). Seeds
// BENCH_CANDIDATES users with a token each, sends the port and tokens over IPC, answers 'cpu',
// ends on 'close' (server/bench/child.ts).
// Env: BENCH_TARGET, BENCH_SCHEMA (postgres: the variants share it, started one after the other),
// BENCH_CANDIDATES, BENCH_VARIANT (JSON: Variant), BENCH_LOG (app | off).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { buildApp, type SkippablePart } from '../app.ts';
import { seedUser } from './seed.ts';
import { serveBench } from './child.ts';
import { openTarget, type TargetName } from './targets.ts';

/** An app to build: the parts it leaves out, and whether it logs (as the app does) at all. */
export type Variant = { name: string; skip: SkippablePart[]; logging: boolean };
export type HooksReady = { port: number; tokens: string[] };

const target = process.env.BENCH_TARGET as TargetName;
const candidates = Number(process.env.BENCH_CANDIDATES ?? 20);
const variant = JSON.parse(process.env.BENCH_VARIANT ?? '{}') as Variant;
const off = !variant.logging || (process.env.BENCH_LOG ?? 'app') === 'off';

const dataDir = mkdtempSync(join(tmpdir(), 'grilio-bench-hooks-'));
// Background work off: a mail queue and a scan queue (pg-boss, polling every second) per variant
// would run while another variant is measured.
const config = loadConfig(
  {},
  { NODE_ENV: 'production', LOG_LEVEL: 'info', DATA_DIR: dataDir, SEED_DEMO: 'false', MAIL_QUEUE: 'false', SCAN_WORKER: 'false' },
);
const { db, cleanup } = await openTarget(target, process.env.BENCH_SCHEMA);
await migrate(db);
const app = await buildApp({ db, config, distDir: null, skip: variant.skip, ...(off ? { logger: false } : {}) });
const tokens: string[] = [];
for (let n = 0; n < candidates; n++) tokens.push((await seedUser(db, n)).token);
if (db.kind === 'postgres') await db.exec('analyze');
await serveBench(
  app,
  (port) => ({ port, tokens }) satisfies HooksReady,
  async () => {
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  },
);
