// Server-rendered public pages (issue 12 §1): complete HTML without JavaScript, hydration without
// errors or a second API call, true grid counts (issue 11 §4.10), figures with their size.
import { test, expect, type Page } from './fixtures.ts';

const CHAPTER = '/cursuri/biologie-xi/sistemul-nervos';

test('without JavaScript a chapter page has its text, headings, table or figure, count and SEO tags', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const res = await page.goto(CHAPTER);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Sistemul nervos' })).toBeVisible();
  await expect(page.locator('.chapter-body h2').first()).toBeVisible();
  expect(await page.locator('.chapter-body h2').count()).toBeGreaterThan(2);
  await expect(page.locator('.chapter-body p').first()).not.toBeEmpty();
  const img = page.locator('.chapter-body img').first();
  await expect(img).toHaveAttribute('width', /^\d+$/);
  await expect(img).toHaveAttribute('height', /^\d+$/);
  // 18 published grids, 3 of them premium: a visitor is told how many are free.
  await expect(page.locator('.chapter-header__meta')).toContainText('15 grile gratuite + 3 premium');
  await expect(page.locator('.chapter-header__meta a')).toHaveAttribute('href', '/cont/premium');
  await expect(page).toHaveTitle('Sistemul nervos — Biologie clasa a XI-a | Grilio');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${CHAPTER}$`));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Sistemul nervos/);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /.{20,}/);
  // Tables are server-rendered too (a chapter with one).
  await page.goto('/cursuri/biologie-xi/analizatorii');
  await expect(page.locator('.chapter-body h2').first()).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/cursuri');
  await expect(page.getByRole('link', { name: /Biologie clasa a XI-a/ }).first()).toBeVisible();
  await context.close();
});

async function hydrates(page: Page, path: string): Promise<void> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const courseCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/courses')) courseCalls.push(r.url());
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Hydrated: a link navigates inside the app (the marker survives, no new document).
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.getByRole('banner').getByRole('link', { name: 'Despre noi' }).click();
  await expect(page).toHaveURL(/\/despre-noi$/);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
  expect(errors, `console errors on ${path}`).toEqual([]);
  // The embedded data was enough: no course API call for the page the server rendered.
  expect(courseCalls, `course API calls on ${path}`).toEqual([]);
}

for (const path of ['/', '/cursuri', '/cursuri/biologie-xi', CHAPTER, '/faqs']) {
  test(`${path} hydrates without console errors or a second data call`, async ({ page }) => {
    await hydrates(page, path);
  });
}

test('a premium account sees the whole count, a free one the free and premium split', async ({ page }) => {
  const { login, PREMIUM } = await import('./helpers.ts');
  await login(page, PREMIUM);
  await page.goto(CHAPTER);
  await expect(page.locator('.chapter-header__meta')).toHaveText('18 grile');
});
