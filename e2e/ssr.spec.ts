// Server-rendered public pages (issue 12 §1): complete HTML without JavaScript, no second API call,
// true grid counts (issue 11 §4.10), figures with their size; for a visitor the pages to read stay
// the server's HTML with live islands, otherwise the app hydrates without errors (issue 24 §1).
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
  // A visitor is sent to the public offer: the account's premium page needs an account (issue 32 §5).
  await expect(page.locator('.chapter-header__meta a')).toHaveAttribute('href', '/intra-in-familie');
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

function watch(page: Page): { errors: string[]; requests: string[] } {
  const seen = { errors: [] as string[], requests: [] as string[] };
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(m.text());
  });
  page.on('pageerror', (e) => seen.errors.push(e.message));
  page.on('request', (r) => seen.requests.push(new URL(r.url()).pathname));
  return seen;
}

/** The two module lists of the page's boot loader (src/shared/boot-loader.ts). */
async function bootLists(page: Page): Promise<{ app: string[]; islands?: string[] }> {
  return JSON.parse((await page.locator('#boot-modules').textContent())!) as { app: string[]; islands?: string[] };
}

async function followsInApp(page: Page): Promise<boolean> {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.getByRole('banner').getByRole('link', { name: 'Despre noi' }).click();
  await expect(page).toHaveURL(/\/despre-noi$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return (await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)) === true;
}

// Issue 24 §1: a page to read stays the server's HTML for a visitor. None of the app's modules
// (React, the router, the page's module) is loaded; its islands are wired; a link loads its page
// from the server; and nothing asks the API again for what the page shows.
for (const path of ['/', '/cursuri', '/cursuri/biologie-xi', CHAPTER, '/faqs']) {
  test(`${path}: a visitor gets the server's page and its islands, not the app`, async ({ page }) => {
    const seen = watch(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.boot)).toBe('islands');
    const lists = await bootLists(page);
    expect(lists.islands?.length).toBeGreaterThan(0);
    const appOnly = lists.app.filter((m) => !lists.islands!.includes(m));
    expect(appOnly.length).toBeGreaterThan(2);
    expect(seen.requests.filter((r) => appOnly.includes(r)), `app modules loaded on ${path}`).toEqual([]);
    expect(seen.requests.filter((r) => r.startsWith('/api/v1/courses')), `course API calls on ${path}`).toEqual([]);
    expect(await followsInApp(page)).toBe(false);
    expect(seen.errors, `console errors on ${path}`).toEqual([]);
  });
}

test('a page to read, signed in on this device: the whole app hydrates, without errors', async ({ page }) => {
  const { login } = await import('./helpers.ts');
  await login(page);
  for (const path of ['/cursuri', CHAPTER]) {
    const seen = watch(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.dataset.boot)).toBeUndefined();
    expect(await followsInApp(page)).toBe(true);
    expect(seen.errors, `console errors on ${path}`).toEqual([]);
  }
});

test('a public page that is not only to read (/contact) hydrates for a visitor, without errors', async ({ page }) => {
  const seen = watch(page);
  await page.goto('/contact');
  await page.waitForLoadState('networkidle');
  expect(Object.keys(await bootLists(page))).toEqual(['app']);
  expect(await followsInApp(page)).toBe(true);
  expect(seen.errors).toEqual([]);
});

test('on a phone, the unhydrated header opens its menu, and the first tap on the theme switch is not lost', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(CHAPTER);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.boot)).toBe('islands');
  const menu = page.locator('.site-header__menu');
  await expect(page.getByRole('navigation', { name: 'Navigare site' })).toBeHidden();
  await page.getByRole('button', { name: 'Meniul site-ului' }).click();
  await expect(page.getByRole('navigation', { name: 'Navigare site' })).toBeVisible();
  expect(await menu.evaluate((el) => el.matches(':popover-open'))).toBe(true);
  const before = await page.evaluate(() => document.documentElement.dataset.theme);
  const toggle = page.getByRole('switch', { name: 'Temă întunecată' });
  await toggle.click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).not.toBe(before);
  await expect(toggle).toHaveAttribute('aria-checked', String(before === 'light'));
  // Escape closes the menu (the popover's own behaviour).
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Navigare site' })).toBeHidden();
});

// Issue 24 §1: a reader who only reads runs no script while the page loads. The visitor's code
// comes at the first sign of a person (here a scroll) or a few seconds after the load.
test('a visitor who does nothing yet has no script of the page running; a scroll brings the islands', async ({ page }) => {
  const seen = watch(page);
  await page.goto(CHAPTER);
  await page.waitForLoadState('load');
  await page.waitForTimeout(1000);
  expect(seen.requests.filter((r) => r.startsWith('/assets/') && r.endsWith('.js'))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.dataset.boot)).toBeUndefined();
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.boot)).toBe('islands');
  expect(seen.errors).toEqual([]);
});

test('a tap on the theme switch made before the visitor code has arrived is held, then replayed', async ({ page }) => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/visitor-[^/]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(CHAPTER);
  const before = await page.evaluate(() => document.documentElement.dataset.theme);
  const toggle = page.getByRole('switch', { name: 'Temă întunecată' });
  await toggle.click();
  expect(await page.evaluate(() => document.documentElement.dataset.boot)).toBeUndefined();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(before);
  release();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).not.toBe(before);
  await expect(toggle).toHaveAttribute('aria-checked', String(before === 'light'));
  expect(await page.evaluate(() => document.documentElement.dataset.boot)).toBe('islands');
});

test('a premium account sees the whole count, a free one the free and premium split', async ({ page }) => {
  const { login, PREMIUM } = await import('./helpers.ts');
  await login(page, PREMIUM);
  await page.goto(CHAPTER);
  await expect(page.locator('.chapter-header__meta')).toHaveText('18 grile');
});
