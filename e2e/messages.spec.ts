// /mesaje and /mesaje/:user with two people in two browser contexts (issue 7 §3 and §6): a
// message live both ways, seen ticks, the navbar badge, and a message written while really
// offline shown as pending and arriving exactly once after the connection returns.
import { test, expect, type NewContext, type Page } from './fixtures.ts';
import { DEMO, PREMIUM, login, registerAccount, shoot } from './helpers.ts';
import { bearer } from './people.ts';

async function userId(page: Page): Promise<number> {
  const res = await page.request.get('/api/v1/user', { headers: await bearer(page) });
  return ((await res.json()) as { user: { id: number } }).user.id;
}
/** Friends through the API (the /prieteni screens have their own spec). */
async function befriend(a: Page, b: Page) {
  const bId = await userId(b);
  const aId = await userId(a);
  const sent = await a.request.post('/api/v1/friends/requests', { headers: await bearer(a), data: { user_id: bId } });
  expect([201, 200, 409]).toContain(sent.status());
  if (sent.status() === 201)
    expect((await b.request.post(`/api/v1/friends/requests/${aId}/accept`, { headers: await bearer(b) })).status()).toBe(200);
  return { aId, bId };
}
/** Resolves once the page's realtime client is subscribed to that user's private channel (before
 *  it, an event is not live for that page: it would come with the next counts or history load). */
function channelReady(page: Page, userId: number): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        const text = String(f.payload);
        if (text.includes('pusher_internal:subscription_succeeded') && text.includes(`private-user.${userId}`)) resolve();
      }),
    );
  });
}
const badge = (page: Page, n: number) => page.getByLabel(`${n} mesaje necitite`).first();
async function write(page: Page, text: string) {
  await page.getByLabel('Mesaj', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Trimite', exact: true }).click();
}
const bubble = (page: Page, text: string) => page.locator('.bubble', { hasText: text });
const SHOTS = process.env.MSG_SHOTS;

test('live both ways, seen ticks, badge, and an offline message sent once', async ({ page: ana, newContext }) => {
  test.slow();
  const mihaiContext = await newContext();
  const mihai = await mihaiContext.newPage();
  await login(ana, DEMO);
  await login(mihai, PREMIUM);
  const { aId: anaId, bId: mihaiId } = await befriend(ana, mihai);

  // The empty list offers the friend to start with; the captcha badge is hidden (messages layout).
  const anaReady = channelReady(ana, anaId);
  await ana.goto('/mesaje');
  await anaReady;
  await expect(ana.getByRole('heading', { name: 'Mesaje', level: 1 })).toBeVisible();
  await expect(ana.locator('body')).toHaveClass(/messages-layout/);
  await ana.getByRole('link', { name: 'Mihai Ionescu' }).click();
  await expect(ana).toHaveURL(new RegExp(`/mesaje/${mihaiId}$`));
  await expect(ana.getByText('Niciun mesaj încă. Scrie primul!')).toBeVisible();

  // Mihai is elsewhere: his navbar badge counts Ana's message live.
  const mihaiReady = channelReady(mihai, mihaiId);
  await mihai.goto('/statistici');
  await mihaiReady;
  // HTML is text, never markup.
  await write(ana, 'Salut! <b>Ai rezolvat</b> grila?');
  await expect(bubble(ana, 'Salut!')).toContainText('<b>Ai rezolvat</b>');
  await expect(bubble(ana, 'Salut!').locator('[data-status="sent"]')).toBeVisible();
  await expect(badge(mihai, 1)).toBeVisible({ timeout: 15_000 });
  // On a phone the count is in the top bar, not only inside the closed menu.
  await mihai.setViewportSize({ width: 390, height: 800 });
  await expect(mihai.getByRole('link', { name: 'Mesaje, 1 necitite' })).toBeVisible();
  await shoot(mihai, SHOTS, 'topbar-messages');
  await mihai.setViewportSize({ width: 1280, height: 720 });

  // The list shows the conversation with its unread count; opening it marks it seen.
  await mihai.goto('/mesaje');
  const item = mihai.getByTestId('convo-list').getByRole('link', { name: /Ana Popescu/ });
  await expect(item).toContainText('1');
  await item.click();
  await expect(bubble(mihai, 'Salut!')).toBeVisible();
  await expect(mihai.locator('b')).toHaveCount(0);
  await expect(bubble(ana, 'Salut!').locator('[data-status="seen"]')).toBeVisible({ timeout: 15_000 });
  await expect(badge(mihai, 1)).toHaveCount(0);

  // Back the other way, live: Ana has the conversation open, so it is seen at once.
  await write(mihai, 'Da, răspunsul e B.');
  await expect(bubble(ana, 'răspunsul e B')).toBeVisible({ timeout: 15_000 });
  await expect(bubble(mihai, 'răspunsul e B').locator('[data-status="seen"]')).toBeVisible({ timeout: 15_000 });
  await expect(badge(ana, 1)).toHaveCount(0);

  // Really offline: the message waits in the outbox, pending; online again it goes once.
  await ana.context().setOffline(true);
  await write(ana, 'Scris fără conexiune');
  await expect(bubble(ana, 'Scris fără conexiune').locator('[data-status="pending"]')).toHaveText('în așteptare');
  await ana.waitForTimeout(1000);
  await expect(bubble(mihai, 'Scris fără conexiune')).toHaveCount(0);
  await ana.context().setOffline(false);
  await expect(bubble(ana, 'Scris fără conexiune').locator('[data-status="pending"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(bubble(mihai, 'Scris fără conexiune')).toHaveCount(1, { timeout: 15_000 });
  // Exactly once on the server, and once on both screens after a reload.
  const history = await mihai.request.get(`/api/v1/message/convo/${anaId}`, { headers: await bearer(mihai) });
  const texts = ((await history.json()) as { messages: Array<{ text: string }> }).messages.map((m) => m.text);
  expect(texts.filter((t) => t === 'Scris fără conexiune')).toHaveLength(1);
  await ana.reload();
  await expect(bubble(ana, 'Scris fără conexiune')).toHaveCount(1);
});

test('a grid shared from the solve screen is solved by the friend in the conversation', async ({ page: ana, newContext }) => {
  test.slow();
  const mihaiContext = await newContext();
  const mihai = await mihaiContext.newPage();
  await login(ana, DEMO);
  await login(mihai, PREMIUM);
  const { aId: anaId } = await befriend(ana, mihai);

  await ana.goto('/teste/start');
  await ana.getByLabel('Număr de grile').fill('1');
  // Sharing is offered in tutor mode (and in the results), never in a running exam.
  await ana.getByRole('radio', { name: /Tutor/ }).check();
  await ana.getByRole('button', { name: 'Începe testul' }).click();
  await expect(ana).toHaveURL(/\/teste\/[0-9a-f-]{36}$/);
  const gridId = Number(await ana.locator('.grid-card').getAttribute('data-grid-id'));
  await ana.locator('.grid-card').getByRole('button', { name: 'Trimite unui prieten' }).click();
  const dialog = ana.getByRole('dialog');
  await dialog.getByLabel('Mihai Ionescu').check();
  await dialog.getByRole('button', { name: 'Trimite', exact: true }).click();
  await expect(ana.getByText('Grila a fost trimisă în conversație.')).toBeVisible();

  await mihai.goto(`/mesaje/${anaId}`);
  const card = mihai.getByTestId('shared-grid').last();
  await expect(card).toContainText(`#${gridId}`);
  await card.getByRole('button', { name: 'Rezolvă grila' }).click();
  await card.locator('.shared-grid__option').first().click();
  await card.getByRole('button', { name: 'Verifică' }).click();
  await expect(card.getByRole('status')).toHaveText(/Corect!|Greșit\. Răspuns corect: [A-E]/);
});

test('history loads backwards as the reader scrolls up', async ({ page: ana, newContext }) => {
  test.slow();
  const mihaiContext = await newContext();
  const mihai = await mihaiContext.newPage();
  await login(ana, DEMO);
  await login(mihai, PREMIUM);
  const { bId: mihaiId } = await befriend(ana, mihai);
  // 40 older messages from Mihai through the API (within the 30/min limit per sender: 2 senders).
  const headers = { mihai: await bearer(mihai), ana: await bearer(ana) };
  const anaId = await userId(ana);
  for (let i = 1; i <= 40; i++) {
    const [from, to, h] = i % 2 ? [mihai, anaId, headers.mihai] : [ana, mihaiId, headers.ana];
    const res = await from.request.post(`/api/v1/message/convo/${to}`, {
      headers: h,
      data: { id: crypto.randomUUID(), text: `Istoric ${String(i).padStart(2, '0')}` },
    });
    expect(res.status()).toBe(201);
  }
  await ana.goto(`/mesaje/${mihaiId}`);
  const scroller = ana.getByTestId('convo-scroll');
  await expect(bubble(ana, 'Istoric 40')).toBeVisible();
  const before = await ana.locator('.bubble').count();
  await expect(bubble(ana, 'Istoric 01')).toHaveCount(0);
  // Scrolled to the top until the first message is there: older pages came in front.
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo(0, 0));
    await expect(bubble(ana, 'Istoric 01')).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  expect(await ana.locator('.bubble').count()).toBeGreaterThan(before);
  const texts = await ana.locator('.bubble__text').allTextContents();
  const history = texts.filter((t) => t.startsWith('Istoric '));
  expect(history).toEqual([...history].sort());
  expect(new Set(history).size).toBe(history.length);
});

/** Two new people, friends, each signed in in a context of their own (their friendship ends in the test). */
async function newPair(ana: Page, newContext: NewContext, names: [string, string]) {
  const other = await (await newContext()).newPage();
  await registerAccount(ana, names[0]);
  await registerAccount(other, names[1]);
  const ids = await befriend(ana, other);
  return { other, ...ids };
}

test('messages queued offline and refused (unfriended meanwhile) stay "Netrimis" after a reload until deleted or copied; the history stays readable', async ({ page: ana, newContext }) => {
  test.slow();
  await ana.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const { other: ion, aId: anaId, bId: ionId } = await newPair(ana, newContext, ['Ana Netrimis', 'Ion Plecat']);
  await ana.goto(`/mesaje/${ionId}`);
  await write(ana, 'Înainte de despărțire https://grilio.ro/teste?x=1.');
  await expect(bubble(ana, 'Înainte de despărțire').locator('[data-status="sent"]')).toBeVisible();
  // The address is a safe link; the sentence's full stop is not part of it.
  const link = bubble(ana, 'Înainte de despărțire').getByRole('link', { name: 'https://grilio.ro/teste?x=1' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(link).toHaveAttribute('href', 'https://grilio.ro/teste?x=1');

  await ana.context().setOffline(true);
  await write(ana, 'Primul scris offline');
  await write(ana, 'Al doilea scris offline');
  await expect(ana.locator('[data-status="pending"]')).toHaveCount(2);
  // "✓ Trimis" is said once, on the newest message the server has.
  await expect(ana.locator('[data-status="sent"]')).toHaveCount(1);
  // Ion ends the friendship meanwhile.
  expect((await ion.request.delete(`/api/v1/friends/${anaId}`, { headers: await bearer(ion) })).status()).toBe(200);
  await ana.context().setOffline(false);
  for (const text of ['Primul scris offline', 'Al doilea scris offline'])
    await expect(bubble(ana, text).locator('[data-status="failed"]')).toContainText('Netrimis: Poți trimite mesaje doar prietenilor tăi.', { timeout: 15_000 });
  await expect(ana.getByText('Un mesaj nu a fost trimis.').first()).toBeVisible();

  // After a reload: both still there and refused, the earlier history readable, sending closed.
  await ana.reload();
  await expect(bubble(ana, 'Înainte de despărțire')).toBeVisible();
  await expect(ana.locator('[data-status="failed"]')).toHaveCount(2);
  await expect(ana.getByTestId('convo-closed')).toContainText('Nu mai sunteți prieteni');
  await expect(ana.getByLabel('Mesaj', { exact: true })).toHaveCount(0);
  await shoot(ana, SHOTS, 'convo-refused', '.convo');

  // Copying takes the text and lets the message go; deleting lets it go.
  await bubble(ana, 'Primul scris offline').getByRole('button', { name: 'Copiază textul' }).click();
  await expect(bubble(ana, 'Primul scris offline')).toHaveCount(0);
  expect(await ana.evaluate(() => navigator.clipboard.readText())).toBe('Primul scris offline');
  await bubble(ana, 'Al doilea scris offline').getByRole('button', { name: 'Șterge' }).click();
  await expect(bubble(ana, 'Al doilea scris offline')).toHaveCount(0);
  await ana.reload();
  await expect(bubble(ana, 'Înainte de despărțire')).toBeVisible();
  await expect(ana.locator('[data-status="failed"]')).toHaveCount(0);
  // Ion never received them.
  const h = await ion.request.get(`/api/v1/message/convo/${anaId}`, { headers: await bearer(ion) });
  expect(((await h.json()) as { messages: Array<{ text: string }> }).messages.map((m) => m.text)).toEqual([
    'Înainte de despărțire https://grilio.ro/teste?x=1.',
  ]);
});

test('unfriended or blocked while the conversation is open: the composer closes live, before any send', async ({ page: ana, newContext }) => {
  test.slow();
  const { other: ion, aId: anaId, bId: ionId } = await newPair(ana, newContext, ['Ana Deschisă', 'Ion Hotărât']);
  const ready = channelReady(ana, anaId);
  await ana.goto(`/mesaje/${ionId}`);
  await ready;
  await expect(ana.getByLabel('Mesaj', { exact: true })).toBeVisible();
  // Ion ends the friendship: Ana's open conversation says so at once, with no send tried.
  expect((await ion.request.delete(`/api/v1/friends/${anaId}`, { headers: await bearer(ion) })).status()).toBe(200);
  await expect(ana.getByLabel('Mesaj', { exact: true })).toHaveCount(0, { timeout: 15_000 });
  // With no history between them the server refuses the conversation itself, and the page says why.
  await expect(ana.getByText('Poți trimite mesaje doar prietenilor tăi.')).toBeVisible();
  await expect(ana.locator('[data-status="failed"]')).toHaveCount(0);
});

test('a send that got no answer goes out by itself (backoff), no online event needed; sign-out with one waiting warns', async ({ page: ana, newContext }) => {
  test.slow();
  const { other: ion, aId: anaId, bId: ionId } = await newPair(ana, newContext, ['Ana Rețea', 'Ion Răbdător']);
  await ana.goto(`/mesaje/${ionId}`);
  await expect(ana.getByText('Niciun mesaj încă. Scrie primul!')).toBeVisible();
  // The connection drops without the browser noticing: the send gets no HTTP answer.
  await ana.route('**/api/v1/message/convo/*', (route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.fallback()));
  await write(ana, 'Fără răspuns de la server');
  await expect(bubble(ana, 'Fără răspuns de la server').locator('[data-status="pending"]')).toBeVisible();

  // Signing out now warns (the message would wait on this device).
  await ana.getByRole('button', { name: 'Deconectare' }).click();
  const warn = ana.getByRole('dialog', { name: 'Ai mesaje netrimise' });
  await expect(warn).toContainText('Un mesaj din acest cont nu a ajuns încă pe server.');
  await shoot(ana, SHOTS, 'logout-messages', '[role="dialog"]');
  await warn.getByRole('button', { name: 'Rămân conectat' }).click();
  await expect(warn).toHaveCount(0);
  await ana.unroute('**/api/v1/message/convo/*');
  // No 'online' event, no focus, no reload: the backoff sends it.
  await expect(bubble(ana, 'Fără răspuns de la server').locator('[data-status="pending"]')).toHaveCount(0, { timeout: 15_000 });
  const h = await ion.request.get(`/api/v1/message/convo/${anaId}`, { headers: await bearer(ion) });
  expect(((await h.json()) as { messages: Array<{ text: string }> }).messages.map((m) => m.text)).toEqual(['Fără răspuns de la server']);

  // On a phone, a composer growing with a long draft keeps the newest message in view.
  await ana.setViewportSize({ width: 390, height: 700 });
  for (let i = 0; i < 8; i++) await write(ana, `Mesaj de umplutură ${i}`);
  await expect(bubble(ana, 'Mesaj de umplutură 7')).toBeInViewport();
  await ana.getByLabel('Mesaj', { exact: true }).fill(Array.from({ length: 8 }, (_, i) => `Rândul ${i + 1}`).join('\n'));
  await expect(bubble(ana, 'Mesaj de umplutură 7')).toBeInViewport();
  await shoot(ana, SHOTS, 'composer-grown', '.convo');
});
