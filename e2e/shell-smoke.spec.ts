// Smoke test of the shell pieces not covered by shell.spec.ts: home, navbar, partial-scores
// announcement (acknowledged once, on the server), logout.
import { expect, test } from './fixtures.ts';
import { DEMO, login } from './helpers.ts';

test('home page and public header', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Acasă | Grilio');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('admiterea la medicină');
  await expect(page.getByRole('navigation', { name: 'Navigare site' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Creează cont gratuit' }).first()).toHaveAttribute(
    'href',
    '/inregistrare',
  );
});

test('navbar and logout; the partial-scores announcement stays closed while simulations are not live', async ({
  page,
}) => {
  await login(page, DEMO, { acknowledgeAnnouncement: false });
  // Other specs acknowledge it for the shared demo account: start from "not acknowledged", the
  // state in which it used to open on every load, promising simulations that do not exist yet.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.request.patch('/api/v1/user/acknowledged-info-banner', {
    headers: { authorization: `Bearer ${token}` },
    data: { value: false },
  });
  await page.goto('/cont/premium');
  await expect(page.getByRole('navigation', { name: 'Navigare principală' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog', { name: 'Calcul Punctaje Parțiale' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Contul meu' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Deconectare' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Te-ai deconectat')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
