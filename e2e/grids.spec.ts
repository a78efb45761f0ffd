// Grids: add a grid and find it under "Grilele mele"; favourites add/remove.
import { test, expect, type Page } from './fixtures.ts';
import { login } from './helpers.ts';

async function addGrid(page: Page, statement: string) {
  await page.goto('/teste/adauga-grila');
  await expect(page.getByRole('heading', { level: 1, name: 'Adaugă o grilă' })).toBeVisible();
  await page
    .getByLabel('Manual')
    .selectOption({ label: 'Biologie clasa a XI-a — Anatomia și fiziologia omului' });
  const chapter = page.getByLabel('Capitol', { exact: true });
  await expect(chapter).toBeEnabled();
  await chapter.selectOption({ label: 'Sistemul nervos' });
  await page.getByLabel('Enunț').fill(statement);
  for (const [l, text] of [
    ['A', 'neuronul'],
    ['B', 'nefronul'],
    ['C', 'alveola'],
    ['D', 'hepatocitul'],
    ['E', 'osteonul'],
  ]) {
    await page.getByLabel(`Varianta ${l}`, { exact: true }).fill(text);
  }
  await page.getByLabel('A este corectă').check();
  await page
    .getByRole('textbox', { name: 'Explicație (opțional)' })
    .fill('Neuronul este unitatea structurală a sistemului nervos.');
  await page.getByLabel('greu', { exact: true }).check();
  await page.getByRole('button', { name: 'Adaugă grila' }).click();
  await expect(page).toHaveURL(/\/teste\/grilele-mele$/);
}

test('the form checks the grid before sending', async ({ page }) => {
  await login(page);
  await page.goto('/teste/adauga-grila');
  await page.getByRole('button', { name: 'Adaugă grila' }).click();
  await expect(page.getByText('Introdu enunțul grilei.')).toBeVisible();
  await expect(page).toHaveURL(/\/teste\/adauga-grila/);
});

test('add a grid, find it under my grids, favourite it and remove it', async ({ page }) => {
  await login(page);
  const statement = `Unitatea structurală și funcțională a sistemului nervos este ${Date.now()}:`;
  await addGrid(page, statement);
  const card = page.locator('.grid-view', { hasText: statement });
  await expect(card).toBeVisible();
  await expect(page.locator('.my-grid', { hasText: statement })).toContainText('În verificare');

  await card.getByRole('button', { name: 'Adaugă la favorite' }).click();
  await expect(page.getByText('Grila a fost adăugată la favorite.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Scoate de la favorite' })).toBeVisible();

  await page.goto('/favorite');
  const fav = page.locator('.grid-view', { hasText: statement });
  await expect(fav).toBeVisible();
  await expect(page.getByRole('link', { name: 'Începe un test din favorite' })).toHaveAttribute(
    'href',
    '/teste/start?only_favorites=1',
  );
  await fav.getByRole('button', { name: 'Scoate de la favorite' }).click();
  await expect(page.getByText('Grila a fost scoasă de la favorite.')).toBeVisible();
  await expect(fav).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.grid-view', { hasText: statement })).toHaveCount(0);
});

test('edit and delete an own grid', async ({ page }) => {
  await login(page);
  const statement = `Grilă de modificat și șters ${Date.now()}, enunț destul de lung:`;
  await addGrid(page, statement);
  const item = page.locator('.my-grid', { hasText: statement });
  await item.getByRole('link', { name: 'Modifică' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modifică grila' })).toBeVisible();
  await expect(page.getByLabel('Enunț')).toHaveValue(statement);
  await page.getByLabel('Enunț').fill(`${statement} modificat`);
  await page.getByRole('button', { name: 'Salvează modificările' }).click();
  await expect(page).toHaveURL(/\/teste\/grilele-mele$/);
  const edited = page.locator('.my-grid', { hasText: `${statement} modificat` });
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: 'Șterge' }).click();
  await edited.getByRole('button', { name: 'Da, șterge grila' }).click();
  await expect(page.getByText('Grila a fost ștearsă.')).toBeVisible();
  await expect(page.locator('.my-grid', { hasText: statement })).toHaveCount(0);
});

test('public grid preview shows sample grids and rejects a bad link', async ({ page }) => {
  await page.goto('/teste/grile/preview');
  await expect(page.getByRole('heading', { level: 1, name: 'Grile de încercare' })).toBeVisible();
  await expect(page.locator('.grid-view').first()).toBeVisible();
  await page.goto('/teste/grile/preview?grid=1&expires=9999999999&signature=gresit');
  await expect(page.getByText('Linkul de previzualizare nu este valid.')).toBeVisible();
});
