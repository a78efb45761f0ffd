// `npm test`: every check and test layer, in three lanes that run side by side.
//   cpu:      lint → unit → server-nodb → server on PGlite
//   browser:  build + first-load budgets → e2e, first half → cluster e2e (TEST_DATABASE_URL: two
//             processes behind nginx on that PostgreSQL server, Redis, an S3 server)
//   browser2: typecheck → (once the build passed) e2e, second half, on a server of its own →
//             server on PostgreSQL (TEST_DATABASE_URL)
// Why this shape: the machines have two cores. The vitest layers and the checks are CPU-bound; an
// end-to-end test mostly waits (a page, a realtime event, a toast: the e2e layer used 0.43 of a
// core over 27 min). So the end-to-end tests run as two halves at once, each against its own server
// (port, data folder), beside one CPU-bound layer at a time, and once they are done the two server
// layers (PGlite in memory, PostgreSQL in schemas of their own; Redis keys under random prefixes)
// keep both cores busy (docs/MEASUREMENTS.md, issue 29).
// Each layer writes its own log (TEST_LOG_DIR, else a temporary folder), printed whole when the layer
// ends so the lanes' output never interleaves. A red layer does not stop its lane (every failure of
// the run is seen in one run); a layer that needs another's output (the e2e halves need the build)
// runs only once that one passed. The exit code is non-zero when any layer failed or did not run.
// At the end, tests/timing/report.ts prints the minutes per layer, the slowest files, the tests that
// passed only on a retry and the skipped ones.
import { spawn } from 'node:child_process';
import { appendFileSync, createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { report } from './timing/report.ts';

type Layer = { name: string; command: string[]; env?: Record<string, string>; after?: string; nice?: boolean };

const logDir = process.env.TEST_LOG_DIR ?? mkdtempSync(join(tmpdir(), 'grilio-test-logs-'));
const pgUrl = process.env.TEST_DATABASE_URL;

/** The same server's maintenance database: the cluster tests create and drop a database of their own. */
function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

const npm = (script: string, ...args: string[]) => ['npm', 'run', '--silent', script, ...(args.length ? ['--', ...args] : [])];
// The PGlite layers must not inherit a DATABASE_URL from the caller's shell: PGlite is what they test.
const pglite = { DATABASE_URL: '' };
/** One half of the end-to-end tests (Playwright's shard, whole files), on a server of its own. */
const e2eHalf = (n: 1 | 2, port: number): Layer => ({
  name: `e2e-${n}`,
  command: ['npx', 'playwright', 'test', `--shard=${n}/2`],
  after: 'build',
  env: { ...pglite, E2E_PORT: String(port), E2E_DATA_DIR: join(tmpdir(), `grilio-e2e-${n}`), E2E_OUTPUT_DIR: `test-results/e2e-${n}` },
});

// The CPU lane runs niced: its tests wait on nothing but themselves (their timeouts only catch a
// hang), while an end-to-end test waits for pages and events against 10 s expectations; given the
// CPU first, the browsers' work is not queued behind a vitest file's (e2e failures by timeout were
// seen with the three lanes at equal priority, load 12–14 on two cores).
const lanes: Layer[][] = [
  [
    { name: 'lint', command: npm('lint'), nice: true },
    { name: 'unit', command: npm('test:unit'), nice: true },
    { name: 'server-nodb', command: npm('test:server:nodb'), nice: true },
    { name: 'server-pglite', command: npm('test:server:db'), env: pglite, nice: true },
  ],
  [
    { name: 'build', command: ['sh', '-c', 'npm run --silent build -- --logLevel warn && npm run --silent test:budgets'] },
    e2eHalf(1, 8181),
    ...(pgUrl ? [{ name: 'e2e-cluster', command: npm('test:e2e:cluster'), env: { CLUSTER_E2E_DATABASE_URL: adminUrl(pgUrl), E2E_OUTPUT_DIR: 'test-results/e2e-cluster' } }] : []),
  ],
  [
    { name: 'typecheck', command: npm('typecheck') },
    e2eHalf(2, 8381),
    ...(pgUrl ? [{ name: 'server-postgres', command: npm('test:server:db'), env: { DATABASE_URL: pgUrl }, nice: true }] : []),
  ],
];

const finished = new Map<string, Promise<boolean>>();
const done: Record<string, (ok: boolean) => void> = {};
for (const layer of lanes.flat()) finished.set(layer.name, new Promise((r) => (done[layer.name] = r)));

function runLayer(layer: Layer): Promise<boolean> {
  const logPath = join(logDir, `${layer.name}.log`);
  const log = createWriteStream(logPath);
  const started = Date.now();
  console.log(`== ${layer.name}: started (log ${logPath})`);
  return new Promise((resolve) => {
    // What tests/timing/report.ts reads: each vitest file's wall and CPU, each runner's JSON report.
    const env: Record<string, string | undefined> = {
      ...process.env,
      TEST_LAYER: layer.name,
      TEST_TIMING_FILE: join(logDir, 'files.jsonl'),
      TEST_JSON_REPORT: join(logDir, `${layer.name}.json`),
      ...layer.env,
    };
    if (env.DATABASE_URL === '') delete env.DATABASE_URL;
    const command = layer.nice ? ['nice', '-n', '10', ...layer.command] : layer.command;
    const child = spawn(command[0], command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => {
      log.end(() => {
        const minutes = (Date.now() - started) / 60_000;
        appendFileSync(join(logDir, 'layers.jsonl'), JSON.stringify({ name: layer.name, minutes, ok: code === 0 }) + '\n');
        process.stdout.write(`\n== ${layer.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${minutes.toFixed(1)} min\n`);
        process.stdout.write(readFileSync(logPath, 'utf8'));
        resolve(code === 0);
      });
    });
  });
}

async function runLane(layers: Layer[]): Promise<boolean> {
  let ok = true;
  for (const layer of layers) {
    let passed = false;
    if (layer.after && !(await finished.get(layer.after))) console.log(`== ${layer.name}: not run, ${layer.after} failed`);
    else passed = await runLayer(layer);
    done[layer.name](passed);
    ok &&= passed;
  }
  return ok;
}

const startedAt = Date.now();
const results = await Promise.all(lanes.map(runLane));
console.log(`\n${report(logDir)}\n== all layers: ${((Date.now() - startedAt) / 60_000).toFixed(1)} min`);
process.exit(results.every(Boolean) ? 0 : 1);
