// An offline test from the downloaded 6,000 grids on the phone profile (issue 30 §2), after
// download-phone.ts has put the manual on the device: the page under the service worker, the
// browser offline (context.setOffline), CPU 4×. BUILDS times: /teste/start opened (from the
// service worker), the manual and all its chapters ticked, COUNT grids, then a raw touch tap on
// "Începe testul", timed from the tap's pointerdown (Event timeStamp) to the solve screen's
// "Grila 1 din COUNT" in the DOM and to the frame after it (rAF, then a task: the paint has
// happened), with the URL change (navigate() after createOfflineTest) in between. The app has no
// performance mark of its own for making a test; these are the test side's clocks, on the page.
// Then, on the last of those tests, ANSWERS answers and moves (solve-inp.ts's taps), their INP
// from Event Timing, and the layout shifts (CLS: the largest session window, 1 s gap / 5 s cap,
// shifts after input excluded as Chromium does).
import { loadavg } from 'node:os';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { answerAll, installProbe, report, tap } from './solve-inp.ts';
import { SUMMARY_HEADER } from './inp-stats.ts';
import { startProfile, stopProfile } from './cpu-profile.ts';
import { phoneRate } from './phone-cpu.ts';
import { perUnit, startTrace } from './trace-summary.ts';

const BUILDS = Number(process.env.BENCH_OFFLINE_BUILDS ?? 12);
const COUNT = Number(process.env.BENCH_OFFLINE_COUNT ?? 200);
const ANSWERS = Number(process.env.BENCH_OFFLINE_ANSWERS ?? 40);
const TIMEOUT = 60_000;

type Shift = { startTime: number; value: number; hadRecentInput: boolean; nodes?: string[] };
type Build = { at: number; routed: number; inDom: number; painted: number };
declare global {
  interface Window {
    __shifts?: Shift[];
    __build?: Promise<Build>;
    __longest: number;
    __long: number;
  }
}

/** Runs in every page before its scripts: keeps the layout-shift entries. */
function installShifts(): void {
  const shifts: Shift[] = [];
  window.__shifts = shifts;
  new PerformanceObserver((list) => {
    type Entry = Shift & { sources?: { node?: Node | null }[] };
    // Which elements moved (tag.class), to find a shift's cause (BENCH_SHIFTS=1 prints them).
    const name = (n?: Node | null) => (n instanceof Element ? `${n.tagName.toLowerCase()}.${[...n.classList].join('.')}` : String(n?.nodeName));
    for (const e of list.getEntries() as unknown as Entry[])
      shifts.push({ startTime: e.startTime, value: e.value, hadRecentInput: e.hadRecentInput, nodes: (e.sources ?? []).map((x) => name(x.node)) });
  }).observe({ type: 'layout-shift', buffered: true });
}

/** CLS as web-vitals computes it: the largest session window (gap < 1 s, window ≤ 5 s) of shifts without recent input. */
export function clsOf(shifts: readonly Shift[], from = 0): number {
  let best = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.hadRecentInput || s.startTime < from) continue;
    if (s.startTime - last < 1000 && s.startTime - first < 5000) sum += s.value;
    else {
      sum = s.value;
      first = s.startTime;
    }
    last = s.startTime;
    best = Math.max(best, sum);
  }
  return best;
}

/** Arms the clocks for the next tap on the start button; window.__build resolves once the first grid is painted. */
function armBuildClock(page: Page, count: number): Promise<void> {
  return page.evaluate((total) => {
    window.__longest = 0;
    window.__long = 0;
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Începe testul'))!;
    const wanted = `Grila 1 din ${total}`;
    window.__build = new Promise<Build>((resolve) => {
      let t0 = -1;
      let routed = -1;
      const start = location.pathname;
      const onDown = (e: Event) => {
        if (!button.contains(e.target as Node)) return;
        t0 = e.timeStamp;
        document.removeEventListener('pointerdown', onDown, true);
      };
      document.addEventListener('pointerdown', onDown, true);
      const obs = new MutationObserver(() => {
        if (t0 < 0) return;
        if (routed < 0 && location.pathname !== start) routed = performance.now();
        const h = document.getElementById('solve-title');
        if (!h || !h.textContent?.includes(wanted)) return;
        obs.disconnect();
        const inDom = performance.now();
        // The app's own marks of the build (Start.tsx, offline-draw.ts), from the tap.
        const marks = performance.getEntriesByType('mark').filter((m) => m.name.startsWith('offline-test:') && m.startTime >= t0);
        (window as unknown as { __marks: Record<string, number> }).__marks = Object.fromEntries(marks.map((m) => [m.name.slice(13), Math.round(m.startTime - t0)]));
        performance.clearMarks();
        // rAF runs before the frame's paint; a task queued from it runs after that paint.
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => resolve({ at: t0, routed: routed - t0, inDom: inDom - t0, painted: performance.now() - t0 });
          ch.port2.postMessage(null);
        });
      });
      obs.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, count);
}

/** /teste/start offline: the manual, every chapter ticked, COUNT grids; returns the timings of one build. */
async function buildOnce(page: Page, manualId: number, count: number, session: CDPSession, profile: boolean): Promise<Build & { longest: number; over100: number }> {
  const cdp = profile && process.env.BENCH_PROFILE ? session : null;
  await page.goto('/teste/start');
  // A page that the service worker loads while Chromium emulates offline gets navigator.onLine ===
  // true again (seen here, Chromium 156): the app then tries the network once before drawing on the
  // device, which a phone in airplane mode would not. Applying the emulation again on this session
  // gives the page the phone's flag; BENCH_ONLINE_FLAG=1 keeps Chromium's (the dead-connection case).
  if (!process.env.BENCH_ONLINE_FLAG) await session.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  if (process.env.BENCH_MARKS) console.log(JSON.stringify({ on_line_after_goto: await page.evaluate(() => navigator.onLine) }));
  const select = page.locator('#start-manual');
  await select.waitFor({ timeout: TIMEOUT });
  await page.locator(`#start-manual option[value="${manualId}"]`).waitFor({ state: 'attached', timeout: TIMEOUT });
  await select.selectOption(String(manualId));
  const boxes = page.locator('.chapters-pick__list input[type=checkbox]');
  await boxes.first().waitFor({ timeout: TIMEOUT });
  for (let i = 0, n = await boxes.count(); i < n; i++) await boxes.nth(i).check();
  await page.getByLabel('Număr de grile').fill(String(count));
  // BENCH_SETTLE_MS: a pause before the tap, to tell the build's own cost from the page load's work still under way.
  if (process.env.BENCH_SETTLE_MS) await page.waitForTimeout(Number(process.env.BENCH_SETTLE_MS));
  await armBuildClock(page, count);
  if (cdp) await startProfile(cdp);
  // BENCH_TRACE=1: the main thread's time in the last build by trace event (BENCH_TRACE_FILE keeps the trace).
  const stopTrace = profile && process.env.BENCH_TRACE ? await startTrace(session) : null;
  await tap(page, page.getByRole('button', { name: 'Începe testul' }), 'start');
  const build = await page.evaluate(() => window.__build!);
  if (cdp) console.log(JSON.stringify({ build_main_thread_self_ms: await stopProfile(cdp) }, null, 1));
  if (stopTrace) console.log(JSON.stringify({ build_trace_ms: perUnit(await stopTrace(), 1, 40) }, null, 1));
  // Long tasks of the build (the observer of download-phone.ts's init script), read after a moment.
  await page.waitForTimeout(300);
  const { longest, over100, marks } = await page.evaluate(() => ({ longest: window.__longest, over100: window.__long, marks: (window as unknown as { __marks: Record<string, number> }).__marks }));
  if (process.env.BENCH_MARKS) console.log(JSON.stringify({ build_marks_ms: marks, on_line: await page.evaluate(() => navigator.onLine) }));
  return { ...build, longest, over100 };
}

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!);
};
const stats = (xs: number[]) => ({ p50: q(xs, 0.5), p95: q(xs, 0.95), max: Math.round(Math.max(...xs)) });

export async function measureOfflineTest(page: Page, context: BrowserContext, cdp: CDPSession, manualSlug: string) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.addInitScript(installProbe);
  await context.addInitScript(installShifts);
  // The partial-scores announcement (once per account) would cover the solve screen: acknowledged up front.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.request.patch('/api/v1/user/acknowledged-info-banner', { headers: { authorization: `Bearer ${token}` }, data: { value: true } });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  const manualId = await page.evaluate(
    (slug) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('grilio');
        open.onsuccess = () => {
          const m = open.result.transaction('manuals').objectStore('manuals').index('slug').get(slug);
          m.onsuccess = () => resolve((m.result as { id: number }).id);
        };
      }),
    manualSlug,
  );
  await context.setOffline(true);
  if (process.env.BENCH_MARKS) console.log(JSON.stringify({ on_line_after_set_offline: await page.evaluate(() => navigator.onLine) }));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: phoneRate() });
  const loads: number[] = [];
  const builds: Awaited<ReturnType<typeof buildOnce>>[] = [];
  for (let i = 0; i < BUILDS; i++) {
    loads.push(loadavg()[0]!);
    // BENCH_PROFILE=1: a main-thread CPU profile of the last build (its figures are then not for the table).
    builds.push(await buildOnce(page, manualId, COUNT, cdp, Boolean(process.env.BENCH_PROFILE || process.env.BENCH_TRACE) && i === BUILDS - 1));
  }
  const chapters = await page.evaluate(
    (id) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('grilio');
        open.onsuccess = () => {
          const c = open.result.transaction('chapters').objectStore('chapters').index('manual_id').count(id);
          c.onsuccess = () => resolve(c.result);
        };
      }),
    manualId,
  );
  // The solve screen of the last test: ANSWERS answers and ANSWERS − 1 moves, still offline and at 4×.
  const solveFrom = await page.evaluate(() => {
    window.__inp!.entries = [];
    window.__inp!.marks = [];
    return performance.now();
  });
  // BENCH_PROFILE_ANSWERS=1: a main-thread CPU profile of the answers (its INP figures are then not for the table).
  if (process.env.BENCH_PROFILE_ANSWERS) await startProfile(cdp);
  const inp = await answerAll(context.browser()!, page, ANSWERS, COUNT, 'offline');
  if (process.env.BENCH_PROFILE_ANSWERS) console.log(JSON.stringify({ answers_main_thread_self_ms: await stopProfile(cdp, 45) }, null, 1));
  const shifts = await page.evaluate(() => window.__shifts!);
  // What one build reads from IndexedDB (raw getAll, same page, still 4×): every grid on the device
  // (localHistory's db.grids.toArray()) and the manual's grids (createOfflineTest's where('manual_id')).
  const idb = await page.evaluate(
    (id) =>
      new Promise<{ all_grids: number; all_ms: number; manual_grids: number; manual_ms: number }>((resolve) => {
        const open = indexedDB.open('grilio');
        open.onsuccess = () => {
          const t0 = performance.now();
          const all = open.result.transaction('grids').objectStore('grids').getAll();
          all.onsuccess = () => {
            const t1 = performance.now();
            const mine = open.result.transaction('grids').objectStore('grids').index('manual_id').getAll(id);
            mine.onsuccess = () => resolve({ all_grids: all.result.length, all_ms: Math.round(t1 - t0), manual_grids: mine.result.length, manual_ms: Math.round(performance.now() - t1) });
          };
        };
      }),
    manualId,
  );
  if (process.env.BENCH_SHIFTS) console.log(JSON.stringify({ last_build_at: Math.round(builds.at(-1)!.at), shifts }, null, 1));
  loads.push(loadavg()[0]!);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.setOffline(false);
  const result = {
    builds: builds.length,
    grids: COUNT,
    chapters,
    tap_to_url_ms: stats(builds.map((b) => b.routed)),
    tap_to_first_grid_in_dom_ms: stats(builds.map((b) => b.inDom)),
    tap_to_first_grid_painted_ms: stats(builds.map((b) => b.painted)),
    each_painted_ms: builds.map((b) => Math.round(b.painted)),
    longest_task_in_build_ms: Math.round(Math.max(...builds.map((b) => b.longest))),
    build_tasks_over_100ms: builds.reduce((a, b) => a + b.over100, 0),
    idb_read: idb,
    // The last build's document: /teste/start loaded (offline, 4×), then the tap, the solve screen, the answers.
    cls_start_page: Math.round(clsOf(shifts.filter((x) => x.startTime < builds.at(-1)!.at)) * 1000) / 1000,
    cls_from_start_tap: Math.round(clsOf(shifts, builds.at(-1)!.at) * 1000) / 1000,
    cls_while_answering: Math.round(clsOf(shifts, solveFrom) * 1000) / 1000,
    load_average: { min: Math.min(...loads).toFixed(1), max: Math.max(...loads).toFixed(1) },
  };
  const table = [`INP on the offline ${COUNT}-grid test, CPU ×${phoneRate()}, ${ANSWERS} answers and ${ANSWERS - 1} moves`, SUMMARY_HEADER, ...report('offline', inp)];
  return { result, table };
}
