// Premium (issue 8) in Chromium on the sandbox provider: a new account buys a package with the
// 3-D Secure test card, authorises on our 3-D Secure page and sees premium (crown, days left), then
// cancels and keeps it to the period end; declined cards show their Romanian messages. Each test
// registers its own account, so the demo accounts stay as other specs expect them. The first checkout
// asks for the invoice's buyer first (issue 23 §2); PREMIUM_SHOTS=dir saves that step at 390 and
// 1280 px, light and dark.
import { test, expect } from './fixtures.ts';
import { registerAccount, payWithTestCard, shoot } from './helpers.ts';


test('buy a package with the 3-D Secure card, see premium, cancel and keep it to the period end', async ({ page }) => {
  test.slow();
  await registerAccount(page, 'Radu Premiumescu', undefined, { billing: false });
  await page.goto('/cont/premium');
  await expect(page.getByRole('heading', { name: 'Spre buget!' })).toBeVisible();
  await expect(page.locator('.sidebar .avatar--premium')).toHaveCount(0);
  await page.getByRole('radio', { name: /^3 luni/ }).check();

  // First checkout: the invoice's buyer first (name from the account), the card form after.
  await expect(page.getByRole('heading', { name: 'Datele pentru factură' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Plată cu cardul/ })).toHaveCount(0);
  await expect(page.getByLabel('Nume și prenume')).toHaveValue('Radu Premiumescu');
  await shoot(page, process.env.PREMIUM_SHOTS, 'checkout-buyer-step');
  await page.getByRole('button', { name: 'Continuă spre plată' }).click();
  await expect(page.getByText('Alege județul din listă.')).toBeVisible();
  await page.getByLabel('Adresa (stradă, număr, bloc, apartament)').fill('Str. Republicii nr. 7, ap. 3');
  await page.getByLabel('Județul').selectOption('Brașov');
  await page.getByLabel('Localitatea').fill('Făgăraș');
  await page.getByRole('button', { name: 'Continuă spre plată' }).click();
  const summary = page.getByTestId('buyer-summary');
  await expect(summary).toContainText('Radu Premiumescu');
  await expect(summary).toContainText('Str. Republicii nr. 7, ap. 3, Făgăraș, jud. Brașov');
  await expect(page.getByRole('heading', { name: /Plată cu cardul: Premium 3 luni, 129,00 lei/ })).toBeVisible();
  // Kept: the next visit shows them in one line; "Modifică" opens them again, "Renunță" closes.
  await page.reload();
  await page.getByRole('radio', { name: /^3 luni/ }).check();
  await expect(summary).toContainText('Făgăraș, jud. Brașov');
  await shoot(page, process.env.PREMIUM_SHOTS, 'checkout-buyer-kept');
  await summary.getByRole('button', { name: 'Modifică' }).click();
  await expect(page.getByLabel('Localitatea')).toHaveValue('Făgăraș');
  await shoot(page, process.env.PREMIUM_SHOTS, 'checkout-buyer-edit', '.buyer-step');
  await expect(page.getByRole('heading', { name: /Plată cu cardul/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Renunță' }).click();
  await expect(page.getByRole('heading', { name: /Plată cu cardul: Premium 3 luni, 129,00 lei/ })).toBeVisible();
  await payWithTestCard(page, '4000 0027 6000 3184');

  await expect(page).toHaveURL(/\/plata\/3ds\/pi_sbx_/);
  await expect(page.getByRole('heading', { name: 'Confirmă plata' })).toBeVisible();
  await expect(page.getByText('129,00 lei')).toBeVisible();
  await expect(page.getByText('Visa •••• 3184')).toBeVisible();
  await page.getByRole('button', { name: 'Autorizează' }).click();

  await expect(page).toHaveURL(/\/cont\/premium$/);
  await expect(page.getByText('Plata a fost efectuată. Bine ai venit în familia Premium!')).toBeVisible();
  await expect(page.locator('[data-premium-display]')).toHaveText(/^Încă \d+ de zile de Premium$/);
  // The premium display of SPEC §4 in the navigation: gold border and crown on the avatar.
  await expect(page.locator('.avatar--premium .avatar__crown').first()).toBeVisible();
  await expect(page.locator('[data-subscription="active"]')).toContainText('Abonamentul Premium de 3 luni este activ până la');

  // The invoice names the buyer at the address given (its e-Factura: county code RO-BV).
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const payments = (await (await page.request.get('/api/v1/invoices', { headers })).json()).payments;
  const xml = await (await page.request.get(`/api/v1/invoices/${payments[0].invoices[0].id}/efactura`, { headers })).text();
  expect(xml).toContain('<cbc:StreetName>Str. Republicii nr. 7, ap. 3</cbc:StreetName><cbc:CityName>Făgăraș</cbc:CityName><cbc:CountrySubentity>RO-BV</cbc:CountrySubentity>');

  await page.getByRole('button', { name: 'Anulează abonamentul' }).click();
  await page.getByRole('button', { name: 'Da, anulează abonamentul' }).click();
  await expect(page.locator('[data-subscription="cancelled"]')).toContainText('Premium rămâne activ până la');
  await page.reload();
  await expect(page.locator('[data-premium-display]')).toHaveText(/^Încă \d+ de zile de Premium$/);
  await expect(page.getByRole('button', { name: 'Anulează abonamentul' })).toHaveCount(0);
});

test('declined cards show their Romanian message; a 3-D Secure refusal too', async ({ page }) => {
  test.slow();
  await registerAccount(page, 'Ioana Refuzescu');
  await page.goto('/intra-in-familie');
  await expect(page.getByText('49,00 lei').first()).toBeVisible();
  await expect(page.getByText('Prețurile sunt în lei și includ TVA 21%.')).toBeVisible();

  await page.goto('/cont/premium');
  await page.getByRole('radio', { name: /^1 lună/ }).check();
  await payWithTestCard(page, '4000 0000 0000 9995');
  await expect(page.getByRole('alert')).toContainText('Fonduri insuficiente pe card.');
  await payWithTestCard(page, '4242 4242 4242 4241');
  await expect(page.getByRole('alert')).toContainText('Numărul cardului nu este corect.');
  await payWithTestCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Respinge' }).click();
  await expect(page).toHaveURL(/\/cont\/premium$/);
  await expect(page.getByRole('alert')).toContainText('Autentificarea 3D Secure a eșuat.');
  await expect(page.getByRole('heading', { name: 'Spre buget!' })).toBeVisible();
});
