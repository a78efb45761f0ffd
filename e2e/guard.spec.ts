// Access guard (SPEC §4) and the 401 rule, in the browser.
import { test, expect } from './fixtures.ts';
import { DEMO, login } from './helpers.ts';

test('signed out: protected routes go to login with a redirect, static pages stay', async ({ page }) => {
  await page.goto('/favorite');
  await expect(page).toHaveURL(/\/conectare\?redirect=%2Ffavorite/);
  await page.goto('/despre-noi');
  await expect(page).toHaveURL(/\/despre-noi$/);
  await expect(page).toHaveTitle('Despre noi | Grilio');
});

test('login returns to the page asked for', async ({ page }) => {
  await page.goto('/statistici');
  await expect(page).toHaveURL(/\/conectare/);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Parola', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Conectează-te' }).click();
  await expect(page).toHaveURL(/\/statistici$/);
});

test('signed in: public auth pages and finished steps go to /cont/premium; static pages stay', async ({
  page,
}) => {
  await login(page);
  await page.goto('/conectare');
  await expect(page).toHaveURL(/\/cont\/premium$/);
  await page.goto('/inca-un-pas');
  await expect(page).toHaveURL(/\/cont\/premium$/);
  await page.goto('/verifica-email');
  await expect(page).toHaveURL(/\/cont\/premium$/);
  await page.goto('/faqs');
  await expect(page).toHaveURL(/\/faqs$/);
  await page.goto('/recuperare-parola');
  await expect(page).toHaveURL(/\/recuperare-parola$/);
});

test('unverified email → /verifica-email; incomplete profile → /inca-un-pas', async ({ page, request }) => {
  const email = `guard.${Date.now()}@exemplu.ro`;
  const res = await request.post('/api/v1/auth/register', {
    data: { name: 'Dan Pop', email, password: 'parola-buna-123', terms: true },
  });
  const { token } = (await res.json()) as { token: string };
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/teste');
  await expect(page).toHaveURL(/\/verifica-email$/);
  await page.evaluate(() => localStorage.setItem('email-verified', '1'));
  await page.goto('/teste');
  await expect(page).toHaveURL(/\/(inca-un-pas|verifica-email)$/);
});

test('a 401 in the middle of a session clears the token and goes to login', async ({ page, request }) => {
  await login(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  // Revoke the session from outside, as a password reset elsewhere would.
  await request.post('/api/v1/logout', { headers: { authorization: `Bearer ${token}` } });
  await page.goto('/statistici');
  await expect(page).toHaveURL(/\/conectare\?redirect=%2Fstatistici/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('profile-completed'))).toBeNull();
});

test('unknown pages show the 404 page', async ({ page }) => {
  await page.goto('/pagina-care-nu-exista');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Pagina nu a fost găsită \| Grilio/);
});
