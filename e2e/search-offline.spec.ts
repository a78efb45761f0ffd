// Offline search (issue 30 §3): a manual downloaded, the browser really offline, the top bar's box
// answers from the device (said so on the page), the kind filter narrows it, a paragraph opens its
// chapter at the anchor and a grid opens alone from the device copy and is solved there.
// SEARCH_SHOTS=<dir> takes the screenshots at 390/1280, light and dark. SEARCH_MEASURE=<n> also
// times n offline queries (submit to results shown) with the CPU slowed 4× (Chromium CDP, the
// phone profile) and prints the p50/p95 (docs/MEASUREMENTS.md).
import { test, expect } from './fixtures.ts';
import { dismissOverlays, login, reloadUnderServiceWorker, shoot } from './helpers.ts';
import { timedQuery } from '../server/bench/search-timing.ts';

const SHOTS = process.env.SEARCH_SHOTS;
const MEASURE = Number(process.env.SEARCH_MEASURE) || 0;
const QUERIES = ['nefr', 'rinichi', 'ansa henle', 'glomerul', 'inima', 'neuron', 'sange', 'urina', 'ventricul', 'sinapsa'];


test('offline, the search answers from the downloaded manual: kind filter, a paragraph, a grid solved on the device', async ({ page, context }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page);
  await page.goto('/ai/cursuri/biologie-xi');
  await dismissOverlays(page);
  const done = page.locator('.download__status').first();
  // The profile's manual may be downloading by itself already (the button then goes away): either way it ends downloaded.
  if (!(await done.isVisible().catch(() => false)))
    await page.getByRole('button', { name: /^Descarcă pentru offline/ }).first().click({ timeout: 5_000 }).catch(() => undefined);
  await expect(done).toContainText('Disponibil offline', { timeout: 60_000 });
  await reloadUnderServiceWorker(page);

  await context.setOffline(true);
  const box = page.getByRole('search', { name: 'Caută în grile și capitole' });
  await box.getByRole('searchbox').fill('NEFRON rinichí');
  await box.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/\/cautare\?q=NEFRON/);
  await expect(page.getByRole('note')).toContainText('Rezultate din manualul descărcat pe acest dispozitiv');
  await expect(page.locator('.search-page__status')).toContainText('Pentru „NEFRON rinichí”');
  await expect(page.getByRole('region', { name: 'Grile' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.locator('.search-hit mark').first()).toHaveText(/^(nefron|rinichi)/i);

  // The kind filter: a radio group; arrow keys move the choice, the address keeps it.
  const kinds = page.getByRole('group', { name: 'Caută în' });
  await expect(kinds.getByRole('radio', { name: 'Toate' })).toBeChecked();
  await kinds.getByRole('radio', { name: 'Grile' }).check();
  await expect(page).toHaveURL(/tip=grile/);
  await expect(page.getByRole('region', { name: 'Din capitole' })).toHaveCount(0);
  await expect(page.locator('.search-page__status')).toHaveText(/^Pentru „NEFRON rinichí”: \d+ gril/);
  await shoot(page, SHOTS, 'search-offline-grids');
  await page.setViewportSize({ width: 1280, height: 900 });
  await kinds.getByRole('radio', { name: 'Grile' }).press('ArrowRight');
  await expect(kinds.getByRole('radio', { name: 'Capitole' })).toBeChecked();
  await expect(page).toHaveURL(/tip=capitole/);
  await expect(page.getByRole('region', { name: 'Grile' })).toHaveCount(0);
  const passage = page.getByRole('region', { name: 'Din capitole' }).getByRole('link').first();
  const href = await passage.getAttribute('href');
  expect(href).toMatch(/^\/ai\/cursuri\/biologie-xi\/[a-z0-9-]+#p-\d+$/);
  await shoot(page, SHOTS, 'search-offline-chapters');
  await page.setViewportSize({ width: 1280, height: 900 });

  // A paragraph opens its chapter (from the device copy) at the anchor.
  await passage.click();
  const target = page.locator(`#${href!.split('#')[1]}`);
  await expect(target).toBeInViewport();
  await expect(target).toContainText(/nefron|rinichi/i);

  // A grid opens alone from the device copy; solving it makes a one-grid test on the device.
  await page.goBack();
  await kinds.getByRole('radio', { name: 'Toate' }).check();
  await page.getByRole('region', { name: 'Grile' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grilă găsită' })).toBeVisible();
  await page.getByRole('button', { name: /Rezolvă grila|Rezolv-o din nou/ }).click();
  await expect(page).toHaveURL(/\/teste\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Grila 1 din 1' })).toBeVisible();

  await page.goto('/cautare?q=zzqqxxw');
  await expect(page.locator('.search-page__status')).toHaveText('Nu am găsit nimic pentru „zzqqxxw”. Încearcă alte cuvinte sau doar începutul lor.');

  if (MEASURE) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const times: number[] = [];
    for (let i = 0; i < MEASURE; i++) times.push(await timedQuery(page, `${QUERIES[i % QUERIES.length]}${i >= QUERIES.length ? ` ${String.fromCharCode(97 + (i % 26))}` : ''}`));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // The query alone: the app's round trip to the worker (refresh check, index, hits), src/offline/search/client.ts.
    const queries = (await page.evaluate(() => performance.getEntriesByName('grilio:device-search').map((e) => e.duration))).slice(-MEASURE);
    const report = (what: string, xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
      console.log(`offline search, CPU 4×, ${what}: n=${xs.length} p50=${at(50).toFixed(1)} ms p95=${at(95).toFixed(1)} ms max=${sorted.at(-1)!.toFixed(1)} ms`);
    };
    report('query (worker round trip)', queries);
    report('submit to results shown', times);
  }
});
