// `npm run bench:web`: Lighthouse (mobile preset, simulated throttling) on the built app served by
// the real server, landing and one chapter page, median of 3 runs each. Prints performance, LCP,
// TBT and CLS per page, and the goals of issue 12. A measurement, never a test: it does not fail.
//
// Env: BENCH_LH_JSON=dir keeps each run's Lighthouse report (to see what blocks the main thread). DIST_DIR (default dist/), BENCH_PORT (default 8290), BENCH_RUNS (default 3),
// BENCH_URL (measure an already running server instead of starting one), CHROMIUM_PATH,
// BENCH_CPU_MULTIPLIER (default Lighthouse's 4). The 4× CPU slowdown assumes a high-end desktop
// host (Lighthouse BenchmarkIndex 1500–2000); each line prints the host's median BenchmarkIndex,
// and on a weaker or busy host Lighthouse's docs/throttling.md gives the multiplier that still
// means "a mid-tier phone" (e.g. 2× for BenchmarkIndex 800–1200).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';

// The mobile preset's network (slow 4G, 150 ms, 1.6 Mbps); only the CPU multiplier is changed.
const MOBILE_THROTTLING = throttling.mobileSlow4G;

const root = resolve(import.meta.dirname, '..', '..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 8290);
const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'chapter', path: '/cursuri/biologie-xi/sistemul-nervos' },
];
// The same Chromium flags as playwright.config.ts, plus headless.
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

type Result = { performance: number; lcp: number; tbt: number; cls: number; benchmarkIndex: number };
const cpuMultiplier = process.env.BENCH_CPU_MULTIPLIER ? Number(process.env.BENCH_CPU_MULTIPLIER) : undefined;

async function waitFor(url: string, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url}`);
}

function startServer(dataDir: string): ChildProcess {
  const distDir = resolve(process.env.DIST_DIR ?? join(root, 'dist'));
  return spawn(process.execPath, [join(root, 'server/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn' },
  });
}

async function measure(url: string): Promise<Result> {
  const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: FLAGS });
  try {
    // Lighthouse's default config is the mobile preset with simulated throttling.
    const flags = { port: chrome.port, onlyCategories: ['performance'], output: 'json' as const, logLevel: 'error' as const };
    const config = cpuMultiplier ? { extends: 'lighthouse:default', settings: { throttling: { ...MOBILE_THROTTLING, cpuSlowdownMultiplier: cpuMultiplier } } } : undefined;
    const res = await lighthouse(url, flags, config);
    if (!res) throw new Error('no Lighthouse result');
    // A run Lighthouse could not trace (NO_NAVSTART on a busy host) has no metrics: measured again.
    if (res.lhr.runtimeError) throw new Error(`Lighthouse: ${res.lhr.runtimeError.code}`);
    if (process.env.BENCH_LH_JSON) writeFileSync(join(process.env.BENCH_LH_JSON, `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`), JSON.stringify(res.lhr));
    const { categories, audits } = res.lhr;
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      benchmarkIndex: res.lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One run, retried up to twice when Lighthouse reports a runtime error. */
async function measureWithRetry(url: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.warn(`${(err as Error).message}; run again`);
    }
  }
}

async function main(): Promise<void> {
  let server: ChildProcess | null = null;
  let dataDir: string | null = null;
  let base = process.env.BENCH_URL;
  if (!base) {
    dataDir = mkdtempSync(join(tmpdir(), 'grilio-bench-web-'));
    server = startServer(dataDir);
    base = `http://127.0.0.1:${port}`;
  }
  try {
    await waitFor(`${base}/api/v1/health`);
    // One warm-up request per page (the first chapter render reads the database cold).
    for (const p of PAGES) await fetch(base + p.path);
    console.log(`Lighthouse ${runs} run(s) per page, mobile preset, simulated throttling, CPU ×${cpuMultiplier ?? 4}, ${base}`);
    for (const p of PAGES) {
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) results.push(await measureWithRetry(base + p.path));
      const m = {
        performance: median(results.map((r) => r.performance)),
        lcp: median(results.map((r) => r.lcp)),
        tbt: median(results.map((r) => r.tbt)),
        cls: median(results.map((r) => r.cls)),
        benchmarkIndex: median(results.map((r) => r.benchmarkIndex)),
      };
      console.log(
        `${p.name.padEnd(8)} ${p.path.padEnd(40)} performance ${m.performance} · LCP ${(m.lcp / 1000).toFixed(2)} s · TBT ${Math.round(m.tbt)} ms · CLS ${m.cls.toFixed(3)}` +
          `   (runs: ${results.map((r) => r.performance).join(', ')}; BenchmarkIndex ${Math.round(m.benchmarkIndex)})`,
      );
    }
    console.log('Goals (issue 12): performance ≥ 95, LCP ≤ 1.5 s, TBT ≤ 150 ms; entry chunk ≤ 60 KB gzip (npm run test:budgets).');
  } finally {
    server?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
