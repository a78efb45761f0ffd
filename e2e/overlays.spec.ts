// Overlays one at a time at phone width (issue 11 §6): a first-time visitor sees only the cookie
// banner; after the choice nothing piles up; the install banner waits until the app was used and
// never covers the solve screen; the same toast twice is one toast.
import { expect, test, type BrowserContext, type Page } from './fixtures.ts';
import { browserOffersInstall, dismissOverlays, login, PREMIUM } from './helpers.ts';

const PHONE = { width: 390, height: 844 };

// These tests are about the cookie banner among the others: no cookie choice made up front.
test.use({ cookieChoice: false });
/** The install banner waits this long for beforeinstallprompt before it shows at all. */
const INSTALL_GRACE_MS = 4500;

const cookieBanner = (page: Page) => page.getByRole('region', { name: 'Preferințe cookie-uri' });
const installBanner = (page: Page) => page.getByRole('region', { name: 'Instalează Grilio' });
/** Everything that sits over a page: banners at the bottom and modal dialogs, as seen (a page to
 *  read keeps the server's cookie banner in its HTML, hidden by CSS once the choice is made). */
const overlays = (page: Page) => page.locator('.cookie-banner, .install-banner, [role="dialog"]').filter({ visible: true });

async function phonePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  return page;
}

test('a first-time visitor sees only the cookie banner; after the choice nothing piles up; the second visit may offer the install', async ({
  context,
}) => {
  await browserOffersInstall(context);
  const page = await phonePage(context);
  await page.goto('/');
  await expect(cookieBanner(page)).toBeVisible();
  await page.waitForTimeout(INSTALL_GRACE_MS);
  await expect(installBanner(page)).toHaveCount(0);
  await expect(overlays(page)).toHaveCount(1);

  await cookieBanner(page).getByRole('button', { name: 'Doar esențiale' }).click();
  await expect(cookieBanner(page)).toHaveCount(0);
  // Still the first visit (a reload is not a new one): no install banner takes the cookie banner's place.
  await page.reload();
  await page.waitForTimeout(INSTALL_GRACE_MS);
  await expect(overlays(page)).toHaveCount(0);

  // A second visit (a new tab: a new browser session) counts as having used the app.
  const again = await phonePage(context);
  await again.goto('/');
  await expect(installBanner(again)).toBeVisible({ timeout: 15_000 });
  await expect(overlays(again)).toHaveCount(1);
});

test('the install banner never shows on the solve screen (it does on the tests hub)', async ({ page, context }) => {
  test.setTimeout(90_000);
  await browserOffersInstall(context);
  await page.setViewportSize(PHONE);
  await login(page, PREMIUM);
  await page.evaluate(() => {
    localStorage.setItem('cookiePreferences', '{"essential":true,"statistics":false}');
    localStorage.setItem('used-app', '1');
    localStorage.removeItem('hide-install-pwa');
  });
  await page.goto('/teste');
  await dismissOverlays(page);
  // Control: with the app used and no dismissal, the hub offers it…
  await expect(installBanner(page)).toBeVisible({ timeout: 15_000 });

  await page.goto('/teste/start');
  await page.getByLabel('Număr de grile').fill('2');
  await page.getByRole('button', { name: 'Începe testul' }).click();
  await expect(page).toHaveURL(/\/teste\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Grila 1 din 2' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: /Grila \d din 2/ })).toBeVisible();
  await page.waitForTimeout(INSTALL_GRACE_MS);
  // …the solve screen never does.
  await expect(installBanner(page)).toHaveCount(0);
});

test('the same toast triggered twice shows once', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, PREMIUM);
  await page.evaluate(() =>
    localStorage.setItem('cookiePreferences', '{"essential":true,"statistics":false}'),
  );
  await page.goto('/cont');
  await dismissOverlays(page);
  const name = page.getByLabel('Nume complet');
  await expect(name).not.toHaveValue('');
  const original = await name.inputValue();
  // Two real saves (the button needs a change): a changed name, then the original back.
  await name.fill(`${original} Test`);
  await page.getByRole('button', { name: 'Salvează numele' }).click();
  const toasts = page.locator('.toasts .toast');
  await expect(toasts).toHaveCount(1);
  const code = await toasts.first().getAttribute('data-code');
  // Hovering pauses the first toast's countdown, so it is surely still up when the same save runs again.
  await toasts.first().hover();
  await name.fill(original);
  await name.press('Enter');
  await expect(page.getByRole('button', { name: 'Salvează numele' })).toBeDisabled();
  await expect(name).toHaveValue(original);
  // The second save's toast refreshed the first instead of stacking under it.
  await page.waitForTimeout(800);
  await expect(toasts).toHaveCount(1);
  await expect(toasts.first()).toHaveAttribute('data-code', code!);
});
