// The server half of the hooks bench (server/bench/hooks.ts, issue 24 §3): one process, one
// database, and the app built once per variant (each leaving out one global part, buildApp's
// `skip`), each on a port of its own, so every variant answers from the same data in the same
// process and the parent can interleave them. Seeds BENCH_CANDIDATES users with a token each,
// sends the ports and tokens over IPC, ends on 'close' (server/bench/child.ts).
// Asked { inject: { blocks, requests } }, it also prices GET /user in process: per block and
// variant (alternating order), `requests` calls through app.inject, and the CPU they took per
// call; the same for a bare Fastify with the app's logging (bare-server.ts' configuration), built
// here for this. No socket, no load generator on the same cores: the figure a busy machine blurs
// least, and the least of the blocks is kept (what the code costs when nothing interferes).
// Env: BENCH_TARGET, BENCH_SCHEMA (postgres), BENCH_CANDIDATES, BENCH_VARIANTS (JSON: Variant[]),
// BENCH_LOG (app | off).
import { mkdtempSync, rmSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { buildApp, type SkippablePart } from '../app.ts';
import { loggerOptions, OneLinePerRequest, requestId } from '../lib/logger.ts';
import { seedUser } from './seed.ts';
import { serveBenchApps } from './child.ts';
import { openTarget, type TargetName } from './targets.ts';

/** An app to build: the parts it leaves out, and whether it logs (as the app does) at all. */
export type Variant = { name: string; skip: SkippablePart[]; logging: boolean };
export type HooksReady = { ports: number[]; tokens: string[] };
export type InjectQuestion = { inject: { blocks: number; requests: number } };
/** Per variant (in order, the bare Fastify last), the CPU µs per call of each block. */
export type InjectAnswer = number[][];

const target = process.env.BENCH_TARGET as TargetName;
const candidates = Number(process.env.BENCH_CANDIDATES ?? 20);
const variants = JSON.parse(process.env.BENCH_VARIANTS ?? '[]') as Variant[];
const logging = process.env.BENCH_LOG ?? 'app';

const dataDir = mkdtempSync(join(tmpdir(), 'grilio-bench-hooks-'));
// No mail queue: a queue per variant would poll the one database, stealing from whichever is measured.
const config = loadConfig({}, { NODE_ENV: 'production', LOG_LEVEL: 'info', DATA_DIR: dataDir, SEED_DEMO: 'false', MAIL_QUEUE: 'false' });
const { db, cleanup } = await openTarget(target, process.env.BENCH_SCHEMA);
await migrate(db);
const apps: FastifyInstance[] = [];
for (const v of variants) {
  const off = !v.logging || logging === 'off';
  const app = await buildApp({ db, config, distDir: null, skip: v.skip, ...(off ? { logger: false } : {}) });
  await app.ready();
  apps.push(app);
}
const tokens: string[] = [];
for (let n = 0; n < candidates; n++) tokens.push((await seedUser(db, n)).token);
if (db.kind === 'postgres') await db.exec('analyze');
const bare = Fastify({ logger: logging === 'off' ? false : loggerOptions('info'), logController: new OneLinePerRequest(), genReqId: requestId });
bare.get('/bench/bare', async () => ({ ok: true }));
await bare.ready();

async function injectBlocks({ inject: { blocks, requests } }: InjectQuestion): Promise<InjectAnswer> {
  const targets = [...apps.map((app) => ({ app, url: '/api/v1/user' })), { app: bare, url: '/bench/bare' }];
  const out: InjectAnswer = targets.map(() => []);
  let call = 0;
  for (let b = 0; b < blocks; b++) {
    const order = targets.map((_, i) => i);
    for (const i of b % 2 ? order.reverse() : order) {
      const { app, url } = targets[i]!;
      const start = process.cpuUsage();
      for (let n = 0; n < requests; n++) {
        const res = await app.inject({ url, headers: { authorization: `Bearer ${tokens[call++ % tokens.length]}` } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      const used = process.cpuUsage(start);
      out[i]!.push((used.user + used.system) / requests);
    }
  }
  return out;
}

await serveBenchApps(
  apps,
  (ports) => ({ ports, tokens }) satisfies HooksReady,
  async () => {
    await bare.close();
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  },
  (q) => injectBlocks(q as InjectQuestion),
);
