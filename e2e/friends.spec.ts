// /prieteni with two people (issue 7 §2): a request found by exact e-mail, accepted on the other
// side, both friends lists with e-mail, the badge of requests received, removal, and a block found
// by invitation code that hides each from the other's search.
import { test, expect } from './fixtures.ts';
import { type Page } from './fixtures.ts';
import { DEMO, PREMIUM, login, registerAccount, shoot } from './helpers.ts';

const SHOTS = process.env.FRIENDS_SHOTS;

async function search(page: Page, q: string): Promise<void> {
  await page.getByLabel('Caută persoane').fill(q);
  await page.getByRole('main').getByRole('button', { name: 'Caută', exact: true }).click();
}

test('request, accept, remove, block between two accounts', async ({ page: ana, newContext }) => {
  // Two sign-ins and some twenty round trips: more than the default minute on a busy machine.
  test.slow();
  const mihaiContext = await newContext();
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
  await expect(mihai.getByLabel('1 cerere de prietenie').first()).toBeVisible();
  await incoming.getByRole('button', { name: 'Acceptă' }).click();
  await expect(mihai.getByText('Cererea de prietenie a fost acceptată.')).toBeVisible();
  await expect(mihai.getByTestId('friends-friends')).toContainText('Ana Popescu');
  // A friend's e-mail is not shown (issue 32 §4); since when they are friends is.
  await expect(mihai.getByTestId('friends-friends')).not.toContainText(DEMO.email);
  await expect(mihai.getByTestId('friends-friends')).toContainText('Prieteni din');
  await expect(incoming).toContainText('Nu ai cereri de prietenie noi.');
  await expect(mihai.getByLabel('1 cerere de prietenie')).toHaveCount(0);

  await ana.reload();
  const anaFriends = ana.getByTestId('friends-friends');
  await expect(anaFriends).toContainText('Mihai Ionescu');
  await expect(anaFriends).not.toContainText(PREMIUM.email);
  await expect(ana.getByTestId('friends-outgoing')).toContainText('Nu ai cereri în așteptare.');
  await anaFriends.getByRole('button', { name: 'Șterge' }).click();
  // Ending a friendship asks first; "Renunță" keeps it.
  const ask = ana.getByRole('dialog', { name: 'Ștergi prietenia cu Mihai Ionescu?' });
  await expect(ask).toContainText('conversația de până acum rămâne de citit');
  await ask.getByRole('button', { name: 'Renunță' }).click();
  await expect(ask).toHaveCount(0);
  await expect(anaFriends).toContainText('Mihai Ionescu');
  await anaFriends.getByRole('button', { name: 'Șterge' }).click();
  await ask.getByRole('button', { name: 'Șterge prietenia' }).click();
  await expect(ana.getByText('Prietenia a fost ștearsă.')).toBeVisible();
  await expect(anaFriends).toContainText('Încă nu ai prieteni aici.');

  // Mihai's invitation code finds him; Ana blocks him and they no longer find each other.
  await mihai.reload();
  const code = (await mihai.getByTestId('invitation-code').textContent())!.trim();
  expect(code).toMatch(/^[0-9A-F]{12}$/);
  await search(ana, code);
  await expect(results.getByText('Mihai Ionescu')).toBeVisible();
  await results.getByRole('button', { name: 'Blochează' }).click();
  await ana.getByRole('dialog', { name: 'Blochezi pe Mihai Ionescu?' }).getByRole('button', { name: 'Blochează' }).click();
  await expect(ana.getByText('Persoana a fost blocată.')).toBeVisible();
  await expect(ana.getByTestId('friends-blocked')).toContainText('Mihai Ionescu');
  await expect(results).toContainText('Nu am găsit pe nimeni.');
  await search(mihai, 'Ana Popescu');
  await expect(mihai.getByTestId('friends-results')).toContainText('Nu am găsit pe nimeni.');

  await ana.getByTestId('friends-blocked').getByRole('button', { name: 'Deblochează' }).click();
  await expect(ana.getByText('Persoana a fost deblocată.')).toBeVisible();
  await search(mihai, 'Ana Popescu');
  await expect(mihai.getByTestId('friends-results')).toContainText('Ana Popescu');
});


/** Resolves once the page's realtime client is subscribed to its user's private channel. */
function privateChannelReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        const text = String(f.payload);
        if (text.includes('pusher_internal:subscription_succeeded') && text.includes('private-user.')) resolve();
      }),
    );
  });
}

test('/prieteni follows the other side live: a request arriving, withdrawn, accepted; its notification follows', async ({ page: ana, newContext }) => {
  test.slow();
  const ionContext = await newContext();
  const ion = await ionContext.newPage();
  await registerAccount(ana, 'Ana Live');
  const ionAccount = await registerAccount(ion, 'Ion Live');
  await ana.goto('/prieteni');
  // Live: the screens listen on the private channel (an event before it is subscribed is not live).
  const ionReady = privateChannelReady(ion);
  await ion.goto('/prieteni');
  await ionReady;
  const incoming = ion.getByTestId('friends-incoming');
  await expect(incoming).toContainText('Nu ai cereri de prietenie noi.');
  // What the notifications badge counts before (a new account has the unseen announcement).
  const notes = ion.locator('.sidebar a[href="/notificari"] .badge');
  const before = Number((await notes.count()) ? await notes.textContent() : 0);

  await search(ana, ionAccount.email);
  await ana.getByTestId('friends-results').getByRole('button', { name: 'Trimite cerere' }).click();
  // Without a reload, Ion's list and badges show it.
  await expect(incoming).toContainText('Ana Live', { timeout: 15_000 });
  await expect(ion.getByLabel('1 cerere de prietenie').first()).toBeVisible();
  await expect(ion.getByLabel(`${before + 1} notificări noi`).first()).toBeVisible();
  // On a phone the drawer is closed: the request count shows on the menu button.
  await ion.setViewportSize({ width: 390, height: 800 });
  await expect(ion.getByRole('button', { name: 'Deschide meniul, 1 cerere de prietenie' })).toBeVisible();
  await shoot(ion, SHOTS, 'topbar-request');
  await ion.setViewportSize({ width: 1280, height: 900 });

  // Withdrawn: it leaves Ion's list, the request badge and the notification badge.
  await ana.getByTestId('friends-outgoing').getByRole('button', { name: 'Anulează cererea' }).click();
  await expect(incoming).toContainText('Nu ai cereri de prietenie noi.', { timeout: 15_000 });
  await expect(ion.getByLabel('1 cerere de prietenie')).toHaveCount(0);
  await expect(ion.getByLabel(`${before + 1} notificări noi`)).toHaveCount(0);
  await expect(notes).toHaveCount(before ? 1 : 0);
  await ion.goto('/notificari');
  await expect(ion.locator('.notification', { hasText: 'Ana Live' })).toHaveCount(0);

  // Sent again and accepted: Ana's screen shows the friend without a reload; Ion's notification is read.
  await search(ana, ionAccount.email);
  await ana.getByTestId('friends-results').getByRole('button', { name: 'Trimite cerere' }).click();
  await expect(ion.locator('.notification--unread', { hasText: 'Ana Live ți-a trimis o cerere' })).toBeVisible({ timeout: 15_000 });
  await ion.goto('/prieteni');
  await incoming.getByRole('button', { name: 'Acceptă' }).click();
  await expect(ana.getByTestId('friends-friends')).toContainText('Ion Live', { timeout: 15_000 });
  await expect(ana.getByTestId('friends-outgoing')).toContainText('Nu ai cereri în așteptare.');
  await ion.goto('/notificari');
  await expect(ion.locator('.notification', { hasText: 'Ana Live ți-a trimis o cerere' })).toBeVisible();
  await expect(ion.locator('.notification--unread', { hasText: 'Ana Live ți-a trimis o cerere' })).toHaveCount(0);

  await ana.getByTestId('friends-friends').getByRole('button', { name: 'Șterge' }).click();
  await expect(ana.getByRole('dialog')).toBeVisible();
  await shoot(ana, SHOTS, 'unfriend-confirm', '[role="dialog"]');
});
