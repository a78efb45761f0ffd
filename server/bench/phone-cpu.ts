// The phone profile's CPU slowdown for the national-size benches (download-phone.ts and the parts it
// runs). Issue 30 names "4× CPU throttling, BenchmarkIndex ≈ 1,000 at 4×, as in your Lighthouse
// bench": 4× is that phone only on a host whose BenchmarkIndex is about 1,000. BENCH_PHONE_CPU=4 (the
// default) slows this host 4× whatever it is; `phone` slows it by 4 × its measured index / 1,000
// (benchmark-index.ts, as the Lighthouse and INP benches do), so two machines give the same phone.
// The host's index is printed either way, so a figure can be read against the machine it came from.
import type { Page } from '@playwright/test';
import { benchmarkIndexOf, cpuMultiplierFor, TARGET_BENCHMARK_INDEX } from './benchmark-index.ts';

let rate = 4;

/** The slowdown every phone-profile step applies (Emulation.setCPUThrottlingRate). */
export const phoneRate = (): number => rate;

/** Measures this host's BenchmarkIndex in `page` (unthrottled) and sets the slowdown from BENCH_PHONE_CPU. */
export async function choosePhoneRate(page: Page): Promise<{ benchmark_index: number; cpu_rate: number; target_index: number | null }> {
  const index = await benchmarkIndexOf((expression) => page.evaluate(expression));
  const setting = process.env.BENCH_PHONE_CPU ?? '4';
  rate = setting === 'phone' ? cpuMultiplierFor(index) : Number(setting);
  if (!Number.isFinite(rate) || rate < 1) throw new Error(`BENCH_PHONE_CPU: 4, phone or a number ≥ 1, not ${setting}`);
  return { benchmark_index: Math.round(index), cpu_rate: rate, target_index: setting === 'phone' ? TARGET_BENCHMARK_INDEX : null };
}
