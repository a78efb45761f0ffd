// The server `npm run bench:web` measures: the real server (server/main.ts) on the built app, a
// fresh DATA_DIR (migrations, demo content and demo accounts seeded at start), or BENCH_URL when
// one is already running. Shared by the Lighthouse part (web-lighthouse.ts) and the solve screen's
// INP part (solve-inp.ts), so both measure the same server.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..', '..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The same Chromium flags as playwright.config.ts (headless is added by each part's launcher). */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export type BenchServer = { base: string; stop: () => Promise<void> };

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

/** Starts the server (or takes BENCH_URL) and waits for its health check. */
export async function startBenchServer(): Promise<BenchServer> {
  const given = process.env.BENCH_URL;
  if (given) {
    await waitFor(`${given}/api/v1/health`);
    return { base: given, stop: async () => undefined };
  }
  const port = Number(process.env.BENCH_PORT ?? 8290);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'grilio-bench-web-'));
  const distDir = resolve(process.env.DIST_DIR ?? join(root, 'dist'));
  const child: ChildProcess = spawn(process.execPath, [join(root, 'server/main.ts')], {
    cwd: root,
    // BENCH_SERVER_LOG=file keeps the server's output (warnings and errors at LOG_LEVEL warn).
    stdio: process.env.BENCH_SERVER_LOG ? ['ignore', openSync(process.env.BENCH_SERVER_LOG, 'a'), openSync(process.env.BENCH_SERVER_LOG, 'a')] : ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      // The INP part signs in once per run, all from 127.0.0.1; the defaults are a real user's.
      LOGIN_RATE_PER_IP: process.env.LOGIN_RATE_PER_IP ?? '1000',
      LOGIN_RATE_PER_ACCOUNT: process.env.LOGIN_RATE_PER_ACCOUNT ?? '1000',
    },
  });
  const exited = new Promise((r) => child.once('exit', r));
  // A server gone mid-run would show as refused connections in a part: say so when it happens.
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`bench server exited early (code ${code}, signal ${signal})`);
  });
  let stopping = false;
  // The data dir goes once the server has let go of it.
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null) child.kill();
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/api/v1/health`);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, stop };
}
