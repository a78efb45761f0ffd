// `npm test`: every test layer, in two lanes that run side by side.
//   lane 1 (CPU-bound): unit → server on PGlite → server on PostgreSQL (only when TEST_DATABASE_URL is set)
//   lane 2 (mostly waiting on a browser): build → first-load budgets → end-to-end in Chromium → the
//   cluster end-to-end tests (only with TEST_DATABASE_URL: two processes behind nginx on that
//   PostgreSQL server, Redis at CLUSTER_E2E_REDIS_URL or 127.0.0.1:6379, an S3 server)
// Why two lanes and not four: the machines have two cores. The vitest layers keep both busy, while the
// end-to-end layer spends most of its time waiting for pages, so overlapping it with them shortens the
// whole run (CI: ~50 → ~30 min) without running two CPU-bound suites against each other.
// Each layer writes its own log (TEST_LOG_DIR, else a temporary folder), printed whole when the layer ends
// so the lanes' output never interleaves; a lane stops at its first red layer, the other lane goes on,
// and the exit code is non-zero when any layer failed.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Layer = { name: string; script: string; env?: Record<string, string> };

const logDir = process.env.TEST_LOG_DIR ?? mkdtempSync(join(tmpdir(), 'grilio-test-logs-'));
const pgUrl = process.env.TEST_DATABASE_URL;

/** The same server's maintenance database: the cluster tests create and drop a database of their own. */
function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

// The PGlite layers must not inherit a DATABASE_URL from the caller's shell: PGlite is what they test.
const pglite = { DATABASE_URL: '' };
const lanes: Layer[][] = [
  [
    { name: 'unit', script: 'test:unit' },
    { name: 'server-pglite', script: 'test:server', env: pglite },
    ...(pgUrl ? [{ name: 'server-postgres', script: 'test:server', env: { DATABASE_URL: pgUrl } }] : []),
  ],
  [
    { name: 'e2e', script: 'test:e2e', env: pglite },
    ...(pgUrl ? [{ name: 'e2e-cluster', script: 'test:e2e:cluster', env: { CLUSTER_E2E_DATABASE_URL: adminUrl(pgUrl) } }] : []),
  ],
];

function runLayer(layer: Layer): Promise<boolean> {
  const logPath = join(logDir, `${layer.name}.log`);
  const log = createWriteStream(logPath);
  const started = Date.now();
  console.log(`== ${layer.name}: started (log ${logPath})`);
  return new Promise((resolve) => {
    const env = { ...process.env, ...layer.env };
    if (env.DATABASE_URL === '') delete env.DATABASE_URL;
    const child = spawn('npm', ['run', layer.script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => {
      log.end(() => {
        const minutes = ((Date.now() - started) / 60_000).toFixed(1);
        process.stdout.write(`\n== ${layer.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${minutes} min\n`);
        process.stdout.write(readFileSync(logPath, 'utf8'));
        resolve(code === 0);
      });
    });
  });
}

async function runLane(layers: Layer[]): Promise<boolean> {
  for (const layer of layers) {
    if (!(await runLayer(layer))) return false;
  }
  return true;
}

const results = await Promise.all(lanes.map(runLane));
process.exit(results.every(Boolean) ? 0 : 1);
