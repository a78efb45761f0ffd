// The server half of the group-tests bench (groups.ts): opens the target database, builds the real
// app (API and realtime hub on one port), seeds BENCH_GROUPS × BENCH_MEMBERS premium candidates
// with each group's first member a friend of the others, listens on 127.0.0.1 and sends the
// parent the port, the realtime key and secret (to sign its observers' presence subscriptions,
// as /broadcasting/auth would) and the candidates. Ends when the parent sends 'close'.
// Env: BENCH_TARGET, BENCH_SCHEMA (postgres), BENCH_GROUPS, BENCH_MEMBERS.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { buildApp } from '../app.ts';
import { seedGrids, seedUser } from './seed.ts';
import { serveBench } from './child.ts';
import { openTarget, type TargetName } from './targets.ts';

export type GroupsReady = {
  port: number;
  manualId: number;
  key: string;
  secret: string;
  groups: Array<Array<{ id: number; token: string }>>;
};

const target = process.env.BENCH_TARGET as TargetName;
const groupCount = Number(process.env.BENCH_GROUPS ?? 50);
const members = Number(process.env.BENCH_MEMBERS ?? 10);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'grilio-bench-groups-'));
  const key = 'benchgroups';
  const secret = randomBytes(32).toString('hex');
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      PUSHER_APP_ID: '7002',
      PUSHER_KEY: key,
      PUSHER_SECRET: secret,
      REALTIME_CONNECTIONS_PER_IP: String(groupCount * members + 100),
    },
  );
  const { db, cleanup } = await openTarget(target, process.env.BENCH_SCHEMA);
  await migrate(db);
  const app = await buildApp({ db, config, distDir: null });
  const { manualId } = await seedGrids(db, 500);
  const groups: GroupsReady['groups'] = [];
  for (let g = 0; g < groupCount; g++) {
    const list: Array<{ id: number; token: string }> = [];
    for (let m = 0; m < members; m++) list.push(await seedUser(db, g * members + m));
    await db.query("update users set premium_until = now() + interval '30 days' where id = any($1)", [list.map((u) => u.id)]);
    for (const u of list.slice(1))
      await db.query("insert into friendships (requester_id, addressee_id, status) values ($1, $2, 'accepted')", [list[0]!.id, u.id]);
    groups.push(list);
  }
  if (db.kind === 'postgres') await db.exec('analyze');
  await serveBench(app, (port) => ({ port, manualId, key, secret, groups } satisfies GroupsReady), async () => {
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

await main();
