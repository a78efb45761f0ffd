// Paying at checkout with a saved card (issue 8 §2–3) in Chromium on the sandbox provider: a card
// saved on /setari/carduri is offered on /cont/premium (the default preselected) beside a new
// card, and paying with it needs no card details; a saved card whose bank asks for 3-D Secure
// goes through our 3-D Secure page. CHECKOUT_SHOTS=dir also saves the screen at 390 and 1280 px,
// light and dark.
import { test, expect, type Page } from './fixtures.ts';
import { registerAccount, fillTestCard, payWithTestCard, shoot } from './helpers.ts';

async function addCard(page: Page, number: string): Promise<void> {
  await page.goto('/setari/carduri');
  const form = page.getByRole('form', { name: 'Adaugă un card' });
  await fillTestCard(form, number);
  await form.getByRole('button', { name: 'Salvează cardul' }).click();
}

async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.CHECKOUT_SHOTS;
  if (!dir) return;
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (const theme of ['light', 'dark'] as const) {
    if (token) await page.request.put('/api/v1/user/theme', { headers: { authorization: `Bearer ${token}` }, data: { theme } });
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/cont/premium');
      await expect(page.getByRole('group', { name: 'Cu ce card plătești?' })).toBeVisible();
      await page.getByRole('group', { name: 'Cu ce card plătești?' }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/${name}-${width}-${theme}.png` });
    }
  }
  if (token) await page.request.put('/api/v1/user/theme', { headers: { authorization: `Bearer ${token}` }, data: { theme: 'light' } });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a saved card is offered at checkout, the default preselected, and pays without card details', async ({ page }) => {
  test.slow();
  await registerAccount(page, 'Sorina Salvatescu');
  await addCard(page, '5555 5555 5555 4444');
  await expect(page.getByText('Cardul a fost adăugat.')).toBeVisible();
  await addCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('list', { name: 'Cardurile salvate' }).getByRole('listitem')).toHaveCount(2);
  await shots(page, 'checkout-saved-cards');

  await page.goto('/cont/premium');
  await page.getByRole('radio', { name: /^1 lună/ }).check();
  const choice = page.getByRole('group', { name: 'Cu ce card plătești?' });
  // The default (the first saved) is preselected; no card fields while a saved card is chosen.
  await expect(choice.getByRole('radio', { name: /Mastercard •••• 4444/ })).toBeChecked();
  await expect(choice.getByRole('radio', { name: /Visa •••• 4242/ })).not.toBeChecked();
  await expect(page.getByLabel('Numărul cardului')).toHaveCount(0);
  // A new card shows the form and says it will be saved.
  await choice.getByRole('radio', { name: 'Un card nou' }).check();
  await expect(page.getByLabel('Numărul cardului')).toBeVisible();
  await expect(page.getByTestId('card-saved-note')).toContainText('Cardul va fi salvat pentru reînnoirea automată');
  await choice.getByRole('radio', { name: /Mastercard •••• 4444/ }).check();
  await page.getByRole('button', { name: /^Plătește 49,00 lei/ }).click();
  await expect(page.getByText('Plata a fost efectuată. Bine ai venit în familia Premium!')).toBeVisible();
  await expect(page.getByText(/plătit cu cardul •••• 4444/)).toBeVisible();

  // Still two cards: paying with a saved one saves nothing new.
  await page.goto('/setari/carduri');
  await expect(page.getByRole('list', { name: 'Cardurile salvate' }).getByRole('listitem')).toHaveCount(2);
});

test('a saved card whose bank asks for 3-D Secure goes through the 3-D Secure page', async ({ page }) => {
  test.slow();
  await registerAccount(page, 'Tudor Autentificatescu');
  await addCard(page, '4000 0027 6000 3184');
  await expect(page).toHaveURL(/\/plata\/3ds\/seti_sbx_/);
  await page.getByRole('button', { name: 'Autorizează' }).click();
  await expect(page.getByText('Cardul a fost adăugat.')).toBeVisible();

  await page.goto('/cont/premium');
  await page.getByRole('radio', { name: /^1 lună/ }).check();
  await expect(page.getByRole('radio', { name: /Visa •••• 3184/ })).toBeChecked();
  await page.getByRole('button', { name: /^Plătește/ }).click();
  await expect(page).toHaveURL(/\/plata\/3ds\/pi_sbx_/);
  await expect(page.getByRole('heading', { name: 'Confirmă plata' })).toBeVisible();
  await page.getByRole('button', { name: 'Autorizează' }).click();
  await expect(page).toHaveURL(/\/cont\/premium$/);
  await expect(page.getByText('Plata a fost efectuată. Bine ai venit în familia Premium!')).toBeVisible();
});

test('the card just paid with renews the plan unless the box is unticked; the page and the result name the card charged (issue 32 §1)', async ({ page }) => {
  test.slow();
  await registerAccount(page, 'Irina Reînnoiescu');
  // The default card asks for 3-D Secure: it cannot renew off-session.
  await addCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Autorizează' }).click();
  await expect(page.getByText('Cardul a fost adăugat.')).toBeVisible();

  await page.goto('/cont/premium');
  await page.getByRole('radio', { name: /^1 lună/ }).check();
  const choice = page.getByRole('group', { name: 'Cu ce card plătești?' });
  const box = page.getByRole('checkbox', { name: 'Folosește acest card pentru reînnoirea automată' });
  const terms = page.getByTestId('renewal-terms');
  // The default preselected: nothing to choose, the terms name it.
  await expect(box).toHaveCount(0);
  await expect(terms).toContainText('cu cardul Visa •••• 3184');
  // A new card: the box, ticked; the terms and the note say the new card renews.
  await choice.getByRole('radio', { name: 'Un card nou' }).check();
  await expect(box).toBeChecked();
  await expect(page.getByTestId('renewal-card-hint')).toHaveText('Reînnoirea nu se mai face cu cardul Visa •••• 3184, ci cu cardul cu care plătești acum.');
  await expect(terms).toContainText('cu cardul cu care plătești acum');
  await expect(page.getByTestId('card-saved-note')).toContainText('Cardul va fi salvat pentru reînnoirea automată');
  // Unticked: every line says the default renews.
  await box.uncheck();
  await expect(page.getByTestId('renewal-card-hint')).toHaveText('Reînnoirea rămâne pe cardul Visa •••• 3184.');
  await expect(terms).toContainText('cu cardul Visa •••• 3184');
  await expect(page.getByTestId('card-saved-note')).toContainText('reînnoirea automată rămâne pe cardul Visa •••• 3184');
  await checkoutShots(page, 'checkout-renewal-unticked');
  await payWithTestCard(page, '5555 5555 5555 4444');
  await expect(page.getByText('Plata a fost efectuată. Bine ai venit în familia Premium!')).toBeVisible();
  await expect(page.getByText(/plătit cu cardul •••• 4444/)).toBeVisible();
  await expect(page.getByTestId('paid-renewal-card')).toHaveText('Reînnoirea automată se face cu cardul Visa •••• 3184.');
  await expect(page.locator('[data-renewal]')).toContainText('cu cardul Visa •••• 3184');

  // The upgrade of the issue: "Un card nou" (4242), the box left ticked.
  await page.getByRole('radio', { name: /^3 luni/ }).check();
  await choice.getByRole('radio', { name: 'Un card nou' }).check();
  await expect(box).toBeChecked();
  await checkoutShots(page, 'checkout-renewal-ticked');
  await payWithTestCard(page, '4242 4242 4242 4242');
  await expect(page.getByText(/plătit cu cardul •••• 4242/)).toBeVisible();
  await expect(page.getByTestId('paid-renewal-card')).toHaveText('Reînnoirea automată se face cu cardul Visa •••• 4242.');
  await expect(page.locator('[data-renewal]')).toContainText('cu cardul Visa •••• 4242');
  await checkoutShots(page, 'checkout-renewal-result', '.premium-success');
  // Settings agree: the 4242 is the default, the card renewals charge.
  await page.goto('/setari/carduri');
  await expect(page.getByRole('listitem').filter({ hasText: '4242' })).toContainText('Implicit');
  await expect(page.getByRole('listitem').filter({ hasText: '3184' })).not.toContainText('Implicit');
});

/** CHECKOUT_SHOTS=dir: the screen as it is (no reload), at 390 and 1280 px, light and dark. */
async function checkoutShots(page: Page, name: string, at = '.checkout__pay'): Promise<void> {
  await shoot(page, process.env.CHECKOUT_SHOTS, name, at);
}
