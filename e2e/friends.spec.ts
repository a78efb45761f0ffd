// /prieteni with two people (issue 7 §2): a request found by exact e-mail, accepted on the other
// side, both friends lists with e-mail, the badge of requests received, removal, and a block found
// by invitation code that hides each from the other's search.
import { test, expect } from './fixtures.ts';
import { chooseEssentialCookies, type Page } from './fixtures.ts';
import { DEMO, PREMIUM, login } from './helpers.ts';

async function search(page: Page, q: string): Promise<void> {
  await page.getByLabel('Caută persoane').fill(q);
  await page.getByRole('button', { name: 'Caută', exact: true }).click();
}

test('request, accept, remove, block between two accounts', async ({ page: ana, browser }) => {
  // Two sign-ins and some twenty round trips: more than the default minute on a busy machine.
  test.slow();
  const mihaiContext = await browser.newContext();
  await chooseEssentialCookies(mihaiContext);
  const mihai = await mihaiContext.newPage();
  await login(ana, DEMO);
  await login(mihai, PREMIUM);

  await ana.goto('/prieteni');
  await expect(ana.getByRole('heading', { name: 'Prieteni', level: 1 })).toBeVisible();
  await search(ana, 'ab');
  await expect(ana.getByText('Scrie cel puțin 3 caractere.')).toBeVisible();
  // A piece of an e-mail finds nobody; the whole address does, and shows no e-mail.
  await search(ana, 'premium');
  await expect(ana.getByTestId('friends-results')).toContainText('Nu am găsit pe nimeni.');
  await search(ana, PREMIUM.email);
  const results = ana.getByTestId('friends-results');
  await expect(results.getByText('Mihai Ionescu')).toBeVisible();
  await expect(results).not.toContainText('@');
  await results.getByRole('button', { name: 'Trimite cerere' }).click();
  await expect(ana.getByText('Cererea de prietenie a fost trimisă.')).toBeVisible();
  await expect(ana.getByTestId('friends-outgoing')).toContainText('Mihai Ionescu');
  await expect(results).toContainText('cerere trimisă');

  await mihai.goto('/prieteni');
  const incoming = mihai.getByTestId('friends-incoming');
  await expect(incoming).toContainText('Ana Popescu');
  await expect(mihai.getByLabel('1 cereri de prietenie').first()).toBeVisible();
  await incoming.getByRole('button', { name: 'Acceptă' }).click();
  await expect(mihai.getByText('Cererea de prietenie a fost acceptată.')).toBeVisible();
  await expect(mihai.getByTestId('friends-friends')).toContainText('Ana Popescu');
  await expect(mihai.getByTestId('friends-friends')).toContainText(DEMO.email);
  await expect(incoming).toContainText('Nu ai cereri de prietenie noi.');
  await expect(mihai.getByLabel('1 cereri de prietenie')).toHaveCount(0);

  await ana.reload();
  const anaFriends = ana.getByTestId('friends-friends');
  await expect(anaFriends).toContainText('Mihai Ionescu');
  await expect(anaFriends).toContainText(PREMIUM.email);
  await expect(ana.getByTestId('friends-outgoing')).toContainText('Nu ai cereri în așteptare.');
  await anaFriends.getByRole('button', { name: 'Șterge' }).click();
  await expect(ana.getByText('Prietenia a fost ștearsă.')).toBeVisible();
  await expect(anaFriends).toContainText('Încă nu ai prieteni aici.');

  // Mihai's invitation code finds him; Ana blocks him and they no longer find each other.
  await mihai.reload();
  const code = (await mihai.getByTestId('invitation-code').textContent())!.trim();
  expect(code).toMatch(/^[0-9A-F]{12}$/);
  await search(ana, code);
  await expect(results.getByText('Mihai Ionescu')).toBeVisible();
  await results.getByRole('button', { name: 'Blochează' }).click();
  await expect(ana.getByText('Persoana a fost blocată.')).toBeVisible();
  await expect(ana.getByTestId('friends-blocked')).toContainText('Mihai Ionescu');
  await expect(results).toContainText('Nu am găsit pe nimeni.');
  await search(mihai, 'Ana Popescu');
  await expect(mihai.getByTestId('friends-results')).toContainText('Nu am găsit pe nimeni.');

  await ana.getByTestId('friends-blocked').getByRole('button', { name: 'Deblochează' }).click();
  await expect(ana.getByText('Persoana a fost deblocată.')).toBeVisible();
  await search(mihai, 'Ana Popescu');
  await expect(mihai.getByTestId('friends-results')).toContainText('Ana Popescu');
  await mihaiContext.close();
});
