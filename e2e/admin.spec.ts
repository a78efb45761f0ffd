// Admin: the demo user reports a grid, the admin resolves it with a reply; preview links; gate.
import { test, expect } from './fixtures.ts';
import { ADMIN, login } from './helpers.ts';

test('a non-admin sees the admin-required text', async ({ page }) => {
  await login(page);
  await page.goto('/admin');
  await expect(page.getByText('Această acțiune este rezervată administratorilor.')).toBeVisible();
});

test('admin resolves a report made by the demo user', async ({ newContext }) => {
  const reason = `Varianta corectă pare să fie B, nu A (${Date.now()}).`;
  const demoContext = await newContext();
  const demo = await demoContext.newPage();
  await login(demo);
  // The demo user's own grid is the easiest one to reach with a GridView: write one, then report it.
  await demo.goto('/teste/adauga-grila');
  await demo.getByLabel('Manual').selectOption({ index: 1 });
  await expect(demo.getByLabel('Capitol', { exact: true })).toBeEnabled();
  await demo.getByLabel('Capitol', { exact: true }).selectOption({ index: 1 });
  const statement = `Grilă raportată în testul de administrare ${Date.now()}:`;
  await demo.getByLabel('Enunț').fill(statement);
  for (const l of ['A', 'B', 'C', 'D', 'E'])
    await demo.getByLabel(`Varianta ${l}`, { exact: true }).fill(`răspuns ${l}`);
  await demo.getByLabel('A este corectă').check();
  await demo.getByRole('button', { name: 'Adaugă grila' }).click();
  await expect(demo).toHaveURL(/grilele-mele/);
  const card = demo.locator('.grid-view', { hasText: statement });
  await card.getByRole('button', { name: 'Raportează o greșeală' }).click();
  const dialog = demo.getByRole('dialog');
  await dialog.getByLabel('Ce greșeală ai găsit?').fill('abc');
  await dialog.getByRole('button', { name: 'Trimite raportarea' }).click();
  await expect(dialog.getByText('Motivul trebuie să aibă cel puțin 5 caractere.')).toBeVisible();
  await dialog.getByLabel('Ce greșeală ai găsit?').fill(reason);
  await dialog.getByRole('button', { name: 'Trimite raportarea' }).click();
  await expect(demo.getByText('Mulțumim! Am primit raportarea și o verificăm.')).toBeVisible();
  await demoContext.close();

  const adminContext = await newContext();
  const admin = await adminContext.newPage();
  await login(admin, ADMIN);
  await admin.goto('/admin/raportari');
  await expect(admin.getByRole('heading', { level: 1, name: 'Raportări' })).toBeVisible();
  const item = admin.locator('.report-item', { hasText: reason });
  await expect(item).toBeVisible();
  await expect(item).toContainText('elev@grilio.ro');
  await item.getByRole('button', { name: 'Editează grila' }).click();
  await expect(item.getByRole('group', { name: /Editează grila/ })).toBeVisible();
  await item.getByLabel('Răspuns pentru utilizator (opțional)').fill('Mulțumim, am corectat grila.');
  await item.getByRole('button', { name: 'Marchează rezolvat' }).click();
  await expect(admin.getByText('Raportarea a fost rezolvată.')).toBeVisible();
  await expect(admin.locator('.report-item', { hasText: reason })).toHaveCount(0);
});

test('admin creates a preview link that opens the grid', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page, ADMIN);
  await page.goto('/admin');
  await page.getByLabel('ID-ul grilei').fill('1');
  await page.getByRole('button', { name: 'Creează linkul' }).click();
  const url = await page.getByRole('textbox', { name: 'Link de previzualizare' }).inputValue();
  expect(url).toContain('/teste/grile/preview?grid=1');
  await page.getByRole('button', { name: 'Copiază linkul' }).click();
  await expect(page.getByText('Textul a fost copiat.')).toBeVisible();
  await page.goto(url.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { level: 1, name: 'Previzualizare grilă' })).toBeVisible();
  await expect(page.getByText('Răspuns corect:')).toBeVisible();
});

test('admin content: chapter blocks are checked before saving', async ({ page }) => {
  await login(page, ADMIN);
  await page.goto('/admin/continut');
  await page.getByLabel('Manual', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Capitol', { exact: true }).selectOption({ index: 1 });
  const blocks = page.getByLabel('Blocuri (JSON)');
  await expect(blocks).toHaveValue(/"type"/);
  await blocks.fill('[{"type":"h9","text":"x"}]');
  await page.getByRole('button', { name: 'Salvează capitolul' }).click();
  await expect(page.getByText(/type trebuie să fie unul dintre/)).toBeVisible();
});

test('the content-quality queue lists a reported grid beside its statistics, and recomputes them', async ({ newContext }) => {
  const demoContext = await newContext();
  const demo = await demoContext.newPage();
  await login(demo);
  const headers = { authorization: `Bearer ${await demo.evaluate(() => localStorage.getItem('token'))}` };
  // The first demo grid (a fresh database: the e2e server starts on an empty data folder).
  const grid = await demo.request.get('/api/v1/grids/1', { headers });
  expect(grid.ok()).toBe(true);
  const statement = ((await grid.json()) as { grid: { statement: string } }).grid.statement;
  expect((await demo.request.post('/api/v1/grids/1/report', { headers, data: { reason: 'Cheia pare greșită la această grilă.' } })).ok()).toBe(true);
  await demoContext.close();

  const adminContext = await newContext();
  const admin = await adminContext.newPage();
  await login(admin, ADMIN);
  await admin.goto('/admin');
  await admin.getByRole('link', { name: 'Calitatea grilelor' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Calitatea grilelor' })).toBeVisible();
  const item = admin.locator('.quality-item', { hasText: statement });
  await expect(item).toContainText('1 raportare deschisă');
  await admin.getByRole('button', { name: 'Recalculează acum' }).click();
  await expect(admin.getByText('Statisticile grilelor au fost recalculate.')).toBeVisible();
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: 'Editează grila' }).click();
  await expect(item.getByRole('group', { name: /Editează grila/ })).toBeVisible();
  if (process.env.QUALITY_SHOTS) {
    for (const theme of ['light', 'dark'] as const) {
      await admin.emulateMedia({ colorScheme: theme });
      for (const width of [390, 1280]) {
        await admin.setViewportSize({ width, height: 900 });
        await admin.screenshot({ path: `${process.env.QUALITY_SHOTS}/quality-${width}-${theme}.png` });
      }
    }
  }
});
