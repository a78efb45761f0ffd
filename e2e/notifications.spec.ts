// /notificari with two people (issue 7 §4): a friend request reaches the other account live
// (navbar badge without a reload, then the feed), "Marchează tot ca citit" clears the badge, and
// an admin's announcement arrives live on the open feed.
import { test, expect } from './fixtures.ts';
import { type Page } from './fixtures.ts';
import type { WebSocket } from '@playwright/test';
import { ADMIN, PREMIUM, login, shoot } from './helpers.ts';

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');
const idOf = async (page: Page) => Number(await page.evaluate(() => localStorage.getItem('user_id')));

/**
 * Resolves once a realtime connection of the page has joined its private user channel. Every
 * websocket is watched, not only the next one: the page being left may open its own (the client
 * starts when the browser is idle) just before the navigation, and it closes unsubscribed.
 */
function userChannelJoined(page: Page, ms = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the private user channel was not joined')), ms);
    const onSocket = (ws: WebSocket) => {
      ws.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString();
        if (text.includes('pusher_internal:subscription_succeeded') && text.includes('private-user.')) {
          clearTimeout(timer);
          page.off('websocket', onSocket);
          resolve();
        }
      });
    };
    page.on('websocket', onSocket);
  });
}

test('friend request and announcement arrive live; mark all read clears the badge', async ({
  page: mihai,
  newContext,
}) => {
  test.slow();
  const adminContext = await newContext();
  const ioana = await adminContext.newPage();
  await login(ioana, ADMIN);
  await login(mihai, PREMIUM);
  const mihaiAuth = { authorization: `Bearer ${await tokenOf(mihai)}` };
  const ioanaAuth = { authorization: `Bearer ${await tokenOf(ioana)}` };
  const mihaiId = await idOf(mihai);

  // A clean start whatever earlier specs left: nothing unread, announcement seen, no pending pair.
  await ioana.request.delete(`/api/v1/friends/requests/${mihaiId}`, { headers: ioanaAuth });
  await ioana.request.delete(`/api/v1/friends/${mihaiId}`, { headers: ioanaAuth });
  await mihai.goto('/notificari');
  await expect(mihai.getByRole('heading', { name: 'Notificări', level: 1 })).toBeVisible();
  await expect(mihai.getByRole('heading', { name: /Bine ai venit/ })).toBeVisible();
  expect((await mihai.request.post('/api/v1/notifications/read-all', { headers: mihaiAuth })).ok()).toBe(
    true,
  );
  const joined = userChannelJoined(mihai);
  await mihai.goto('/teste');
  await joined;
  await expect(mihai.getByLabel(/notificări noi/)).toHaveCount(0);

  // Ioana asks; Mihai's badge counts it without a reload.
  const sent = await ioana.request.post('/api/v1/friends/requests', {
    headers: ioanaAuth,
    data: { user_id: mihaiId },
  });
  expect(sent.status()).toBe(201);
  await expect(mihai.getByLabel('1 notificări noi').first()).toBeVisible({ timeout: 15_000 });

  await mihai
    .getByRole('link', { name: /^Notificări/ })
    .first()
    .click();
  await expect(mihai).toHaveURL(/\/notificari$/);
  const list = mihai.getByRole('list', { name: 'Notificările tale' });
  const request = list.getByRole('button', { name: 'Necitită: Cerere de prietenie' });
  await expect(request).toBeVisible();
  await expect(request).toContainText('Ioana Marinescu ți-a trimis o cerere de prietenie.');

  // Earlier specs may have left other (read) requests: this one is Ioana's, the newest.
  const fromIoana = list
    .getByRole('button', { name: 'Cerere de prietenie', exact: true })
    .filter({ hasText: 'Ioana Marinescu' })
    .first();
  await mihai.getByRole('button', { name: 'Marchează tot ca citit' }).click();
  await expect(mihai.getByText('Toate notificările au fost marcate ca citite.')).toBeVisible();
  await expect(fromIoana).toBeVisible();
  await expect(mihai.getByLabel(/notificări noi/)).toHaveCount(0);
  await mihai.reload();
  await expect(fromIoana).toBeVisible();
  await expect(mihai.getByLabel(/notificări noi/)).toHaveCount(0);

  // Ioana's announcement reaches the open feed live.
  const title = `Anunț de test ${Date.now()}`;
  await ioana.goto('/admin');
  const form = ioana.getByRole('form', { name: 'Anunț pentru toți utilizatorii' });
  await form.getByLabel('Titlu').fill(title);
  await form.getByLabel('Mesaj').fill('Mâine dimineață facem o scurtă mentenanță.');
  await form.getByLabel('Link în aplicație (opțional)').fill('/teste');
  await form.getByRole('button', { name: 'Previzualizează anunțul' }).click();
  // Nothing goes before the admin confirms, seeing the preview and how many receive it.
  const ask = ioana.getByRole('dialog', { name: 'Trimiți anunțul?' });
  await expect(ask.getByLabel('Previzualizare')).toContainText(title);
  await expect(ask.getByLabel('Previzualizare')).toContainText('Deschide: /teste');
  const count = (await ask.getByTestId('announcement-count').textContent())!;
  expect(count).toMatch(/^\d+ (de )?utilizatori$/);
  await shoot(ioana, process.env.NOTIF_SHOTS, 'announcement-confirm', '[role="dialog"]');
  await ask.getByRole('button', { name: `Trimite la ${count}` }).click();
  await expect(ioana.getByText('Anunțul a fost trimis tuturor utilizatorilor.')).toBeVisible();
  const announced = list.getByRole('button', { name: `Necitită: ${title}` });
  await expect(announced).toBeVisible({ timeout: 15_000 });
  await expect(mihai.getByLabel('1 notificări noi').first()).toBeVisible();
  // Opening it marks it read and follows its link.
  await announced.click();
  await expect(mihai).toHaveURL(/\/teste$/);
  await expect(mihai.getByLabel(/notificări noi/)).toHaveCount(0);

  await ioana.request.delete(`/api/v1/friends/requests/${mihaiId}`, { headers: ioanaAuth });
});

test('the service worker shows a pushed notification', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await login(page, PREMIUM);
  await page.goto('/notificari');
  await expect(page.getByRole('heading', { name: 'Notificări', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.ready.then(() => true))).toBe(true);
  // The push service's delivery, as Chromium would hand it to the worker (DevTools protocol).
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const r = registrations.find((x) => !x.isDeleted);
      if (r) resolve(r.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const message = {
    id: 42,
    title: 'Cerere de prietenie',
    body: 'Ana ți-a trimis o cerere de prietenie.',
    link: '/prieteni',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId: await registration,
    data: JSON.stringify(message),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          link: (n.data as { link?: string }).link,
        })),
      ),
    )
    .toContainEqual({ title: message.title, body: message.body, link: '/prieteni' });
});
