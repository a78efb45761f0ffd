// Lighthouse's mobile preset slows the CPU 4×, which means "a mid-tier phone" only on a host with a
// BenchmarkIndex of about 1,000 (its docs/throttling.md); a faster host with 4× is a faster phone.
// Issue 24 §1 asks for the figures at a BenchmarkIndex of about 1,000, so each run first measures
// the host as Lighthouse does (its own page function, in the browser about to be measured) and
// slows the CPU by 4 × measured / target: the same phone whatever the machine's day.
import puppeteer from 'puppeteer-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/** The BenchmarkIndex the figures are for (BENCH_TARGET_BI, default 1000; 0 keeps Lighthouse's 4×). */
export const TARGET_BENCHMARK_INDEX = Number(process.env.BENCH_TARGET_BI ?? 1000);

/** The host's BenchmarkIndex now, measured in the Chromium listening on `port`. */
export async function measureBenchmarkIndex(port: number): Promise<number> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    // The first measure of a browser just started is low (its start-up still runs): the second counts.
    const measure = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
    await page.evaluate(measure);
    const index = await page.evaluate(measure);
    await page.close();
    return Number(index);
  } finally {
    await browser.disconnect();
  }
}

/** The CPU slowdown that makes this host the target's phone (never below 1). */
export function cpuMultiplierFor(hostIndex: number, target = TARGET_BENCHMARK_INDEX): number {
  if (!target || !Number.isFinite(hostIndex) || hostIndex <= 0) return 4;
  return Math.max(1, Math.round(((4 * hostIndex) / target) * 10) / 10);
}
