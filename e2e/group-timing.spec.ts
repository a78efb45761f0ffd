// Group tests fair to the second (issue 22 §2), three people in three browser contexts: grid 1
// (10 s) times out with one member who never answered; every screen — hers too — moves to the
// pause showing grid 1 whole (options, key, who answered what), then grid 2 appears on every
// screen with its full 10 s. Each page records, the moment its DOM first shows a grid, what the
// timer said then (a MutationObserver runs before the paint), so a late screen cannot hide
// behind Playwright's own polling.
import type { Page } from '@playwright/test';
import { test, expect, type NewContext } from './fixtures.ts';
import { shoot } from './helpers.ts';
import { bearer, befriend, person, type Person } from './people.ts';

/** A person of people.ts whose page records the first timer text each grid showed, and each pause's, as the DOM changes. */
async function timedPerson(newContext: NewContext, name: string): Promise<Person> {
  const p = await person(newContext, name);
  await p.page.addInitScript(() => {
    const seen = { grids: {} as Record<string, string>, pauses: {} as Record<string, string> };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver(() => {
      const timer = document.querySelector('.group-timer')?.textContent ?? null;
      const pos = document.querySelector('[data-testid="group-position"]')?.textContent ?? null;
      if (pos && timer && !(pos in seen.grids)) seen.grids[pos] = timer;
      const key = document.querySelector('[data-testid="group-pause"] [data-testid="group-key"]')?.textContent ?? null;
      if (key !== null && timer && !(key in seen.pauses)) seen.pauses[key] = timer;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return p;
}

const firstShown = (p: Page, position: string) =>
  p.evaluate((pos) => (window as unknown as { __seen: { grids: Record<string, string> } }).__seen.grids[pos] ?? null, position);

test('a timed-out grid: the pause with options and key on every screen, then the next grid with its full time everywhere', async ({ newContext }) => {
  test.setTimeout(180_000);
  const ana = await timedPerson(newContext, 'Ana Ceas');
  const bogdan = await timedPerson(newContext, 'Bogdan Ceas');
  const carmen = await timedPerson(newContext, 'Carmen Ceas');
  await befriend(ana, bogdan);
  await befriend(ana, carmen);
  const all = [ana, bogdan, carmen];

  const courses = await (await ana.page.request.get('/api/v1/courses', { headers: await bearer(ana.page) })).json();
  const manualId = courses.manuals[0].id as number;
  const created = await ana.page.request.post('/api/v1/groups', {
    headers: await bearer(ana.page),
    data: { manual_id: manualId, count: 2, seconds_per_grid: 10, pause_seconds: 5, invite_ids: [bogdan.id, carmen.id] },
  });
  expect(created.status()).toBe(201);
  const hash = (await created.json()).hash as string;
  for (const p of [bogdan, carmen]) expect((await p.page.request.post(`/api/v1/groups/${hash}/join`, { headers: await bearer(p.page) })).ok()).toBe(true);
  for (const p of all) await p.page.goto(`/grup/${hash}`);
  // Everyone's page is on the channel before the start (the start reaches them live).
  for (const p of all) await expect(p.page.locator('.group-member', { hasText: '(tu)' })).toContainText('conectat');

  await ana.page.getByRole('button', { name: 'Pornește testul' }).click();
  const leadState = await stateOf(ana);
  // The lead before grid 1, on every screen, then grid 1 with its full time.
  for (const p of all) await expect(p.page.getByTestId('group-position')).toHaveText('1');
  for (const p of all) expect(await firstShown(p.page, '1')).toBe('10 s');

  // Ana and Bogdan answer grid 1; Carmen never does: it times out.
  await ana.page.locator('.group-option').first().click();
  await ana.page.getByRole('button', { name: 'Trimite răspunsul' }).click();
  await bogdan.page.locator('.group-option').nth(1).click();
  await bogdan.page.getByRole('button', { name: 'Trimite răspunsul' }).click();
  await expect(carmen.page.getByRole('timer')).toHaveText('0 s', { timeout: 15_000 });
  await expect(carmen.page.locator('.group-solve__bar')).toContainText('Timpul a expirat');

  // The pause on every screen, Carmen's too: grid 1 whole with its key and who answered what.
  for (const p of all) {
    const pause = p.page.getByTestId('group-pause');
    await expect(pause).toBeVisible();
    await expect(pause.getByRole('list', { name: 'Variantele și cheia' }).getByRole('listitem')).toHaveCount(5);
    await expect(pause.locator('.group-reveal__option.is-correct')).not.toHaveCount(0);
    await expect(pause.getByTestId('group-answers')).toContainText('Carmen Ceas');
    // …and why the key is right: the pause is for reading it (issue 32 §2).
    await expect(pause.getByTestId('group-explanation')).not.toBeEmpty();
  }
  const pauseState = await stateOf(carmen);
  const carmenRow = carmen.page.getByTestId('group-answers').getByRole('listitem').filter({ hasText: 'Carmen Ceas' });
  await expect(carmenRow).toContainText('fără răspuns');
  const key = (await carmen.page.getByTestId('group-key').textContent())!;
  for (const p of [ana, bogdan]) await expect(p.page.getByTestId('group-key')).toHaveText(key);

  // Grid 2 on every screen, each first showing the full 10 s (not 7.8 s of 10).
  for (const p of all) await expect(p.page.getByTestId('group-position')).toHaveText('2', { timeout: 15_000 });
  for (const p of all) expect(await firstShown(p.page, '2')).toBe('10 s');

  // Everyone answers grid 2: the test ends; the results show every grid whole.
  for (const p of all) {
    await p.page.locator('.group-option').first().click();
    await p.page.getByRole('button', { name: 'Trimite răspunsul' }).click();
  }
  await expect(ana.page.getByRole('heading', { name: 'Rezultatele testului de grup' })).toBeVisible();
  await expect(ana.page.getByTestId('group-reveal')).toHaveCount(2);
  await expect(ana.page.getByTestId('group-reveal').first().getByRole('listitem').filter({ hasText: 'corect' }).first()).toBeVisible();
  await shoot(ana.page, process.env.GROUP_SHOTS, 'group-results-grids');
  // The two pause screens last seconds: shot on a page served the state read then, held open.
  for (const [name, s] of [
    ['group-lead', leadState],
    ['group-pause', pauseState],
  ] as const)
    if (process.env.GROUP_SHOTS && s.pause) {
      const page = await carmen.page.context().newPage();
      const held = { ...s, server_now: new Date().toISOString(), pause: { ...s.pause, opens_at: new Date(Date.now() + 600_000).toISOString() } };
      await page.route(`**/api/v1/groups/${hash}`, (route) => route.fulfill({ json: held }));
      await page.goto(`/grup/${hash}`);
      await expect(page.getByTestId('group-pause')).toBeVisible();
      await shoot(page, process.env.GROUP_SHOTS, name);
      await page.close();
    }
});

async function stateOf(p: Person) {
  return (await p.page.request.get(`/api/v1/groups/${new URL(p.page.url()).pathname.split('/').pop()}`, { headers: await bearer(p.page) })).json();
}
