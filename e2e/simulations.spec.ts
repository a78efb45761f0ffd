// Simulations (issue 9 §1): a centre simulation from choice to rank, and a Medinsider link whose
// uuid is kept so that the app comes back to it on every start until it is finished.
// SIM_SHOTS=dir saves the screens at 390 and 1280 px, light and dark.
import { test, expect, chooseEssentialCookies } from './fixtures.ts';
import { ADMIN, login, registerAccount, shoot } from './helpers.ts';

const MEDINSIDER = '6d1f0c1e-5b7a-4a53-9a1e-0c9a7e2d4b11'; // server/db/seed/simulations.ts
const shots = process.env.SIM_SHOTS;


test('a centre simulation: choose the centre and subjects, take it, see score, grade, rank and the admission estimate', async ({ page, browser }) => {
  if (shots) test.setTimeout(240_000); // eight full-page screenshots per screen
  // An admin records last year's threshold (editable data with its source).
  const adminContext = await browser.newContext();
  await chooseEssentialCookies(adminContext);
  const admin = await adminContext.newPage();
  await login(admin, ADMIN);
  const saved = await admin.evaluate(async () => {
    const res = await fetch('/api/v1/admin/admission-thresholds/timisoara/medicina/2025', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` },
      body: JSON.stringify({ min_grade: 9.5, places: 300, source: 'Date de test (e2e)' }),
    });
    return res.status;
  });
  expect(saved).toBe(200);
  await adminContext.close();

  await registerAccount(page, 'Ana Simulare');
  await page.goto('/teste/simulare/centre');
  await page.getByLabel('Centrul universitar').selectOption('timisoara');
  await page.getByLabel('Materiile').selectOption('biologie,chimie');
  const card = page.locator('.sim-card', { hasText: 'Simulare Timișoara — model 2026' });
  await expect(card).toContainText('90 întrebări');
  await expect(card).toContainText('3 ore');
  await shoot(page, shots, 'sim-centres');
  await card.getByRole('button', { name: 'Începe simularea' }).click();
  await expect(page).toHaveURL(/\/teste\/[0-9a-f-]{36}$/);
  // The paper's time limit runs, in exam mode: no key shown while solving.
  await expect(page.getByText(/2:5\d:\d\d|3:00:00/).first()).toBeVisible();
  await page.locator('.option').first().click();
  await page.locator('.solve__side-actions').getByRole('button', { name: 'Termină testul' }).click();
  await page.getByRole('button', { name: 'Da, termină' }).click();
  await expect(page).toHaveURL(/\/rezultate$/);
  const result = page.locator('.sim-result');
  await expect(result).toContainText('Simulare Timișoara — model 2026');
  await expect(result.getByTestId('sim-rank')).toHaveText(/^1 din \d+$/);
  await expect(result.getByTestId('sim-percentile')).toHaveText('100');
  await expect(result.getByRole('table', { name: 'Pe materii' })).toContainText('Biologie');
  await expect(result.getByRole('table', { name: 'Pe materii' })).toContainText('Chimie');
  // The estimate is a range, labelled as such, against the threshold with its source.
  const estimate = result.locator('.sim-estimate');
  await expect(estimate).toContainText('Estimare');
  await expect(estimate.getByTestId('sim-estimate-range')).toContainText(/între 1(,\d+)? și 1,\d+/);
  await expect(estimate.getByRole('row', { name: /Medicină/ })).toContainText('2025: 9,5');
  await expect(estimate.getByRole('row', { name: /Medicină/ })).toContainText('sub praguri');
  await expect(estimate).toContainText('Surse: Date de test (e2e)');
  await shoot(page, shots, 'sim-result', '.sim-result h2');
  await shoot(page, shots, 'sim-estimate', '.sim-estimate');
  // Back on the list: the best result is shown with the card.
  await page.goto('/teste/simulare/centre');
  // The page opens on the candidate's own centre (the first one, chosen at registration).
  await expect(page.getByLabel('Centrul universitar')).toHaveValue('bucuresti');
  await expect(page.locator('.sim-card', { hasText: 'Simulare București — premium' })).toContainText('Disponibilă cu Premium');
  await page.getByLabel('Centrul universitar').selectOption('timisoara');
  await expect(page.locator('.sim-card', { hasText: 'Simulare Timișoara — model 2026' })).toContainText('Cel mai bun rezultat');
  // The choice is in the address: a reload keeps it rather than going back to the own centre.
  await expect(page).toHaveURL(/\/teste\/simulare\/centre\?centru=timisoara$/);
  await page.reload();
  await expect(page.getByLabel('Centrul universitar')).toHaveValue('timisoara');
  await expect(page.locator('.sim-card', { hasText: 'Simulare Timișoara — model 2026' })).toBeVisible();
});

test('a Medinsider link: the uuid is kept and every start returns to it until it is finished', async ({ page }) => {
  await registerAccount(page, 'Bogdan Medinsider');
  await page.goto(`/teste/simulare/medinsider?uuid=${MEDINSIDER}`);
  await expect(page.locator('.sim-card')).toContainText('Simulare Medinsider — demo');
  expect(await page.evaluate(() => localStorage.getItem('simulation-medinsider-uuid'))).toBe(MEDINSIDER);
  await shoot(page, shots, 'sim-medinsider');
  // A fresh start elsewhere comes back here.
  await page.goto('/teste');
  await expect(page).toHaveURL(new RegExp(`/teste/simulare/medinsider\\?uuid=${MEDINSIDER}$`));
  await page.getByRole('button', { name: 'Începe simularea' }).click();
  await expect(page).toHaveURL(/\/teste\/[0-9a-f-]{36}$/);
  const testUrl = page.url();
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/teste/simulare/medinsider\\?uuid=${MEDINSIDER}$`));
  await page.getByRole('button', { name: 'Continuă simularea' }).click();
  await expect(page).toHaveURL(testUrl);
  await page.locator('.solve__side-actions').getByRole('button', { name: 'Termină testul' }).click();
  await page.getByRole('button', { name: 'Da, termină' }).click();
  await expect(page).toHaveURL(/\/rezultate$/);
  await expect(page.locator('.sim-result')).toContainText('Simulare Medinsider — demo');
  // Finished: the next visit of the page forgets the uuid, and starts no longer come back.
  await page.goto(`/teste/simulare/medinsider?uuid=${MEDINSIDER}`);
  await expect(page.locator('.sim-card')).toContainText('Cel mai bun rezultat');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('simulation-medinsider-uuid'))).toBeNull();
  await page.goto('/teste');
  await expect(page).toHaveURL(/\/teste$/);
  // A stored uuid of a simulation that no longer exists: shown as not found once, then forgotten.
  await page.evaluate(() => localStorage.setItem('simulation-medinsider-uuid', '00000000-0000-4000-8000-000000000000'));
  await page.goto('/teste');
  await expect(page).toHaveURL(/\/teste\/simulare\/medinsider\?uuid=00000000/);
  await expect(page.getByRole('alert')).toHaveText('Simularea nu a fost găsită.');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('simulation-medinsider-uuid'))).toBeNull();
});

test('sources: simulations of one book with past results (/ssmb alias)', async ({ page }) => {
  await registerAccount(page, 'Cris Surse');
  await page.goto('/ssmb');
  await expect(page.getByRole('heading', { name: 'Sursa: Grilio' })).toBeVisible();
  await expect(page.locator('.sim-card')).toContainText('Simulare din sursa Grilio');
  await shoot(page, shots, 'sim-sources');
});

test('admin builds a simulation to a centre format and publishes it', async ({ page }) => {
  await login(page, ADMIN);
  await page.goto('/admin/simulari');
  const title = `Simulare Galați test ${Date.now()}`;
  await page.getByLabel('Titlul').fill(title);
  await page.getByLabel('Centrul (profilul de punctare)').selectOption('galati');
  await page.getByRole('button', { name: 'Construiește simularea (ciornă)' }).click();
  const card = page.locator('.sim-card', { hasText: title });
  await expect(card).toContainText('100 întrebări');
  await card.getByRole('button', { name: 'Publică' }).click();
  await expect(card.getByText('Publicată')).toBeVisible();
  await shoot(page, shots, 'sim-admin');
});

test('a simulation is solved offline like a practice test and graded by the server once online', async ({ page, context }) => {
  await registerAccount(page, 'Dana Offline');
  await page.goto('/teste/simulare/surse');
  await page.locator('.sim-card', { hasText: 'Simulare din sursa Grilio' }).getByRole('button', { name: 'Începe simularea' }).click();
  await expect(page).toHaveURL(/\/teste\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Grila 1 din 90' })).toBeVisible();
  await context.setOffline(true);
  await page.locator('.option').first().click();
  await page.locator('.solve__side-actions').getByRole('button', { name: 'Termină testul' }).click();
  await page.getByRole('button', { name: 'Da, termină' }).click();
  await expect(page).toHaveURL(/\/rezultate$/);
  // No key on the device before the end (exam mode): the grade waits for the server.
  await context.setOffline(false);
  await expect(page.getByText('Rezultat confirmat de server')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.sim-result')).toContainText('Simulare din sursa Grilio');
  await expect(page.locator('.sim-result').getByTestId('sim-rank')).toHaveText(/^\d+ din \d+$/);
});
