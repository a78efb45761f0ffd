// The coupons admin (/admin/cupoane, issue 8 §5) in Chromium: the demo admin gets per-field errors
// (a code with a diacritic from the shared schema, a taken code from the server), makes a 30 %
// coupon for the 12-month package; a new user redeems it on /setari/cupoane; the admin's list
// shows the use; the admin disables it and the user's checkout refuses it as expired.
// COUPON_SHOTS=dir saves the screen at 390 and 1280 px, light and dark.
import { test, expect } from './fixtures.ts';
import { ADMIN, login, registerAccount, shoot } from './helpers.ts';

const shots = process.env.COUPON_SHOTS;

test('admin makes a coupon, a user redeems it, the admin sees the use and disables it', async ({ page, newContext }) => {
  test.slow();
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await login(page, ADMIN);
  await page.goto('/admin');
  await page.locator('.admin-hub').getByRole('link', { name: 'Cupoane' }).click();
  await expect(page).toHaveURL(/\/admin\/cupoane$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cupoane' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Cupon nou' });

  // The shared schema, before sending: the code's characters, under the code field.
  await form.getByLabel('Codul').fill('vară-26');
  await form.getByLabel('Reducerea (%)').fill('30');
  await form.getByRole('button', { name: 'Creează cuponul' }).click();
  const codeField = form.locator('.form-field', { has: page.getByLabel('Codul') });
  await expect(codeField).toContainText('Codul are doar litere A–Z (fără diacritice), cifre și cratimă.');
  await expect(form.getByLabel('Codul')).toHaveAttribute('aria-invalid', 'true');
  // The server's answer, also under the field: the demo seed's code is taken.
  await form.getByLabel('Codul').fill('bac2026');
  await form.getByRole('button', { name: 'Creează cuponul' }).click();
  await expect(codeField).toContainText('Există deja un cupon cu acest cod. Alege alt cod.');
  await form.getByLabel('Reducerea (%)').fill('95');
  await form.getByLabel('Codul').fill(code.toLowerCase());
  await form.getByRole('button', { name: 'Creează cuponul' }).click();
  await expect(form.locator('.form-field', { has: page.getByLabel('Reducerea (%)') })).toContainText('Reducerea este între 1% și 90%.');

  await form.getByLabel('Reducerea (%)').fill('30');
  await form.getByLabel('Valabil până pe (inclusiv; gol = fără termen)').fill('2099-12-31');
  await form.getByLabel('Număr maxim de utilizatori (gol = fără limită)').fill('5');
  await form.getByRole('checkbox', { name: 'Premium 12 luni' }).check();
  await form.getByLabel('Familia (opțional)').fill('e2e_vara');
  await form.getByRole('button', { name: 'Creează cuponul' }).click();
  await expect(page.getByText('Cuponul a fost creat.')).toBeVisible();
  await expect(form.getByLabel('Codul')).toHaveValue('');
  const row = page.locator(`[data-coupon="${code}"]`);
  await expect(row).toContainText('30% reducere');
  await expect(row).toContainText('până pe 31 dec. 2099 inclusiv');
  await expect(row).toContainText('12 luni');
  await expect(row).toContainText('e2e_vara');
  await expect(row).toContainText('Activ');
  await expect(row.getByTestId('coupon-uses')).toHaveText('0 din 5 · 0 la plată');

  // A user redeems it (another browser, a new account).
  const context = await newContext();
  const user = await context.newPage();
  await registerAccount(user, 'Irina Cuponaru');
  await user.goto('/setari/cupoane');
  await user.getByLabel('Codul cuponului').fill(code.toLowerCase());
  await user.getByRole('button', { name: 'Aplică' }).click();
  await expect(user.locator(`[data-coupon="${code}"]`)).toContainText('30% reducere');

  await page.reload();
  await expect(row.getByTestId('coupon-uses')).toHaveText('1 din 5 · 0 la plată');
  await shoot(page, shots, 'admin-coupons');

  // Disable: a confirmation, then the coupon is over and no longer applies at checkout.
  await row.getByRole('button', { name: `Dezactivează ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: `Dezactivezi cuponul ${code}?` });
  await expect(dialog).toBeVisible();
  await shoot(page, shots, 'admin-coupons-confirm', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Dezactivează acum' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Încheiat');
  await expect(row.getByRole('button', { name: `Dezactivează ${code}` })).toHaveCount(0);
  await expect(row.getByTestId('coupon-uses')).toHaveText('1 din 5 · 0 la plată');
  await shoot(page, shots, 'admin-coupons-ended', `[data-coupon="${code}"]`);

  await user.goto('/cont/premium');
  await user.getByRole('radio', { name: /^12 luni/ }).check();
  await user.getByLabel('Cod de reducere (opțional)').fill(code);
  await user.getByRole('button', { name: 'Aplică' }).click();
  await expect(user.getByText('Cuponul a expirat.')).toBeVisible();
});
