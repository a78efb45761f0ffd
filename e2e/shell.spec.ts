// Shell behaviour: maintenance, theme and cookie choice across reloads, toast pause on hover.
import { test, expect } from './fixtures.ts';
import { login, maintenance } from './helpers.ts';

test.afterEach(() => maintenance('off'));

test('maintenance on → maintenance page → off → reload', async ({ page }) => {
  await page.goto('/conectare');
  await expect(page.getByRole('button', { name: 'Conectează-te' })).toBeVisible();
  maintenance('on');
  // The next API call answers 503: the whole app is replaced by the maintenance page.
  await page.getByLabel('Email').fill('elev@grilio.ro');
  await page.getByLabel('Parola', { exact: true }).fill('Grilio2026!');
  await page.getByRole('button', { name: 'Conectează-te' }).click();
  await expect(page.getByRole('heading', { name: /actualiz/i })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Platforma este în mentenanță' })).toBeVisible();
  const reload = page.getByRole('button', { name: /^Reîncarcă pagina/ });
  await reload.click();
  // Still in maintenance after the reload: the button waits out its 20 s cooldown.
  await expect(page.getByRole('heading', { name: /actualiz/i })).toBeVisible();
  await expect(page.getByRole('button', { name: /Reîncarcă pagina \(\d+s\)/ })).toBeDisabled();
  maintenance('off');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Conectează-te' })).toBeVisible();
});

test.describe('without a cookie choice', () => {
  test.use({ cookieChoice: false });

  test('the theme and the cookie choice survive a reload', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('button', { name: 'Doar esențiale' });
    await expect(banner).toBeVisible();
    await banner.click();
    await expect(banner).toBeHidden();
    const before = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.getByLabel('Temă întunecată').first().click();
    // On a page to read the switch comes alive at this first touch and then takes the click.
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).not.toBe(before);
    const after = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(after);
    await expect(page.getByRole('button', { name: 'Doar esențiale' })).toBeHidden();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cookiePreferences')))!)).toEqual({
      essential: true,
      statistics: false,
    });
  });
});

test('the theme chosen while signed in is saved on the server', async ({ page }) => {
  await login(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const before = await page.evaluate(() => document.documentElement.dataset.theme);
  await page.getByLabel('Temă întunecată').first().click();
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/v1/user', { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as { user: { theme: string } }).user.theme;
    })
    .not.toBe(before);
});

test('a toast pauses its countdown while hovered', async ({ page }) => {
  await page.goto('/conectare');
  await page.getByLabel('Email').fill('elev@grilio.ro');
  await page.getByLabel('Parola', { exact: true }).fill('Grilio2026!');
  await page.getByRole('button', { name: 'Conectează-te' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Te-ai conectat cu succes' }).first();
  await expect(toast).toBeVisible();
  await toast.hover();
  await page.waitForTimeout(3500); // longer than the 2680 ms default: only a paused toast is still here
  await expect(toast).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(toast).toBeHidden({ timeout: 6000 });
});
