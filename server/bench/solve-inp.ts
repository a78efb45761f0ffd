// The solve screen's part of `npm run bench:web` (issue 24 §2): Interaction to Next Paint of
// answering a grid and moving to the next one, on a phone (390×844, touch) with the CPU slowed
// down BENCH_INP_CPU times (CDP Emulation.setCPUThrottlingRate, default 4), online and offline.
// A demo account starts a test of BENCH_INP_ANSWERS grids (default 50; BENCH_INP_GRIDS makes the
// test longer than the answers given) and, per grid, taps an option (waits for "Răspuns salvat")
// then the bottom bar's "Următoarea" (waits for the next grid's heading); Event Timing entries
// (PerformanceObserver, type 'event', 16 ms threshold) give each tap's latency (inp-stats.ts).
// Then the same on a second test with the network cut after the service worker took control of
// the page (the test reloads from the device). Also prints the host's BenchmarkIndex (Lighthouse's
// own page function, on the page, unthrottled) and load average.
// A measurement, never a test: a slow figure is printed, not failed on.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Locator, type Page } from '@playwright/test';
import { actionLatencies, summarize, summaryLine, SUMMARY_HEADER, type ActionLatency, type EventEntry, type Mark } from './inp-stats.ts';
import { benchmarkIndexOf, cpuMultiplierFor } from './benchmark-index.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './web-server.ts';

const ACCOUNT = { email: process.env.BENCH_INP_EMAIL ?? 'premium@grilio.ro', password: process.env.BENCH_INP_PASSWORD ?? 'Grilio2026!' };
// 'phone': the slowdown that makes this host a BenchmarkIndex-BENCH_TARGET_BI host at 4× (the
// phone of issue 24 §1's Lighthouse figures, benchmark-index.ts), measured at the start.
const CPU_SETTING = process.env.BENCH_INP_CPU ?? '4';
const ANSWERS = Number(process.env.BENCH_INP_ANSWERS ?? 50);
/** The test's size: by default one grid per answer; larger to see what a longer overview costs. */
const GRIDS = Math.max(ANSWERS, Number(process.env.BENCH_INP_GRIDS ?? ANSWERS));
/** Between two taps: the screen settles as it would while a candidate reads (kept short to keep the run short). */
const PAUSE_MS = Number(process.env.BENCH_INP_PAUSE_MS ?? 400);
const TIMEOUT = 30_000;
/** BENCH_INP_TRACE=dir: a Chromium trace of each phase (open it in DevTools' Performance panel). */
const TRACE_DIR = process.env.BENCH_INP_TRACE;

type Probe = { entries: EventEntry[]; marks: Mark[] };
declare global {
  interface Window {
    __inp?: Probe;
  }
}

/** Runs in every page before its scripts: keeps the Event Timing entries with an interaction. */
export function installProbe(): void {
  const probe: Probe = { entries: [], marks: [] };
  window.__inp = probe;
  new PerformanceObserver((list) => {
    // interactionId is not in TypeScript's DOM types yet (Chromium has it since 96).
    for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
      if (!e.interactionId) continue;
      probe.entries.push({ name: e.name, interactionId: e.interactionId, startTime: e.startTime, duration: e.duration, processingStart: e.processingStart, processingEnd: e.processingEnd });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/conectare');
  await page.getByLabel('Email').fill(ACCOUNT.email);
  await page.getByLabel('Parola', { exact: true }).fill(ACCOUNT.password);
  await page.getByRole('button', { name: /Conectează-te|Conectare/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/conectare'), { timeout: TIMEOUT });
  // The partial-scores announcement (once per account) would cover the screen: acknowledged up front.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.request.patch('/api/v1/user/acknowledged-info-banner', { headers: { authorization: `Bearer ${token}` }, data: { value: true } });
}

async function startTest(page: Page, count: number): Promise<string> {
  await page.goto('/teste/start');
  await page.getByLabel('Număr de grile').fill(String(count));
  await page.getByRole('button', { name: 'Începe testul' }).click();
  await page.waitForURL(/\/teste\/[0-9a-f-]{36}$/, { timeout: TIMEOUT });
  await heading(page, 1, count);
  return page.url();
}

const heading = (page: Page, n: number, total: number) =>
  page.getByRole('heading', { name: `Grila ${n} din ${total}` }).waitFor({ timeout: TIMEOUT });

/** The service worker controls the page, so the test can be reloaded without network. */
async function controlledBySW(page: Page, total: number): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: TIMEOUT });
  await heading(page, 1, total);
}

async function throttle(page: Page, cdp: CDPSession, rate: number): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  // Marks and entries are read from this document: start each phase with an empty probe.
  await page.evaluate(() => {
    window.__inp!.entries = [];
    window.__inp!.marks = [];
  });
}

const pause = () => new Promise((r) => setTimeout(r, PAUSE_MS));

/**
 * Where to tap `target`: its centre, scrolled into the middle of the screen when something else
 * (the fixed bottom bar) is there. A raw touchscreen tap, not locator.tap(): Playwright's
 * actionability checks and hit-target listeners would run inside the measured interaction.
 */
async function tapPoint(target: Locator): Promise<{ x: number; y: number }> {
  return target.evaluate((el) => {
    const centre = () => {
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    };
    let p = centre();
    const hit = document.elementFromPoint(p.x, p.y);
    if (!hit || !el.contains(hit)) {
      el.scrollIntoView({ block: 'center' });
      p = centre();
    }
    return p;
  });
}

export async function tap(page: Page, target: Locator, kind: string): Promise<void> {
  await tapPoint(target);
  await pause();
  // Again after the pause: a scroll (smooth, in some themes) has ended by now.
  const p = await tapPoint(target);
  await page.evaluate((k) => window.__inp!.marks.push({ kind: k, at: performance.now() }), kind);
  await page.touchscreen.tap(p.x, p.y);
}

/** Answers every grid of the open test: tap an option, then "Următoarea" (none after the last). */
export async function answerAll(browser: Browser, page: Page, answers: number, total: number, phase: string): Promise<ActionLatency[]> {
  // Tracing slows the page down: a traced run's figures are for finding the cost, not for the table.
  if (TRACE_DIR) await browser.startTracing(page, { path: join(TRACE_DIR, `solve-${phase}.json`) });
  const next = page.getByRole('navigation', { name: 'Navigare între grile' }).getByRole('button', { name: /Următoarea/ });
  for (let i = 0; i < answers; i++) {
    // Varying options: CS sets one, CM/CG add one; every tap is an answer saved on the device.
    await tap(page, page.locator('.option__label').nth(i % 3), 'answer');
    await page.locator('.grid-card__status .saved').waitFor({ timeout: TIMEOUT });
    if (i === answers - 1) break;
    await tap(page, next, 'next');
    await heading(page, i + 2, total);
  }
  // The last paint's entry is delivered after it: a moment before reading.
  await pause();
  if (TRACE_DIR) await browser.stopTracing();
  const probe = await page.evaluate(() => window.__inp!);
  return actionLatencies(probe.entries, probe.marks);
}

export function report(phase: string, xs: ActionLatency[]): string[] {
  return [
    summaryLine(phase, 'answer', summarize(xs.filter((x) => x.kind === 'answer'))),
    summaryLine(phase, 'next', summarize(xs.filter((x) => x.kind === 'next'))),
    summaryLine(phase, 'all', summarize(xs)),
  ];
}

async function phone(base: string): Promise<{ browser: Browser; context: BrowserContext }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
    serviceWorkers: 'allow',
  });
  // The cookie choice is made before the first page, so its banner never lands over a tap.
  await context.addInitScript(() => {
    if (!localStorage.getItem('cookiePreferences')) localStorage.setItem('cookiePreferences', '{"essential":true,"statistics":false}');
  });
  await context.addInitScript(installProbe);
  return { browser, context };
}

export async function runSolveInp(base: string): Promise<void> {
  const { browser, context } = await phone(base);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await signIn(page);
    const index = await benchmarkIndexOf((expression) => page.evaluate(expression));
    const CPU = CPU_SETTING === 'phone' ? cpuMultiplierFor(index) : Number(CPU_SETTING);

    await startTest(page, GRIDS);
    await controlledBySW(page, GRIDS);
    await throttle(page, cdp, CPU);
    const online = await answerAll(browser, page, ANSWERS, GRIDS, 'online');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // Offline: a second test, loaded online, then the network cut and the page reloaded from the
    // service worker and IndexedDB.
    const url = await startTest(page, GRIDS);
    await context.setOffline(true);
    await page.goto(url);
    await heading(page, 1, GRIDS);
    await throttle(page, cdp, CPU);
    const offline = await answerAll(browser, page, ANSWERS, GRIDS, 'offline');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await context.setOffline(false);

    console.log(
      `\nSolve screen INP: phone 390×844 (touch), CPU ×${CPU} (CDP; as a BenchmarkIndex-${Math.round((index * 4) / CPU)} host at 4×), test of ${GRIDS} grids, ${ANSWERS} answers and ${ANSWERS - 1} moves per phase, ${base}; ` +
        `host BenchmarkIndex ${Math.round(index)}, load average ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log(SUMMARY_HEADER);
    for (const line of [...report('online', online), ...report('offline', offline)]) console.log(line);
    console.log('Goal (issue 24 §2): p75 ≤ 100 ms, answering and moving on, online and offline. Latencies in ms, Event Timing duration (8 ms steps).');
  } finally {
    await browser.close();
  }
}
