// Admin scoring profiles (/admin/punctare, issue 9 §2): the demo admin edits Oradea's profile (no
// seeded simulation uses it), sees the worked example follow, gets a range error from the shared
// schema, saves, reloads and finds the change kept; then puts the seeded rule back.
// SCORING_SHOTS=dir saves the screen at 390 and 1280 px, light and dark.
import { test, expect, type Page } from './fixtures.ts';
import { ADMIN, login, shoot } from './helpers.ts';

const shots = process.env.SCORING_SHOTS;


const ORADEA = 'Editează profilul Universitatea din Oradea';

async function openOradea(page: Page) {
  await page.getByRole('button', { name: ORADEA }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Universitatea din Oradea', exact: true })).toBeVisible();
}

test('admin edits a scoring profile with a live worked example', async ({ page }) => {
  await login(page, ADMIN);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Profiluri de punctare' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profiluri de punctare' })).toBeVisible();
  await expect(page.locator('.scoring-item')).toHaveCount(10);
  await openOradea(page);

  const range = page.locator('.scoring-range').first();
  const grade = page.getByTestId('scoring-example-grade');
  // Start from the seeded rule (all-or-nothing): 70 right + 10 partial (0) + 10 wrong (0) of 100 → 7,00
  await range.getByLabel('Regula de punctare').selectOption('all_or_nothing');
  await expect(grade).toHaveText('7,00');
  // Partial credit m/k: the 10 half-answered grids earn 0.5 each → 75 → 7,50
  await range.getByLabel('Regula de punctare').selectOption('proportional_zero_on_wrong');
  await expect(grade).toHaveText('7,50');
  // The sample itself: 80 right (+ 10 partial) → 85 → 8,50
  await page.locator('.scoring-step').first().getByLabel('Corecte').fill('80');
  await expect(grade).toHaveText('8,50');
  await shoot(page, shots, 'scoring-admin');

  // A range that does not start at question 1: the shared schema's code, next to the field
  await range.getByLabel('De la întrebarea').fill('2');
  await expect(range.getByText('Primul interval trebuie să înceapă la întrebarea 1.')).toBeVisible();
  await expect(page.getByTestId('scoring-example-invalid')).toBeVisible();
  await expect(range.getByLabel('De la întrebarea')).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, shots, 'scoring-admin-error', '.scoring-range');
  await page.getByRole('button', { name: 'Salvează profilul' }).click();
  await expect(page.getByText('Profilul de punctare a fost salvat.')).toHaveCount(0);
  await range.getByLabel('De la întrebarea').fill('1');
  await expect(grade).toHaveText('8,50');

  await page.getByLabel('Anul metodologiei').fill('2025');
  await page.getByRole('button', { name: 'Salvează profilul' }).click();
  await expect(page.getByText('Profilul de punctare a fost salvat.')).toBeVisible();

  await page.reload();
  await expect(page.locator('.scoring-item', { hasText: 'Universitatea din Oradea' })).toContainText('sursa din 2025');
  await openOradea(page);
  await expect(page.locator('.scoring-range').first().getByLabel('Regula de punctare')).toHaveValue('proportional_zero_on_wrong');
  await expect(page.getByLabel('Anul metodologiei')).toHaveValue('2025');
  await expect(page.getByTestId('scoring-example-grade')).toHaveText('7,50'); // the default sample again

  // Put the seeded rule and year back for the other specs
  await page.locator('.scoring-range').first().getByLabel('Regula de punctare').selectOption('all_or_nothing');
  await page.getByLabel('Anul metodologiei').fill('');
  await page.getByRole('button', { name: 'Salvează profilul' }).click();
  await expect(page.getByText('Profilul de punctare a fost salvat.')).toBeVisible();
});

test('a non-admin cannot use the scoring editor', async ({ page }) => {
  await login(page);
  await page.goto('/admin/punctare');
  await expect(page.getByText('Această acțiune este rezervată administratorilor.')).toBeVisible();
  await expect(page.getByRole('button', { name: ORADEA })).toHaveCount(0);
});
