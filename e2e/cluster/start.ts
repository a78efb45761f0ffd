// The cluster the end-to-end tests run against (issue 21 §2): a fresh PostgreSQL database, Redis
// under prefixes of this run, an S3 server (s3rver), then `server/cluster/run.ts` — two app
// processes behind nginx. PostgreSQL and Redis are reached through loopback proxies this script
// holds, so a test can "restart" them without touching the machine's shared services; a small
// control server takes the faults: POST /pg/down|up, /redis/down|up, /kill/N (kill -9 of app N),
// /rolling (a rolling restart; answers once every process has been replaced).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startTcpProxy } from '../../tests/server/faults/tcp-proxy.ts';
import { startS3Server } from '../../tests/server/s3-server.ts';
import { CLUSTER_DIR, CLUSTER_PORT, CONTROL_URL, METRICS_TOKEN } from './env.ts';
import { E2E_SERVER_ENV } from '../env.ts';

const adminUrl = new URL(process.env.CLUSTER_E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const dbName = `grilio_cluster_e2e`;
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.query(`create database ${dbName}`);
await admin.end();

const pgProxy = await startTcpProxy(adminUrl.hostname, Number(adminUrl.port || 5432));
const redisTarget = new URL(process.env.CLUSTER_E2E_REDIS_URL ?? 'redis://127.0.0.1:6379');
const redisProxy = await startTcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379));
const s3 = await startS3Server('grilio-cluster');
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
dbUrl.host = `127.0.0.1:${pgProxy.port}`;
const run = randomBytes(4).toString('hex');
const dir = CLUSTER_DIR;
rmSync(dir, { recursive: true, force: true });

const runner = spawn(process.execPath, ['server/cluster/run.ts'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    ...s3.env,
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
    REALTIME_REDIS_PREFIX: `grilio-e2e-${run}:rt:`,
    SESSIONS_REDIS_PREFIX: `grilio-e2e-${run}:sessions:`,
    CLUSTER_PORT: String(CLUSTER_PORT),
    CLUSTER_APP_PORT: String(CLUSTER_PORT + 100),
    CLUSTER_DIR: dir,
    // Scans uploaded to process 1 are read by process 2 (the queue hands them over).
    CLUSTER_ENV_1: 'SCAN_WORKER=false',
    METRICS_TOKEN,
    ...E2E_SERVER_ENV,
  },
});
let output = '';
runner.stdout!.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  output += chunk.toString();
});

function waitForOutput(text: string, from: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (output.indexOf(text, from) >= 0) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
  });
}

const control = createServer(async (req, res) => {
  const path = req.url ?? '';
  try {
    if (path === '/pg/down') await pgProxy.down();
    else if (path === '/pg/up') await pgProxy.up();
    else if (path === '/redis/down') await redisProxy.down();
    else if (path === '/redis/up') await redisProxy.up();
    else if (/^\/kill\/[12]$/.test(path)) {
      const pid = Number(readFileSync(join(dir, `app-${path.slice(-1)}`, 'server.pid'), 'utf8'));
      process.kill(pid, 'SIGKILL');
    } else if (path === '/rolling') {
      const from = output.length;
      runner.kill('SIGHUP');
      await waitForOutput('[cluster] rolling restart done', from);
    } else {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200).end('ok');
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
control.listen(Number(new URL(CONTROL_URL).port), '127.0.0.1');

async function stop(): Promise<void> {
  runner.kill('SIGTERM');
  await new Promise((r) => runner.once('exit', r));
  control.close();
  await Promise.all([pgProxy.close(), redisProxy.close(), s3.close()]);
  process.exit(0);
}
runner.on('exit', (code) => {
  console.error(`[cluster-e2e] the cluster ended (${code})`);
  process.exit(code ?? 1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop());
