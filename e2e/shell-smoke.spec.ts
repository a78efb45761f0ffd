// Smoke test of the shell pieces not covered by shell.spec.ts: home, navbar, partial-scores
// announcement (acknowledged once, on the server), logout.
import { expect, test } from '@playwright/test';
import { DEMO, login } from './helpers.ts';

test('home page and public header', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Acasă | Grilio');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('admiterea la medicină');
  await expect(page.getByRole('navigation', { name: 'Navigare site' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Creează cont gratuit' }).first()).toHaveAttribute('href', '/inregistrare');
});

test('navbar, partial-scores announcement and logout', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('cookiePreferences', '{"essential":true,"statistics":false}'));
  await login(page, DEMO, { acknowledgeAnnouncement: false });
  // Other specs acknowledge it for the shared demo account: start from "not acknowledged".
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.request.patch('/api/v1/user/acknowledged-info-banner', {
    headers: { authorization: `Bearer ${token}` },
    data: { value: false },
  });
  await page.goto('/cont/premium');
  // GET /user at start opens the announcement until the user acknowledges it.
  const dialog = page.getByRole('dialog', { name: 'Calcul Punctaje Parțiale' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Perfect, am înțeles!' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Navigare principală' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Contul meu' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Deconectare' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Te-ai deconectat')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
