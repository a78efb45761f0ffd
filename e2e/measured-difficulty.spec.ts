// Measured difficulty and percentiles (issue 31 §2) in the browser: the builder's filter against
// the real server (the seed has no grid with 30 first answers, so "Grele" finds none and says so),
// and how the tutor reveal, the results and /statistici show the figures. The seed cannot hold 30
// candidates' answers or 20 ranked candidates, so those payloads are the real server's answers with
// the figures added in the browser (page.route); the server side is tests/server/measured-difficulty
// and peer-percentile. DIFFICULTY_SHOTS=dir saves the screens at 390 and 1280 px, light and dark.
import { test, expect } from './fixtures.ts';
import { dismissOverlays, registerAccount, shoot } from './helpers.ts';

const shots = process.env.DIFFICULTY_SHOTS;
// page.route sees no request the service worker answers.
test.use({ serviceWorkers: 'block' });
const MEASURED = { share: 0.62, answers: 148 };

test('builder filter by measured difficulty, the share after answering, the percentile on /statistici', async ({ page }) => {
  test.setTimeout(120_000);
  await registerAccount(page, 'Ionescu Măsurat', '/inregistrare', { billing: false });

  await page.goto('/teste/start');
  await dismissOverlays(page);
  const measured = page.getByRole('group', { name: 'Dificultate măsurată' });
  await expect(measured.getByText('Contează doar grilele cu cel puțin 30 de răspunsuri.')).toBeVisible();
  await measured.getByText('Grele', { exact: true }).click();
  await expect(page.getByTestId('matching-grids')).toHaveText('Grile potrivite acum: 0.');
  await page.getByLabel('Număr de grile').fill('1');
  await page.getByRole('button', { name: 'Începe testul' }).click();
  await expect(page.getByText('Grile disponibile pentru aceste filtre: 0.')).toBeVisible();
  await shoot(page, shots, 'start-measured', '.tests-form');

  // A tutor test of any difficulty: the server's reveal, with a measured share added.
  await page.route('**/api/v1/tests/*/answers/*', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    await route.fulfill({ response: res, json: body.correct ? { ...body, measured: MEASURED } : body });
  });
  await measured.getByText('Oricare', { exact: true }).click();
  await page.getByLabel('Număr de grile').fill('2');
  await page.getByText('Tutor — explicația după fiecare grilă').click();
  await page.getByRole('button', { name: 'Începe testul' }).click();
  await expect(page).toHaveURL(/\/teste\/[0-9a-f-]{36}$/);
  const share = page.getByText('62 % dintre candidați au răspuns corect (148 de răspunsuri)');
  await page.locator('.option__label').first().click();
  await expect(share).toHaveCount(0); // never before the answer
  await page.getByRole('button', { name: 'Confirmă răspunsul' }).click();
  await expect(share).toBeVisible();
  await shoot(page, shots, 'tutor-measured', '.explanation__measured');

  // The results: the first grid measured, the second not yet.
  await page.route('**/api/v1/tests/*/results', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.grids[0].measured = MEASURED;
    await route.fulfill({ response: res, json: body });
  });
  await page.getByRole('button', { name: 'Termină testul' }).first().click();
  await page.getByRole('button', { name: 'Da, termină' }).click();
  await expect(page).toHaveURL(/\/rezultate/);
  await expect(share).toHaveCount(1);
  await shoot(page, shots, 'results-measured', '.result-row__measured');

  // /statistici: the manual ranked, the chapter in a group too small.
  await page.route('**/api/v1/stats', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.manuals[0].peers = { ranked: true, percentile: 75, candidates_at_least: 40 };
    body.chapters[0].peers = { ranked: false, reason: 'small_group' };
    await route.fulfill({ response: res, json: body });
  });
  await page.goto('/statistici');
  await expect(page.getByTestId('peer-rule')).toContainText('unde sunt mai puțin de 20 de candidați nu facem clasament');
  await expect(page.getByText('Ești peste 75 % dintre candidați (din cel puțin 40)')).toBeVisible();
  await expect(page.getByText('Fără poziție: sub 20 de candidați cu destule răspunsuri aici')).toBeVisible();
  await shoot(page, shots, 'stats-peers', '#manuals-h');
});
