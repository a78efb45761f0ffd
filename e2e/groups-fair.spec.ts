// Group tests, issue 22 §2, in real Chromium: an answer given offline survives a reload made while
// still offline (the shell comes from the service worker, the answer from IndexedDB) and reaches the
// server on reconnect; a friend without Premium is marked and not offered; the actions that cannot
// be undone (stop, remove, hand the creator role on, leave) ask first, and "Renunță" changes nothing.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { shoot } from './helpers.ts';
import { bearer, befriend, person, type Person } from './people.ts';

const SHOTS = process.env.GROUP_SHOTS;

/** A lobby made through the API (the start page is covered by groups.spec.ts), opened on `a`'s page. */
async function lobby(a: Person, invite: Person[], seconds = 120): Promise<string> {
  const headers = await bearer(a.page);
  const courses = await (await a.page.request.get('/api/v1/courses', { headers })).json();
  const r = await a.page.request.post('/api/v1/groups', {
    headers,
    data: { manual_id: courses.manuals[0].id, count: 3, seconds_per_grid: seconds, pause_seconds: 5, invite_ids: invite.map((p) => p.id) },
  });
  expect(r.status()).toBe(201);
  const path = `/grup/${(await r.json()).hash}`;
  await a.page.goto(path);
  // Ana's page listens on the group channel (her own presence shows) before anyone acts.
  await expect(a.page.locator('.group-member', { hasText: '(tu)' })).toContainText('conectat');
  return path;
}

const member = (p: Page, name: string) => p.locator('.group-member', { hasText: name });
const dialog = (p: Page) => p.getByRole('dialog');

test('an answer given offline survives a reload while offline and is counted on reconnect', async ({ newContext }) => {
  test.setTimeout(180_000);
  const ana = await person(newContext, 'Ana Offline');
  const bogdan = await person(newContext, 'Bogdan Offline');
  await befriend(ana, bogdan);
  const path = await lobby(ana, [bogdan]);
  await bogdan.page.goto(path);
  await bogdan.page.getByRole('button', { name: 'Intră în test' }).click();
  await expect(member(ana.page, 'Bogdan Offline')).toContainText('în test');
  // The service worker controls Bogdan's page before the drop: it will serve the shell offline.
  await expect.poll(() => bogdan.page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);

  await ana.page.getByRole('button', { name: 'Pornește testul' }).click();
  await expect(bogdan.page.getByTestId('group-position')).toHaveText('1');

  // The network drops; Bogdan answers C; the answer waits on the device.
  await bogdan.page.context().setOffline(true);
  await bogdan.page.locator('.group-option').nth(2).click();
  await bogdan.page.getByRole('button', { name: 'Trimite răspunsul' }).click();
  await expect(bogdan.page.getByTestId('group-pending')).toContainText('(C)');
  await shoot(bogdan.page, SHOTS, 'group-offline-pending');

  // He reloads while still offline: the page cannot load the group, but says the answer is kept.
  await bogdan.page.reload();
  await expect(bogdan.page.getByRole('alert')).toContainText('Reîncercăm singuri');
  await expect(bogdan.page.getByTestId('group-pending')).toContainText('grila 1 (C)');
  await shoot(bogdan.page, SHOTS, 'group-offline-reloaded');

  // Back online: the page recovers by itself and the answer reaches the server, counted once.
  await bogdan.page.context().setOffline(false);
  await expect(bogdan.page.getByTestId('group-sent')).toContainText('Răspuns trimis: C', { timeout: 20_000 });
  const s = await (await bogdan.page.request.get(`/api/v1${path.replace('/grup/', '/groups/')}`, { headers: await bearer(bogdan.page) })).json();
  expect([s.position, s.my_answer, s.answered_count]).toEqual([1, ['C'], 1]);
  expect(await bogdan.page.evaluate(() => new Promise((ok) => {
    const req = indexedDB.open('grilio');
    req.onsuccess = () => {
      const count = req.result.transaction('group_pending').objectStore('group_pending').count();
      count.onsuccess = () => ok(count.result);
    };
  }))).toBe(0);
});

test('an answer held offline past its grid\'s close is told as not counted, under the next grid', async ({ newContext }) => {
  test.setTimeout(180_000);
  const ana = await person(newContext, 'Ana Târziu');
  const bogdan = await person(newContext, 'Bogdan Târziu');
  await befriend(ana, bogdan);
  const path = await lobby(ana, [bogdan], 10);
  await bogdan.page.goto(path);
  await bogdan.page.getByRole('button', { name: 'Intră în test' }).click();
  await expect(member(ana.page, 'Bogdan Târziu')).toContainText('în test');
  await ana.page.getByRole('button', { name: 'Pornește testul' }).click();
  await expect(bogdan.page.getByTestId('group-position')).toHaveText('1');

  await bogdan.page.context().setOffline(true);
  await bogdan.page.locator('.group-option').first().click();
  await bogdan.page.getByRole('button', { name: 'Trimite răspunsul' }).click();
  await expect(bogdan.page.getByTestId('group-pending')).toContainText('(A)');
  // Grid 1 runs out on the server (Ana's page moves on) while Bogdan is still offline.
  await expect(ana.page.getByTestId('group-position')).toHaveText('2', { timeout: 30_000 });
  await bogdan.page.context().setOffline(false);
  const told = bogdan.page.getByTestId('group-closed-answer');
  await expect(told).toContainText('Răspunsul tău la grila 1 (A) nu a fost numărat: grila se închisese', { timeout: 20_000 });
  await expect(bogdan.page.getByTestId('group-last')).toContainText('tu: fără răspuns');
  await expect(bogdan.page.getByText('Timpul pentru acest test a expirat.')).toHaveCount(0);
  await shoot(bogdan.page, SHOTS, 'group-closed-answer', '.group-solve__bar');
  await told.getByRole('button', { name: 'Am înțeles' }).click();
  await expect(told).toHaveCount(0);
});

test('free friends are marked; stop, remove, hand over and leave ask first', async ({ newContext }) => {
  test.setTimeout(420_000);
  const ana = await person(newContext, 'Ana Confirmă');
  const bogdan = await person(newContext, 'Bogdan Confirmă');
  const carmen = await person(newContext, 'Carmen Confirmă');
  const dan = await person(newContext, 'Dan Fără Premium', { premium: false });
  for (const p of [bogdan, carmen, dan]) await befriend(ana, p);

  // The start page marks Dan and does not let him be picked.
  await ana.page.goto('/grup/start');
  const danLine = ana.page.locator('.check-line', { hasText: 'Dan Fără Premium' });
  await expect(danLine).toContainText('fără Premium');
  await expect(danLine.getByRole('checkbox')).toBeDisabled();
  await expect(ana.page.getByTestId('group-free-note')).toContainText('nu poate intra');
  await shoot(ana.page, SHOTS, 'group-start-free');

  const path = await lobby(ana, [bogdan]);
  for (const p of [bogdan, carmen]) {
    await p.page.goto(path);
    if (p === carmen) {
      // Carmen was not invited: the lobby's own invite list offers her, and marks Dan.
      await ana.page.getByRole('list', { name: 'Prieteni de invitat' }).getByRole('listitem').filter({ hasText: 'Carmen Confirmă' }).getByRole('button', { name: 'Invită' }).click();
      await expect(member(ana.page, 'Carmen Confirmă')).toContainText('invitat');
      await p.page.reload();
    }
    // Bounded, and saying what the member's page shows instead: in one CI run (3 Dec) this button
    // never came for 7 minutes and passed on the retry; the page snapshot then was another person's.
    const enter = p.page.getByRole('button', { name: 'Intră în test' });
    await enter.waitFor({ timeout: 90_000 }).catch(async (e: unknown) => {
      const shown = await p.page.locator('main, body').first().innerText().catch(() => '(no page)');
      throw new Error(`${p.name}: no „Intră în test” at ${p.page.url()}; the page shows: ${shown.slice(0, 600)}`, { cause: e });
    });
    await enter.click();
    await expect(member(ana.page, p.name)).toContainText('în test');
  }
  const invitable = ana.page.getByRole('list', { name: 'Prieteni de invitat' });
  await expect(invitable.getByRole('listitem').filter({ hasText: 'Dan Fără Premium' })).toContainText('fără Premium');
  await expect(invitable.getByRole('listitem').filter({ hasText: 'Dan Fără Premium' }).getByRole('button')).toHaveCount(0);
  await expect(ana.page.getByTestId('group-source')).toContainText('toate capitolele');
  await shoot(ana.page, SHOTS, 'group-lobby-fair');

  // "Oprește testul" asks; "Renunță" leaves the lobby as it was.
  await ana.page.getByRole('button', { name: 'Oprește testul' }).click();
  await expect(dialog(ana.page)).toContainText('Oprești testul pentru toți?');
  await shoot(ana.page, SHOTS, 'group-confirm-stop');
  await dialog(ana.page).getByRole('button', { name: 'Renunță' }).click();
  await expect(dialog(ana.page)).toHaveCount(0);
  await expect(ana.page.getByRole('heading', { name: 'Sala de așteptare' })).toBeVisible();

  await ana.page.getByRole('button', { name: 'Pornește testul' }).click();
  for (const p of [ana, bogdan, carmen]) await expect(p.page.getByTestId('group-position')).toHaveText('1');

  // Removing asks, naming the member; "Renunță" keeps Carmen in.
  await member(ana.page, 'Carmen Confirmă').getByRole('button', { name: 'Elimină' }).click();
  await expect(dialog(ana.page)).toContainText('Carmen Confirmă iese din test');
  await dialog(ana.page).getByRole('button', { name: 'Renunță' }).click();
  await expect(member(ana.page, 'Carmen Confirmă')).toContainText('în test');
  await shoot(ana.page, SHOTS, 'group-solving-fair');

  // A member who is not the creator can leave the solving screen (after confirming).
  await carmen.page.getByRole('button', { name: 'Părăsește testul' }).click();
  await dialog(carmen.page).getByRole('button', { name: 'Părăsește' }).click();
  await expect(member(ana.page, 'Carmen Confirmă')).toContainText('a ieșit');
  await expect(carmen.page.getByRole('button', { name: 'Revino în test' })).toBeVisible();

  // Handing the creator role on asks, in neutral words; confirmed, Bogdan gets the creator's buttons.
  await member(ana.page, 'Bogdan Confirmă').getByRole('button', { name: 'Predă rolul de creator' }).click();
  await expect(dialog(ana.page)).toContainText('Predai rolul de creator?');
  await dialog(ana.page).getByTestId('group-confirm').click();
  await expect(ana.page.getByRole('button', { name: 'Oprește testul' })).toHaveCount(0);

  // Stopping a running test asks too; confirmed, it ends for everyone.
  await bogdan.page.getByRole('button', { name: 'Oprește testul' }).click();
  await expect(dialog(bogdan.page)).toContainText('grila deschisă nu se mai punctează');
  await dialog(bogdan.page).getByTestId('group-confirm').click();
  for (const p of [ana, bogdan]) await expect(p.page.getByRole('heading', { name: 'Test de grup oprit' })).toBeVisible();

  await ana.page.goto('/grup/istoric');
  const row = ana.page.locator('.group-history__item').first();
  await expect(row).toContainText('Test de grup · Ana Confirmă');
  await expect(row).toContainText('3 participanți în clasament');
  await shoot(ana.page, SHOTS, 'group-history-fair');
});
