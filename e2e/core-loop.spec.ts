// Issue 11 §4 (core loop) on screen: the score per centre on a phone, the 'Estimare' label, the
// first invalid field of a form, and correcting a mistyped address on /verifica-email.
import { test, expect, type Page } from './fixtures.ts';
import { dismissOverlays, login, mailLink } from './helpers.ts';

const PHONE = { width: 390, height: 844 };

async function api(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: object) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.fetch(`/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** A finished 5-grid test made through the API (the solve screen has its own specs). */
async function finishedTest(page: Page): Promise<string> {
  const { manuals } = (await api(page, 'GET', '/courses')) as { manuals: { id: number }[] };
  const created = await api(page, 'POST', '/tests', {
    manual_id: manuals[0]!.id,
    chapter_ids: [],
    count: 5,
    mode: 'exam',
  });
  const id = created.test.id as string;
  const grids = (await api(page, 'GET', `/tests/${id}`)).grids as { id: number }[];
  for (const g of grids)
    await api(page, 'PUT', `/tests/${id}/answers/${g.id}`, { id: crypto.randomUUID(), marked: ['A'] });
  await api(page, 'POST', `/tests/${id}/finish`);
  return id;
}

test('score per centre is readable at 390 px and unconfirmed centres read "Estimare"', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page);
  const id = await finishedTest(page);
  await page.goto(`/teste/${id}/rezultate`);
  await dismissOverlays(page);
  await expect(page.getByText('Rezultat confirmat de server')).toBeVisible();
  const table = page.locator('.by-center table');
  await expect(table).toBeVisible();

  // Every header on one line and not clipped: no header cell narrower than its word.
  const headers = await table.locator('thead th').evaluateAll((cells) =>
    cells.map((c) => {
      const range = document.createRange();
      range.selectNodeContents(c);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return { text: c.textContent, scroll: c.scrollWidth, client: c.clientWidth, lines: lines.size };
    }),
  );
  expect(headers.map((h) => h.text)).toEqual(['Centru', 'Punctaj', 'Nota']);
  for (const h of headers) {
    expect(h.scroll, h.text ?? '').toBeLessThanOrEqual(h.client + 1);
    expect(h.lines, h.text ?? '').toBe(1);
  }
  // The values ('12,5 / 30') stay on one line too.
  const values = await table.locator('tbody td').evaluateAll((cells) =>
    cells.map((c) => {
      const range = document.createRange();
      range.selectNodeContents(c);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }),
  );
  expect(values.length).toBeGreaterThan(0);
  expect(values.every((n) => n === 1)).toBe(true);
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // Centres whose rules are not confirmed are labelled as an estimate, with the reason.
  const timisoara = table.locator('tbody tr').filter({ hasText: 'Timișoara' });
  await expect(timisoara.getByText('Estimare')).toHaveCount(0);
  const cluj = table.locator('tbody tr').filter({ hasText: 'Cluj-Napoca' });
  await expect(cluj.getByText('Estimare')).toBeVisible();
  await expect(page.locator('#centers-estimate')).toContainText('nu sunt confirmate');
});

test('an empty add-grid form at 390 px focuses and shows its first error', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page);
  await page.goto('/teste/adauga-grila');
  await dismissOverlays(page);
  const submit = page.locator('form.form button[type=submit]');
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  // The first invalid field in the form's order is on screen with its error. It is the chapter,
  // locked until a manual is chosen, so the manual select (which unlocks it) has the focus.
  const first = page.locator('form.form [aria-invalid="true"]').first();
  await expect(first).toHaveAttribute('name', 'chapter_id');
  await expect(page.getByLabel('Manual', { exact: true })).toBeFocused();
  await expect(first).toBeInViewport();
  const errorId = (await first.getAttribute('aria-describedby'))?.split(' ').pop() ?? '';
  expect(errorId).not.toBe('');
  await expect(page.locator(`[id="${errorId}"]`)).toBeInViewport();

  // With manual and chapter chosen, the statement is the first error: it has the focus, on screen.
  await page.getByLabel('Manual', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Capitol', { exact: true }).selectOption({ index: 1 });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  const statement = page.getByLabel('Enunț');
  await expect(statement).toBeFocused();
  await expect(statement).toBeInViewport();
});

test('a mistyped address is corrected on /verifica-email and the new one confirmed', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  const stamp = Date.now();
  const typo = `ana.${stamp}@exmplu.ro`;
  const fixed = `ana.${stamp}@exemplu.ro`;
  await page.goto('/inregistrare');
  await dismissOverlays(page);
  await page.getByLabel('Nume complet').fill('Ana Marinescu');
  await page.getByLabel('Email').fill(typo);
  await page.getByLabel('Parola', { exact: true }).fill('parola-buna-123');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Creează contul' }).click();
  await expect(page).toHaveURL(/\/verifica-email/);
  await expect(page.getByText(typo)).toBeVisible();

  await page.getByRole('button', { name: 'Corectează adresa de email' }).click();
  await page.getByLabel('Adresa corectă').fill(fixed);
  await page.getByLabel('Parola contului').fill('parola-buna-123');
  await page.getByRole('button', { name: 'Schimbă adresa și retrimite linkul' }).click();
  // Still on the page, now showing the corrected address.
  await expect(page).toHaveURL(/\/verifica-email/);
  await expect(page.locator('.form-page__lead')).toContainText(fixed);

  // The new confirmation arrives in the outbox for the corrected address and confirms the account.
  const link = await mailLink(fixed, '/confirma-email');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(/confirmat/i).first()).toBeVisible();
  await page.goto('/teste');
  await expect(page).toHaveURL(/\/inca-un-pas/);
  // One or more manuals (issue 32 §5): the first is enough here.
  await page.getByRole('group', { name: 'Manualele după care înveți' }).getByRole('checkbox').first().check();
  await page.getByLabel('Specializarea').selectOption({ index: 1 });
  await page.getByLabel('Centrul universitar').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Salvează și începe' }).click();
  await expect(page).toHaveURL(/\/teste$/);
});

test('small slips of §4.11: review button clear of its link, Romanian file picker, "Recomandări", abandoned test navigation', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await login(page);

  // The review card with grids due (the queue is the server's; only its numbers are set here).
  await page.route('**/api/v1/review', (route) =>
    route.fulfill({ json: { due_count: 3, due_today: 3, total_cards: 3, next_due: null } }),
  );
  await page.goto('/teste');
  const reviewButton = page.getByRole('button', { name: 'Recapitulează 3 grile' });
  await expect(reviewButton).toBeVisible();
  const button = (await reviewButton.boundingBox())!;
  const link = (await page.getByRole('link', { name: 'Despre recapitulare' }).boundingBox())!;
  expect(link.y - (button.y + button.height)).toBeGreaterThanOrEqual(8);
  await page.unroute('**/api/v1/review');

  // The file inputs show a Romanian button, not the browser's 'Choose File'.
  await page.goto('/cont');
  await expect(page.getByText('Alege o poză')).toBeVisible();
  await expect(page.getByText('Niciun fișier ales')).toBeVisible();
  const native = (await page.locator('input[type="file"]').first().boundingBox()) ?? { width: 0, height: 0 };
  expect(native.width * native.height).toBeLessThanOrEqual(1);

  await page.goto('/setari/referrali');
  await expect(page).toHaveTitle(/^Recomandări \| /);

  // An abandoned test offers the way on.
  const { manuals } = (await api(page, 'GET', '/courses')) as { manuals: { id: number }[] };
  const created = await api(page, 'POST', '/tests', { manual_id: manuals[0]!.id, chapter_ids: [], count: 2, mode: 'exam' });
  await api(page, 'POST', `/tests/${created.test.id as string}/abandon`);
  await page.goto(`/teste/${created.test.id as string}`);
  await expect(page.getByRole('heading', { name: 'Test abandonat' })).toBeVisible();
  const onward = page.getByRole('navigation', { name: 'Mai departe' });
  await expect(onward.getByRole('link')).toHaveText(['Test nou', 'Istoric teste', 'Înapoi la teste']);
  await onward.getByRole('link', { name: 'Test nou' }).click();
  await expect(page).toHaveURL(/\/teste\/start$/);
});
