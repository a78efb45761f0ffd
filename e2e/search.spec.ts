// Search from the top bar (issue 30 §3): Romanian-aware results with marked words, a paragraph
// opening its chapter there, a grid opening alone to be solved, a premium grid locked for a free
// account, an empty result said, and the phone's search field opened and closed from the keyboard.
// SEARCH_SHOTS=<dir> takes the screenshots at 390/1280, light and dark.
import { test, expect } from './fixtures.ts';
import { login, shoot } from './helpers.ts';

const SHOTS = process.env.SEARCH_SHOTS;

test('search from the top bar: a chapter paragraph, a grid to solve, a locked premium grid, nothing found, the phone\'s search field', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page);
  const box = page.getByRole('search', { name: 'Caută în grile și capitole' });
  await box.getByRole('searchbox', { name: 'Caută în grile și capitole' }).fill('NEFRON rinichí');
  await box.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/\/cautare\?q=NEFRON/);
  await expect(page.locator('.search-page__status')).toContainText('Pentru „NEFRON rinichí”');
  const grids = page.getByRole('region', { name: 'Grile' }).getByRole('listitem');
  await expect(grids.first()).toBeVisible();
  await expect(page.locator('.search-hit mark').first()).toHaveText(/^(nefron|rinichi)/i);
  await shoot(page, SHOTS, 'search-results');

  // A new query typed on the results page: its results, then the address; Back brings the last
  // query's results and its words back into the field.
  const again = page.getByRole('search', { name: 'Caută din nou' }).getByRole('searchbox');
  await again.fill('ansa henle');
  await again.press('Enter');
  await expect(page.locator('.search-page__status')).toContainText('Pentru „ansa henle”');
  await expect(page).toHaveURL(/\/cautare\?q=ansa%20henle$/);
  await expect(again).toHaveValue('ansa henle');
  await page.goBack();
  await expect(page.locator('.search-page__status')).toContainText('Pentru „NEFRON rinichí”');
  await expect(again).toHaveValue('NEFRON rinichí');
  await page.goForward();
  await expect(page.locator('.search-page__status')).toContainText('Pentru „ansa henle”');
  await page.goBack();
  await expect(page.locator('.search-page__status')).toContainText('Pentru „NEFRON rinichí”');

  // A paragraph opens its chapter scrolled to it and focused.
  await page.setViewportSize({ width: 1280, height: 900 });
  const passage = page.getByRole('region', { name: 'Din capitole' }).getByRole('link').first();
  const href = await passage.getAttribute('href');
  expect(href).toMatch(/^\/ai\/cursuri\/biologie-xi\/excretia#p-\d+$/);
  await passage.click();
  const target = page.locator(`#${href!.split('#')[1]}`);
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();
  await expect(target).toContainText(/nefron|rinichi/i);
  await shoot(page, SHOTS, 'search-chapter-paragraph', `#${href!.split('#')[1]}`);
  await page.setViewportSize({ width: 1280, height: 900 });

  // A grid opens alone; "Rezolvă grila" makes a one-grid test and opens it.
  await page.goBack();
  await page.getByRole('region', { name: 'Grile' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grilă găsită' })).toBeVisible();
  await page.getByRole('button', { name: /Rezolvă grila|Rezolv-o din nou/ }).click();
  await expect(page).toHaveURL(/\/teste\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Grila 1 din 1' })).toBeVisible();
  // Answered, the grid found again says so and shows its answer and explanation on request.
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Confirmă răspunsul' }).click();
  await expect(page.getByText('Răspuns salvat')).toBeVisible();
  await page.goto('/cautare?q=morfofunctionala%20rinichi');
  const found = page.getByRole('region', { name: 'Grile' }).getByRole('listitem').first();
  await expect(found).toContainText('Rezolvată deja');
  await found.getByRole('link').click();
  await page.getByRole('button', { name: 'Arată răspunsul' }).click();
  await expect(page.locator('.grid-view')).toContainText(/nefron/i);

  // A premium grid is found, locked, with the way to premium; no statement text shows.
  await page.goto('/cautare?q=sudoripare');
  const locked = page.locator('.search-hit--locked').first();
  await expect(locked.getByRole('link', { name: /Grilă Premium .* deblochează cu Premium/ })).toHaveAttribute('href', '/cont/premium');
  await expect(page.locator('.search-page')).not.toContainText('postganglionare');
  await shoot(page, SHOTS, 'search-locked');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/cautare?q=zzqqxxw');
  await expect(page.locator('.search-page__status')).toHaveText('Nu am găsit nimic pentru „zzqqxxw”. Încearcă alte cuvinte sau doar începutul lor.');
  // On a phone the search opens over the top bar from its button; Escape closes it and gives focus back.
  await page.setViewportSize({ width: 390, height: 800 });
  const open = page.getByRole('button', { name: 'Caută în grile și capitole' });
  await open.click();
  const field = page.getByRole('banner').getByRole('searchbox', { name: 'Caută în grile și capitole' });
  await expect(field).toBeFocused();
  // On the results page it holds the query: a first Escape empties it, a second closes it.
  await expect(field).toHaveValue('zzqqxxw');
  await field.press('Escape');
  await expect(field).toHaveValue('');
  await field.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(open).toBeFocused();
  await open.press('Enter');
  await page.getByRole('banner').getByRole('searchbox').fill('ansa henle');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cautare\?q=ansa%20henle/);
  await expect(page.locator('.search-page__status')).toContainText('Pentru „ansa henle”');
  await expect(page.locator('.search-hit mark', { hasText: /^Henle/ }).first()).toBeVisible();
});
