// Partner account (issue 8 §6) in Chromium against a real OpenID provider (oidc-provider) started
// here on E2E_PARTNER_PORT, which the e2e server is configured with (playwright.config.ts): a new
// account connects the partner from /cont (signing in on the provider's own login form), a second
// browser signs in with the partner alone and lands in that account, sees it connected, disconnects.
import { test, expect, type Page } from './fixtures.ts';
import { registerAccount } from './helpers.ts';
import { E2E_PARTNER, E2E_PARTNER_PORT, E2E_PORT } from './env.ts';
import { startPartner, type LocalPartner } from '../tests/server/fixtures/partner-provider.ts';

let partner: LocalPartner;
test.beforeAll(async () => {
  partner = await startPartner(`http://127.0.0.1:${E2E_PORT}/conectare/partener`, {
    port: E2E_PARTNER_PORT,
    clientId: E2E_PARTNER.clientId,
    clientSecret: E2E_PARTNER.clientSecret,
  });
});
test.afterAll(async () => {
  await partner?.close();
});

/** The provider's development login form, then its consent form. */
async function signInAtPartner(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${E2E_PARTNER_PORT}/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('orice');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function shots(page: Page, path: string, name: string): Promise<void> {
  const dir = process.env.PARTNER_SHOTS;
  if (!dir) return;
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (const theme of ['light', 'dark'] as const) {
    if (token) await page.request.put('/api/v1/user/theme', { headers: { authorization: `Bearer ${token}` }, data: { theme } });
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await page.waitForTimeout(800);
      const target = page.locator('#partener');
      if (await target.count()) await target.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/${name}-${width}-${theme}.png` });
    }
  }
  if (token) await page.request.put('/api/v1/user/theme', { headers: { authorization: `Bearer ${token}` }, data: { theme: 'light' } });
}

test('connect the partner on /cont, sign in with it in another browser, see it connected, disconnect', async ({ page, newContext }) => {
  test.slow();
  const sub = `e2e-${Date.now()}`;
  partner.accounts.set(sub, { email: `partener.${Date.now()}@exemplu.ro`, email_verified: true, name: 'Paul Partenerescu' });

  await registerAccount(page, 'Paul Partenerescu');
  await page.goto('/cont');
  const section = page.locator('#partener');
  await expect(section.getByRole('heading', { name: 'Contul partener' })).toBeVisible();
  await shots(page, '/cont', 'cont-neconectat');
  await section.getByRole('button', { name: 'Conectează Partener Test' }).click();
  await signInAtPartner(page, sub);
  await expect(page).toHaveURL(/\/cont#partener$/);
  await expect(page.getByText('Contul partener a fost conectat.')).toBeVisible();
  await expect(section.getByTestId('partner-connected')).toContainText('Contul tău este conectat cu Partener Test');
  // SPEC §6: no password change while connected.
  await expect(page.locator('#parola')).toContainText('nu');
  await expect(page.locator('#parola').getByRole('button', { name: 'Schimbă parola' })).toHaveCount(0);

  // Another browser, nobody signed in: "Continuă cu Partener Test" opens the same account.
  const other = await newContext();
  const second = await other.newPage();
  await second.goto('/conectare');
  await shots(second, '/conectare', 'conectare');
  await second.getByRole('button', { name: 'Continuă cu Partener Test' }).click();
  await signInAtPartner(second, sub);
  await expect(second).not.toHaveURL(/\/conectare/);
  await second.goto('/cont');
  await expect(second.getByRole('textbox', { name: 'Nume complet' })).toHaveValue('Paul Partenerescu');
  const connected = second.locator('#partener');
  await expect(connected.getByTestId('partner-connected')).toBeVisible();
  await shots(second, '/cont', 'cont-conectat');

  await connected.getByRole('button', { name: 'Deconectează Partener Test' }).click();
  await connected.getByRole('button', { name: 'Da, deconectează' }).click();
  await expect(second.getByText('Contul partener a fost deconectat.')).toBeVisible();
  await expect(connected.getByRole('button', { name: 'Conectează Partener Test' })).toBeVisible();
  await expect(second.locator('#parola').getByRole('button', { name: 'Schimbă parola' })).toBeVisible();
});

test('sign up with the partner from /inregistrare: a new account, its address already confirmed', async ({ page }) => {
  const sub = `nou-${Date.now()}`;
  partner.accounts.set(sub, { email: `nou.${Date.now()}@exemplu.ro`, email_verified: true, name: 'Petra Nouă' });
  await page.goto('/inregistrare');
  await page.getByRole('button', { name: 'Continuă cu Partener Test' }).click();
  await signInAtPartner(page, sub);
  await expect(page).not.toHaveURL(/\/(inregistrare|conectare)/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = await page.request.get('/api/v1/user', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  const user = (await me.json()).user as { name: string; email_verified_at: string | null };
  expect(user.name).toBe('Petra Nouă');
  expect(user.email_verified_at).toBeTruthy();
});

test('a sign-in cancelled at the partner changes nothing', async ({ page }) => {
  await page.goto('/conectare/partener?error=access_denied&state=x');
  await expect(page.getByText('Conectarea a fost anulată la partener. Nu s-a schimbat nimic.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Înapoi la conectare' })).toBeVisible();
});
