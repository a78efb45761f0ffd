// `npm run cluster`: the whole product as several processes behind nginx on one public port.
// PostgreSQL (DATABASE_URL) and Redis (REDIS_URL) as given; CLUSTER_PROCESSES app processes on
// their own loopback ports, each with a DATA_DIR of its own (nothing may depend on a shared disk:
// media go to S3 when S3_BUCKET is set); nginx in front, round-robin, websockets proxied.
// The first process starts alone (migrations, demo seed), the others once it is ready. A process
// that dies is started again. SIGHUP restarts the processes one at a time (a rolling restart: each
// drains, closes, and its successor is ready before the next goes); SIGINT/SIGTERM stops all.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { nginxConfig } from './nginx.ts';
import { AppProcess } from './app-process.ts';
import { spawn, type ChildProcess } from 'node:child_process';

function need(name: string): string {
  const v = process.env[name];
  if (!v) {
    console.error(`${name} is required for the cluster (PostgreSQL and Redis shared by every process).`);
    process.exit(2);
  }
  return v;
}

const databaseUrl = need('DATABASE_URL');
const redisUrl = need('REDIS_URL');
const count = Number(process.env.CLUSTER_PROCESSES ?? 2);
const publicPort = Number(process.env.CLUSTER_PORT ?? 8080);
const firstAppPort = Number(process.env.CLUSTER_APP_PORT ?? publicPort + 100);
const root = resolve(process.env.CLUSTER_DIR ?? './data-cluster');
const publicUrl = process.env.PUBLIC_URL ?? `http://127.0.0.1:${publicPort}`;
if (!Number.isInteger(count) || count < 1 || count > 32) {
  console.error('CLUSTER_PROCESSES: 1 to 32');
  process.exit(2);
}

mkdirSync(root, { recursive: true });
const appPorts = Array.from({ length: count }, (_, i) => firstAppPort + i);
const processes = appPorts.map(
  (port, i) =>
    new AppProcess({
      name: `app-${i + 1}`,
      port,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(root, `app-${i + 1}`),
        PUBLIC_URL: publicUrl,
        // nginx is the only client of these ports: the client address is the one it forwards.
        TRUST_PROXY: 'true',
        SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS ?? '500',
        // One maintenance switch for the whole cluster: MAINTENANCE_FILE=<dir>/maintenance.flag npm run maintenance -- on
        MAINTENANCE_FILE: process.env.MAINTENANCE_FILE ?? join(root, 'maintenance.flag'),
        // Only the first process seeds; the others find the demo content in the shared database.
        SEED_DEMO: i === 0 ? (process.env.SEED_DEMO ?? 'true') : 'false',
        // Per-process override for tests: CLUSTER_ENV_2='SCAN_WORKER=false MAIL_WORKER=false'.
        ...Object.fromEntries(
          (process.env[`CLUSTER_ENV_${i + 1}`] ?? '')
            .split(/\s+/)
            .filter(Boolean)
            .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
        ),
      },
    }),
);

const nginxDir = join(root, 'nginx');
for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(nginxDir, sub), { recursive: true });
const confPath = join(nginxDir, 'nginx.conf');
writeFileSync(
  confPath,
  nginxConfig({ listenPort: publicPort, appPorts, prefix: nginxDir, asRoot: process.getuid?.() === 0, maxBodyMb: 100 }),
);

let nginx: ChildProcess | null = null;
let stopping = false;

async function stopAll(code: number): Promise<never> {
  stopping = true;
  nginx?.kill('SIGQUIT');
  await Promise.all(processes.map((p) => p.stop()));
  process.exit(code);
}

await processes[0]!.start();
await Promise.all(processes.slice(1).map((p) => p.start()));
nginx = spawn(process.env.NGINX_BIN ?? '/usr/sbin/nginx', ['-p', nginxDir, '-c', confPath], { stdio: 'inherit' });
nginx.on('exit', (code) => {
  if (!stopping) {
    console.error(`[cluster] nginx ended (${code}); stopping`);
    void stopAll(1);
  }
});
console.log(`\n  Cluster: ${count} processes behind nginx at ${publicUrl} (apps on ${appPorts.join(', ')})\n`);

let rolling = false;
process.on('SIGHUP', async () => {
  if (rolling) return;
  rolling = true;
  console.log('[cluster] rolling restart');
  for (const p of processes) await p.restart();
  console.log('[cluster] rolling restart done');
  rolling = false;
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopAll(0));
