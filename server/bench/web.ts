// `npm run bench:web`: the built app served by the real server (web-server.ts: server/main.ts on a
// fresh DATA_DIR with the demo content and accounts), then each part in turn. A measurement, never a
// test: it does not fail on a slow figure.
//   lighthouse (web-lighthouse.ts) — Lighthouse, mobile preset, simulated throttling, landing and
//     one chapter page, median of 3 runs: performance, LCP, TBT, CLS, the goals of issue 12.
//   inp (solve-inp.ts) — the solve screen's Interaction to Next Paint (issue 24 §2): 50 answers and
//     moves on a phone under 4× CPU throttling, online then offline; p50/p75/p98/max per kind.
// Both print the host's BenchmarkIndex. Lighthouse's runs are slowed to a phone of BenchmarkIndex
// BENCH_TARGET_BI (default 1000) whatever the host's day (benchmark-index.ts); the INP part keeps
// the literal 4× (BENCH_INP_CPU).
//
// Env: BENCH_WEB_PARTS (default lighthouse,inp), BENCH_URL (measure an already running server
// instead of starting one), BENCH_PORT (default 8290), DIST_DIR (default dist/), CHROMIUM_PATH,
// BENCH_SERVER_LOG=file (the started server's output).
// Lighthouse: BENCH_RUNS (default 3), BENCH_TARGET_BI (default 1000; 0: Lighthouse's 4×),
// BENCH_CPU_MULTIPLIER (a fixed slowdown instead), BENCH_LH_JSON=dir keeps each run's report (to see
// what blocks the main thread).
// INP: BENCH_INP_CPU (default 4; 'phone' slows to a BenchmarkIndex-BENCH_TARGET_BI phone instead),
// BENCH_INP_ANSWERS (default 50), BENCH_INP_GRIDS (the test's size, default the answers),
// BENCH_INP_PAUSE_MS (between taps, default 400), BENCH_INP_EMAIL / BENCH_INP_PASSWORD (default the
// premium demo account), BENCH_INP_TRACE=dir keeps a Chromium trace of each phase (slower: for
// finding the cost, not for the figures).
import { startBenchServer } from './web-server.ts';
import { runLighthouse } from './web-lighthouse.ts';
import { runSolveInp } from './solve-inp.ts';

const PARTS: Record<string, (base: string) => Promise<void>> = { lighthouse: runLighthouse, inp: runSolveInp };
const chosen = (process.env.BENCH_WEB_PARTS ?? 'lighthouse,inp').split(',').map((p) => p.trim()).filter(Boolean);
const unknown = chosen.filter((p) => !PARTS[p]);
if (unknown.length) throw new Error(`BENCH_WEB_PARTS: unknown part(s) ${unknown.join(', ')}; known: ${Object.keys(PARTS).join(', ')}`);

const server = await startBenchServer();
try {
  for (const part of chosen) await PARTS[part]!(server.base);
} finally {
  await server.stop();
}
