// Lighthouse's mobile preset slows the CPU 4×, which means "a mid-tier phone" only on a host with a
// BenchmarkIndex of about 1,000 (its docs/throttling.md); a faster host with 4× is a faster phone.
// Issue 24 §1 asks for the figures at a BenchmarkIndex of about 1,000, so each run first measures
// the host as Lighthouse does (its own page function, in the browser about to be measured) and
// slows the CPU by 4 × measured / target: the same phone whatever the machine's day.
import puppeteer from 'puppeteer-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/** The BenchmarkIndex the figures are for (BENCH_TARGET_BI, default 1000; 0 keeps Lighthouse's 4×). */
export const TARGET_BENCHMARK_INDEX = Number(process.env.BENCH_TARGET_BI ?? 1000);

/** Lighthouse's BenchmarkIndex page function, run three times through `evaluate` (in the page
 *  to be measured): the median, so a first run slowed by a browser still starting does not count. */
export async function benchmarkIndexOf(evaluate: (expression: string) => Promise<unknown>): Promise<number> {
  const expression = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) runs.push(Number(await evaluate(expression)));
  return runs.sort((a, b) => a - b)[1]!;
}

/** The host's BenchmarkIndex now, measured in the Chromium listening on `port`. */
export async function measureBenchmarkIndex(port: number): Promise<number> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    const index = await benchmarkIndexOf((expression) => page.evaluate(expression));
    await page.close();
    return index;
  } finally {
    await browser.disconnect();
  }
}

/** The CPU slowdown that makes this host the target's phone (never below 1). */
export function cpuMultiplierFor(hostIndex: number, target = TARGET_BENCHMARK_INDEX): number {
  if (!target || !Number.isFinite(hostIndex) || hostIndex <= 0) return 4;
  return Math.max(1, Math.round(((4 * hostIndex) / target) * 10) / 10);
}
