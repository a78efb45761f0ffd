// Saved cards (issue 8 §3) in Chromium on the sandbox provider: a new account adds a card that asks
// for 3-D Secure (authorised on our 3-D Secure page), sees it listed as the default, adds another
// (newest first), makes it the default, removes the first; a declined card shows its Romanian
// message; the card paid with at checkout is saved as the default, and the last card cannot be
// removed while the subscription renews ('must keep one card').
import { test, expect, type Page } from './fixtures.ts';
import { registerAccount, payWithTestCard, fillTestCard } from './helpers.ts';

async function addCard(page: Page, number: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Adaugă un card' });
  await fillTestCard(form, number);
  await form.getByRole('button', { name: 'Salvează cardul' }).click();
}
const rows = (page: Page) => page.getByRole('list', { name: 'Cardurile salvate' }).getByRole('listitem');

test('add a 3-D Secure card, list newest first, make default, remove; a refused card explained', async ({
  page,
}) => {
  test.slow();
  await registerAccount(page, 'Carmen Cardescu');
  await page.goto('/setari/carduri');
  await expect(page.getByRole('heading', { name: 'Carduri', level: 1 })).toBeVisible();
  await expect(page.getByText('Nu ai niciun card salvat.')).toBeVisible();

  await addCard(page, '4000 0025 0000 3155');
  await expect(page).toHaveURL(/\/plata\/3ds\/seti_sbx_/);
  await expect(page.getByRole('heading', { name: 'Confirmă cardul' })).toBeVisible();
  await expect(page.getByText('Visa •••• 3155')).toBeVisible();
  await expect(page.getByText('Salvarea cardului (nicio plată acum)')).toBeVisible();
  await page.getByRole('button', { name: 'Autorizează' }).click();

  await expect(page).toHaveURL(/\/setari\/carduri$/);
  await expect(page.getByText('Cardul a fost adăugat.')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Visa •••• 3155');
  await expect(rows(page).first()).toContainText('Implicit');
  await expect(rows(page).first()).toContainText('Expiră 12/35');

  await addCard(page, '4000 0000 0000 9995');
  await expect(page.getByRole('alert')).toContainText('Fonduri insuficiente pe card.');
  await expect(rows(page)).toHaveCount(1);

  await addCard(page, '5555 5555 5555 4444');
  await expect(rows(page)).toHaveCount(2);
  // Newest first; the default stays the first card saved.
  await expect(rows(page).nth(0)).toContainText('Mastercard •••• 4444');
  await expect(rows(page).nth(0)).not.toContainText('Implicit');
  await rows(page).nth(0).getByRole('button', { name: 'Fă implicit' }).click();
  await expect(rows(page).nth(0)).toContainText('Implicit');
  await expect(rows(page).nth(1)).not.toContainText('Implicit');

  await page.getByRole('button', { name: 'Șterge cardul Visa •••• 3155' }).click();
  await page.getByRole('button', { name: 'Da, șterge' }).click();
  await expect(page.getByText('Cardul a fost șters.')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Mastercard •••• 4444');
  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Implicit');
});

test("the card paid with at checkout is saved as the default; the last card cannot be removed (disabled, with the reason)", async ({
  page,
}) => {
  test.slow();
  await registerAccount(page, 'Paul Reînnoiescu');
  await page.goto('/cont/premium');
  await page.getByRole('radio', { name: /^1 lună/ }).check();
  await expect(page.getByTestId('card-saved-note')).toContainText(
    'Cardul va fi salvat pentru reînnoirea automată a abonamentului.',
  );
  await payWithTestCard(page);
  await expect(page.getByText('Plata a fost efectuată. Bine ai venit în familia Premium!')).toBeVisible();

  // No visit to /setari/carduri was needed: the renewal has its card.
  await page.goto('/setari/carduri');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Visa •••• 4242');
  await expect(rows(page).first()).toContainText('Implicit');
  await expect(page.getByText('Nu ai o metodă de plată implicită.')).toHaveCount(0);
  await expect(page.getByText('Abonamentul tău se reînnoiește automat cu cardul implicit')).toBeVisible();
  // The last card needed for renewal is not offered for removal only to be refused (issue 23 §1):
  // "Șterge" is disabled and points to the reason.
  const remove = page.getByRole('button', { name: 'Șterge cardul Visa •••• 4242' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(/ultimul card nu poate fi\s+șters/);
  await page.reload();
  await expect(rows(page)).toHaveCount(1);

  // With a second card, the renewing one may go, and the page says which card renews now (issue 32 §1).
  await addCard(page, '5555 5555 5555 4444');
  await expect(rows(page)).toHaveCount(2);
  await remove.click();
  await page.getByRole('button', { name: 'Da, șterge' }).click();
  await expect(page.getByTestId('renewal-card-note')).toHaveText(
    'Abonamentul se reînnoiește de acum cu cardul Mastercard •••• 4444. Îl poți schimba cu „Fă implicit” la alt card.',
  );
  await expect(rows(page).first()).toContainText('Implicit');
});
