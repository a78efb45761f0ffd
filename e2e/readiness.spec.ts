// Readiness you can see (issue 31 §3): a quick simulation finished and two practice weeks synced
// through the API, then on /statistici at 390 px the chart of the estimate with its text
// alternative, the table view with the same figures, and offline the device's copy still drawn.
import { randomUUID } from 'node:crypto';
import { test, expect } from './fixtures.ts';
import { registerAccount, shoot } from './helpers.ts';
import { addDays, bucharestDate } from '../src/shared/plan/calendar.ts';

const SHOTS = process.env.READINESS_SHOTS;
const SIM_TIMISOARA = '3b0c5a52-2f0e-4d0b-8a8e-6f7e1c2d9a01'; // server/db/seed/simulations.ts

test('Cât de pregătit ești: chart, table, offline copy', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 860 });
  await registerAccount(page, 'Radu Pregătit', '/inregistrare', { billing: false });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  // 60 days from today in Bucharest, where the product counts its days (a UTC date is a day short
  // between midnight in Bucharest and midnight UTC: CI failed so at 00:40 Bucharest time).
  const exam = addDays(bucharestDate(), 60);
  const put = await page.request.put('/api/v1/plan/settings', {
    headers,
    data: { centres: [{ slug: 'timisoara', exam_date: exam }], week_minutes: [60, 60, 60, 60, 60, 60, 60], reminder_hour: null },
  });
  expect(put.ok(), await put.text()).toBe(true);

  // Two practice weeks (12 grids each, the older one all right) and a blank quick simulation.
  const manuals = (await (await page.request.get('/api/v1/courses', { headers })).json()).manuals as { slug: string }[];
  const dl = await (await page.request.get(`/api/v1/courses/${manuals[0]!.slug}/download`, { headers })).json();
  const grids = (dl.grids as { id: number; correct?: string[] }[]).slice(0, 12);
  expect(grids).toHaveLength(12);
  const week = (at: Date, right: boolean) => {
    const iso = at.toISOString();
    return { id: randomUUID(), manual_id: dl.manual.id, mode: 'exam', grid_ids: grids.map((g) => g.id), status: 'finished', started_at: iso, finished_at: iso, answers: grids.map((g) => ({ id: randomUUID(), grid_id: g.id, marked: right && g.correct ? g.correct : ['A'], answered_at: iso })) };
  };
  const sync = await page.request.post('/api/v1/tests/sync', { headers, data: { tests: [week(new Date(Date.now() - 8 * 86_400_000), true), week(new Date(), false)] } });
  expect(sync.ok(), await sync.text()).toBe(true);
  const sim = (await (await page.request.post(`/api/v1/simulations/${SIM_TIMISOARA}/start`, { headers })).json()).test.id as string;
  expect((await page.request.post(`/api/v1/tests/${sim}/finish`, { headers })).ok()).toBe(true);
  const history = await (await page.request.get('/api/v1/simulations/estimate/history', { headers })).json();
  const points = history.centers[0].points as { kind: string }[];
  expect(points.map((p) => p.kind)).toEqual(['practice', 'practice', 'simulation']);

  // From the simulation's result: its estimate block links to the history on /statistici.
  await page.goto(`/teste/${sim}/rezultate`);
  const link = page.locator('.sim-estimate').getByRole('link', { name: 'Vezi evoluția pregătirii' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await link.click();
  await expect(page).toHaveURL(/\/statistici#pregatire$/);
  const section = page.getByTestId('readiness');
  await expect(section.getByRole('heading', { name: 'Cât de pregătit ești' })).toBeVisible();
  const chart = section.getByRole('img', { name: /Ultima estimare .*simulare.*interval/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleName(/Pragul \d{4}: .* (sub|peste) prag/);
  await expect(section.getByTestId('readiness-latest')).toContainText('Acum:');
  await expect(section).toContainText(/Ultimul prag de admitere: .*sursa:/);
  await shoot(page, SHOTS, 'readiness-chart', '[data-testid="readiness"]');
  await page.setViewportSize({ width: 390, height: 860 });

  await section.getByRole('button', { name: 'Vezi ca tabel' }).click();
  const table = section.getByTestId('readiness-table');
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(table.locator('tbody tr').last()).toContainText('simulare');
  // The table fits inside the card at 390 px (it overflowed the card before it was kept in its column).
  const [card, cells] = [await section.boundingBox(), await table.boundingBox()];
  expect(cells!.x + cells!.width).toBeLessThanOrEqual(card!.x + card!.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, SHOTS, 'readiness-table', '[data-testid="readiness"]');
  await page.setViewportSize({ width: 390, height: 860 });
  await section.getByRole('button', { name: 'Vezi graficul' }).click();

  // Offline: the page from the service worker, the chart from the device's copy.
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
  const name = await chart.getAttribute('aria-labelledby');
  const alt = await page.locator(`[id="${name}"]`).textContent();
  await context.setOffline(true);
  await page.reload();
  await expect(section.getByTestId('readiness-device')).toHaveText('Copia de pe acest dispozitiv');
  const offlineChart = section.getByRole('img');
  await expect(offlineChart).toBeVisible();
  await expect(offlineChart).toHaveAccessibleName(alt!);
  await shoot(page, SHOTS, 'readiness-offline', '[data-testid="readiness"]');
  await context.setOffline(false);
});
