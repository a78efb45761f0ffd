// Downloads on a phone profile (issue 30 §2): a 6,000-grid manual (the seeded search bank:
// 3 manuals × 16 chapters, ≈ 1.2 KB a grid, 40 KB of text a chapter) downloaded to "available
// offline" by the premium demo account in headless Chromium with 4× CPU throttling, on loopback.
// Prints the time to "Disponibil offline", the longest main-thread task (PerformanceObserver
// longtask) and the origin's storage usage before and after (navigator.storage.estimate); then
// (search-phone.ts) the device's search index built over it offline, 100 queries and the time from
// submit to results, at 4× as well; then (offline-test-phone.ts) 200-grid tests built offline from
// it and the solve screen's INP and CLS. BENCH_FRAMES=1 also prints the long animation frames' scripts.
// BENCH_PHONE_CPU=phone slows the CPU to a BenchmarkIndex-1,000 phone instead of 4× (phone-cpu.ts).
// BENCH_SEARCH_N sets the number of queries (100); BENCH_TRACE=1 and BENCH_PROFILE=1 say where their main-thread time went.
// Run: `npm run build && npx node server/bench/download-phone.ts` (PORT, DATA_DIR optional).
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { openCliDb } from '../cli/cli-db.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../db/seed/seed.ts';
import { seedSearchBank } from './search-bank.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './web-server.ts';
import { measureDeviceSearch } from './search-phone.ts';
import { measureOfflineTest } from './offline-test-phone.ts';
import { choosePhoneRate, phoneRate } from './phone-cpu.ts';
import { partsTimeline } from './parts-timeline.ts';

const PORT = Number(process.env.PORT ?? 8809);
const DATA_DIR = process.env.DATA_DIR ?? `/tmp/grilio-download-phone-${PORT}`;
const BASE = `http://127.0.0.1:${PORT}`;
const MANUAL = 'cautare-bench-0';

// BENCH_KEEP_DATA=1 reuses a DATA_DIR an earlier run seeded (quicker repeats of the browser part).
const keep = process.env.BENCH_KEEP_DATA === '1' && existsSync(DATA_DIR);
if (!keep) rmSync(DATA_DIR, { recursive: true, force: true });
const env = { ...process.env, DATA_DIR, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_URL: BASE };
if (!keep) {
  const { db } = await openCliDb(env);
  await migrate(db);
  await seed(db, { log: () => undefined });
  const bank = await seedSearchBank(db, { grids: 18_000 });
  console.log(`bank: ${bank.grids} grids in ${Math.round(bank.ms)} ms`);
  await db.close();
}
const server = spawn(process.execPath, ['server/main.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
try {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${BASE}/api/v1/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (i > 120) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript(() => {
    localStorage.setItem('cookiePreferences', '{"essential":true,"statistics":false}');
    const w = window as unknown as { __longest: number; __long: number; __frames: unknown[] };
    w.__longest = 0;
    w.__long = 0;
    w.__frames = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        w.__longest = Math.max(w.__longest, e.duration);
        if (e.duration > 100) w.__long += 1;
      }
    }).observe({ type: 'longtask', buffered: true });
    // What ran in the long frames (Long Animation Frames API): which script, called how, for how long.
    type Script = { invoker: string; sourceURL: string; sourceFunctionName: string; duration: number };
    new PerformanceObserver((list) => {
      type Frame = { startTime: number; duration: number; blockingDuration: number; renderStart: number; styleAndLayoutStart: number; scripts: Script[] };
      for (const e of list.getEntries() as unknown as Frame[]) {
        if (e.blockingDuration < 50) continue;
        w.__frames.push({
          duration: Math.round(e.duration),
          blocking: Math.round(e.blockingDuration),
          // Of the frame: until rendering began (scripts, tasks), rendering's own callbacks, then style and layout.
          before_render: Math.round((e.renderStart || e.startTime + e.duration) - e.startTime),
          style_layout: e.styleAndLayoutStart ? Math.round(e.startTime + e.duration - e.styleAndLayoutStart) : 0,
          scripts: e.scripts.map((s) => `${s.invoker} ${s.sourceFunctionName}@${s.sourceURL.split('/').pop()} ${Math.round(s.duration)}ms`),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
  const page = await context.newPage();
  await page.goto('/conectare');
  await page.getByLabel('Email').fill('premium@grilio.ro');
  await page.getByLabel('Parola', { exact: true }).fill('Grilio2026!');
  await page.getByRole('button', { name: /Conectează-te|Conectare/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/conectare'));
  await page.goto(`/ai/cursuri/${MANUAL}`);
  const button = page.getByRole('button', { name: 'Descarcă pentru offline' });
  await button.waitFor();
  // Let the profile manual's auto-download (after sign-in) finish first: it is not measured.
  await page.waitForTimeout(5000);
  console.log(JSON.stringify({ phone: await choosePhoneRate(page) }));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: phoneRate() });
  const before = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number; __long: number; __frames: unknown[] };
    w.__longest = 0;
    w.__long = 0;
    w.__frames = [];
  });
  // Time spent waiting for the network and server (request sent → last byte), summed over parts.
  let network = 0;
  page.on('requestfinished', (r) => {
    if (r.url().includes(`/courses/${MANUAL}/download/`)) network += Math.max(0, r.timing().responseEnd);
  });
  await page.evaluate(() => {
    performance.clearMeasures('grilio:part-store-work');
    performance.clearMeasures('grilio:part-fetch');
  });
  const t0 = Date.now();
  await button.click();
  await page.getByText(/Disponibil offline/).waitFor({ timeout: 120_000 });
  const ms = Date.now() - t0;
  const after = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  // Each part is stored in the part-store worker, which DevTools' CPU throttling does not slow: at
  // the phone each of its milliseconds takes `rate`. The next part is fetched while one is stored,
  // so the timeline is replayed with the worker's times scaled (partsTimeline) and the difference
  // added to what was measured.
  const perPart = await page.evaluate(() => ({
    fetch: performance.getEntriesByName('grilio:part-fetch').map((e) => e.duration),
    store: performance.getEntriesByName('grilio:part-store-work').map((e) => e.duration),
  }));
  const work = perPart.store.reduce((s, w) => s + w, 0);
  const msAtPhone = ms + partsTimeline(perPart.fetch, perPart.store, phoneRate()) - partsTimeline(perPart.fetch, perPart.store, 1);
  const longest = await page.evaluate(() => (window as unknown as { __longest: number }).__longest);
  const over100 = await page.evaluate(() => (window as unknown as { __long: number }).__long);
  const status = await page.locator('.download__status').first().innerText();
  const grids = await page.evaluate(
    (slug) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('grilio');
        open.onsuccess = () => {
          const tx = open.result.transaction(['manuals', 'grids']);
          const m = tx.objectStore('manuals').index('slug').get(slug);
          m.onsuccess = () => {
            const c = tx.objectStore('grids').index('manual_id').count((m.result as { id: number }).id);
            c.onsuccess = () => resolve(c.result);
          };
        };
      }),
    MANUAL,
  );
  console.log(
    JSON.stringify({ manual: MANUAL, grids, ms, worker_ms_host: Math.round(work), ms_at_phone: Math.round(msAtPhone), network_ms: Math.round(network), longest_task_ms: Math.round(longest), tasks_over_100ms: over100, storage_added_bytes: after - before, status }),
  );
  const frames = () => page.evaluate(() => (window as unknown as { __frames: unknown[] }).__frames);
  if (process.env.BENCH_FRAMES) console.log(JSON.stringify(await frames(), null, 1));
  // Then the offline search over the downloaded manual (search-phone.ts), unless BENCH_SEARCH=0.
  if (process.env.BENCH_SEARCH !== '0') {
    console.log(JSON.stringify({ search: await measureDeviceSearch(page, context, cdp, Number(process.env.BENCH_SEARCH_N ?? 100)) }));
    if (process.env.BENCH_FRAMES) console.log(JSON.stringify(await frames(), null, 1));
  }
  // Then offline tests of 200 grids built from it and the solve screen's INP (offline-test-phone.ts), unless BENCH_OFFLINE_TEST=0.
  if (process.env.BENCH_OFFLINE_TEST !== '0') {
    const { result, table } = await measureOfflineTest(page, context, cdp, MANUAL);
    console.log(JSON.stringify({ offline_test: result }));
    console.log(table.join('\n'));
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
}
