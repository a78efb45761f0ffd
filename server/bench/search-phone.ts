// Offline search on the phone profile (issue 30 §3), after download-phone.ts has put the 6,000-grid
// manual on the device: the page taken over by the service worker, /cautare opened, the browser
// offline (the device's index is built in its worker: `grilio:device-index`), then 100 queries
// typed into the results page's box and submitted one after the other (half a second apart), each
// timed from the form's submit to the status line naming its results and to that frame painted,
// and the worker's round trip (`grilio:device-search`) and own time (scaled to the phone).
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { SEARCH_QUERIES } from './search.ts';
import { startProfile, stopProfile } from './cpu-profile.ts';
import { phoneRate } from './phone-cpu.ts';
import { timedQueryPainted } from './search-timing.ts';
import { perUnit, startTrace } from './trace-summary.ts';

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!;
};
const r1 = (x: number) => Math.round(x * 10) / 10;


export async function measureDeviceSearch(page: Page, context: BrowserContext, cdp: CDPSession, n = 100) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await page.goto('/cautare');
  await page.locator('.search-page__box input[type=search]').waitFor();
  await page.waitForTimeout(1000);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: phoneRate() });
  await context.setOffline(true);
  await page.waitForFunction(() => performance.getEntriesByName('grilio:device-index').length > 0, undefined, { timeout: 120_000 });
  const build = await page.evaluate(() => performance.getEntriesByName('grilio:device-index')[0]!.duration);
  await page.evaluate(() => {
    performance.clearMeasures('grilio:device-search');
    performance.clearMeasures('grilio:device-search-work');
    performance.clearMeasures('grilio:device-search-refresh');
    const w = window as unknown as { __longest: number; __long: number; __frames: unknown[] };
    w.__longest = 0;
    w.__long = 0;
    w.__frames = [];
  });
  const submit: number[] = [];
  if (process.env.BENCH_PROFILE) await startProfile(cdp);
  // BENCH_TRACE=1: the main thread's time per query by trace event (style, layout, paint, script).
  const stopTrace = process.env.BENCH_TRACE ? await startTrace(cdp) : null;
  const painted: number[] = [];
  // A person reads the results before typing the next query: BENCH_SEARCH_PAUSE_MS between queries
  // (500; 0 runs them back to back, so each meets the last one's leftover work, the address change).
  const pause = Number(process.env.BENCH_SEARCH_PAUSE_MS ?? 500);
  for (let i = 0; i < n; i++) {
    if (i && pause) await page.waitForTimeout(pause);
    const t = await timedQueryPainted(page, SEARCH_QUERIES[i % SEARCH_QUERIES.length]!);
    submit.push(t.results);
    painted.push(t.painted);
  }
  if (process.env.BENCH_PROFILE) console.log(JSON.stringify({ main_thread_self_ms: await stopProfile(cdp) }, null, 1));
  if (stopTrace) console.log(JSON.stringify({ main_thread_ms_per_query: perUnit(await stopTrace(), n) }, null, 1));
  const query = await page.evaluate(() => performance.getEntriesByName('grilio:device-search').map((e) => e.duration));
  // The worker's own part, at this host's speed: DevTools' CPU throttling slows the page, not its
  // workers ("Operation is only supported for pages, not workers"), so at the phone that part takes
  // `rate` times as long, and each query's wait grows by (rate − 1) × its worker time.
  const work = await page.evaluate(() => performance.getEntriesByName('grilio:device-search-work').map((e) => e.duration));
  const refresh = await page.evaluate(() => performance.getEntriesByName('grilio:device-search-refresh').map((e) => e.duration));
  const rate = phoneRate();
  const workAtPhone = work.map((w) => w * rate);
  const submitAtPhone = submit.map((s, i) => s + (rate - 1) * (work[i] ?? 0));
  const paintedAtPhone = painted.map((s, i) => s + (rate - 1) * (work[i] ?? 0));
  const queryAtPhone = query.map((s, i) => s + (rate - 1) * (work[i] ?? 0));
  const longest = await page.evaluate(() => (window as unknown as { __longest: number }).__longest);
  const over100 = await page.evaluate(() => (window as unknown as { __long: number }).__long);
  const status = await page.locator('.search-page__status').innerText();
  const shown = await page.locator('.search-hit').count();
  // BENCH_SHOTS=<dir>: the last results at 390/1280, light and dark (the first page and „Mai multe rezultate”).
  const dir = process.env.BENCH_SHOTS;
  if (dir) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${dir}/search-6000-${width}-${theme}.png`, fullPage: true });
      }
    }
  }
  await context.setOffline(false);
  return {
    index_build_ms: Math.round(build),
    queries: n,
    query_ms: { p50: r1(q(query, 0.5)), p95: r1(q(query, 0.95)), max: r1(Math.max(...query)) },
    query_ms_at_phone: { p50: r1(q(queryAtPhone, 0.5)), p95: r1(q(queryAtPhone, 0.95)), max: r1(Math.max(...queryAtPhone)) },
    worker_ms_host: { p50: r1(q(work, 0.5)), p95: r1(q(work, 0.95)), max: r1(Math.max(...work)) },
    worker_refresh_ms_host: { p50: r1(q(refresh, 0.5)), p95: r1(q(refresh, 0.95)), max: r1(Math.max(...refresh)) },
    worker_ms_at_phone: { p50: r1(q(workAtPhone, 0.5)), p95: r1(q(workAtPhone, 0.95)), max: r1(Math.max(...workAtPhone)) },
    submit_to_results_at_phone_ms: { p50: r1(q(submitAtPhone, 0.5)), p95: r1(q(submitAtPhone, 0.95)), max: r1(Math.max(...submitAtPhone)) },
    submit_to_painted_at_phone_ms: { p50: r1(q(paintedAtPhone, 0.5)), p95: r1(q(paintedAtPhone, 0.95)), max: r1(Math.max(...paintedAtPhone)) },
    submit_to_results_ms: { p50: r1(q(submit, 0.5)), p95: r1(q(submit, 0.95)), max: r1(Math.max(...submit)) },
    longest_task_ms: Math.round(longest),
    tasks_over_100ms: over100,
    last: { status, hits_shown: shown },
  };
}
