// `npm run bench:web`: Lighthouse (mobile preset, simulated throttling) on the built app served by
// the real server, landing and one chapter page, median of 3 runs each. Prints performance, LCP,
// TBT and CLS per page, and the goals of issue 12. A measurement, never a test: it does not fail.
//
// Env: DIST_DIR (default dist/), BENCH_PORT (default 8290), BENCH_RUNS (default 3),
// BENCH_URL (measure an already running server instead of starting one), CHROMIUM_PATH.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = resolve(import.meta.dirname, '..', '..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 8290);
const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'chapter', path: '/cursuri/biologie-xi/sistemul-nervos' },
];
// The same Chromium flags as playwright.config.ts, plus headless.
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

type Result = { performance: number; lcp: number; tbt: number; cls: number };

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
    const res = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
    if (!res) throw new Error('no Lighthouse result');
    const { categories, audits } = res.lhr;
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    };
  } finally {
    chrome.kill();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

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
    console.log(`Lighthouse ${runs} run(s) per page, mobile preset, simulated throttling, ${base}`);
    for (const p of PAGES) {
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) results.push(await measure(base + p.path));
      const m = {
        performance: median(results.map((r) => r.performance)),
        lcp: median(results.map((r) => r.lcp)),
        tbt: median(results.map((r) => r.tbt)),
        cls: median(results.map((r) => r.cls)),
      };
      console.log(
        `${p.name.padEnd(8)} ${p.path.padEnd(40)} performance ${m.performance} · LCP ${(m.lcp / 1000).toFixed(2)} s · TBT ${Math.round(m.tbt)} ms · CLS ${m.cls.toFixed(3)}` +
          `   (runs: ${results.map((r) => r.performance).join(', ')})`,
      );
    }
    console.log('Goals (issue 12): performance ≥ 95, LCP ≤ 1.5 s, TBT ≤ 150 ms; entry chunk ≤ 60 KB gzip (npm run test:budgets).');
  } finally {
    server?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
