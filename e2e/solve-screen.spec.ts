// The solve screen at the level of the best question banks (issue 11 §4.1, §4.3, §4.4, §5):
// an upright question card, keyboard marking and moving, flag, strike-outs, a note saved offline
// then synced, favourite and report from the solve screen and the results, resume at the first
// unanswered grid, 'Reia grilele greșite', and the phone's bottom bar at 390 px.
import { type APIRequestContext } from '@playwright/test';
import { test, expect, type Page, chooseEssentialCookies } from './fixtures.ts';
import { dismissOverlays, login } from './helpers.ts';

type GridOut = {
  id: number;
  type: 'CS' | 'CM' | 'CG';
  options: Record<string, string>;
  correct: string[] | null;
};

async function token(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token')))!;
}

async function apiGet<T>(request: APIRequestContext, tok: string, path: string): Promise<T> {
  const res = await request.get(`/api/v1${path}`, { headers: { Authorization: `Bearer ${tok}` } });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

async function startTest(page: Page, count: number): Promise<string> {
  await page.goto('/teste/start');
  await dismissOverlays(page);
  await page.getByLabel('Număr de grile').fill(String(count));
  await page.getByRole('button', { name: 'Începe testul' }).click();
  await expect(page).toHaveURL(/\/teste\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop()!;
}

const currentGridId = async (page: Page) =>
  Number(await page.locator('.grid-card').getAttribute('data-grid-id'));

/** A letter that is surely wrong for the shown grid (the grid's key is public in the courses). */
async function wrongLetter(page: Page, tok: string): Promise<string> {
  const { grid } = await apiGet<{ grid: GridOut }>(page.request, tok, `/grids/${await currentGridId(page)}`);
  const letter = Object.keys(grid.options).find((l) => !(grid.correct ?? []).includes(l));
  expect(letter).toBeTruthy();
  return letter!;
}

test('desktop: upright card, keyboard, flag, strike-out, note offline then synced, favourite and report, resume, retest wrong', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page);
  const tok = await token(page);
  const id = await startTest(page, 4);
  await expect(page.getByRole('heading', { name: 'Grila 1 din 4' })).toBeVisible();

  // §4.1: no style of the home page tilts the card.
  const card = page.locator('.grid-card');
  expect(await card.evaluate((el) => getComputedStyle(el).transform)).toBe('none');

  // Keyboard: a wrong letter on grid 1 (the retest needs one), move with → and J/K, digits mark.
  const wrong1 = await wrongLetter(page, tok);
  await page.keyboard.press(wrong1.toLowerCase());
  await expect(page.getByText('Răspuns salvat')).toBeVisible();
  await expect(page.locator('.option.is-checked')).toHaveCount(1);
  await expect(page.locator('.option.is-checked .option__letter')).toHaveText(wrong1);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('heading', { name: 'Grila 2 din 4' })).toBeVisible();
  await page.keyboard.press('k');
  await expect(page.getByRole('heading', { name: 'Grila 1 din 4' })).toBeVisible();
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { name: 'Grila 2 din 4' })).toBeVisible();
  await page.keyboard.press('1');
  await expect(page.locator('.option.is-checked .option__letter')).toHaveText('A');
  // F flags the grid.
  await page.keyboard.press('f');
  await expect(page.getByRole('button', { name: 'Grila 2, răspunsă, marcată, curentă' })).toBeVisible();

  // Strike-outs: Shift+letter and a right click; kept on the device across a reload.
  await page.keyboard.press('Shift+C');
  await page.locator('.option__label').nth(3).click({ button: 'right' });
  await expect(page.locator('.option.is-struck .option__letter')).toHaveText(['C', 'D']);
  await expect(page.locator('.option.is-checked .option__letter')).toHaveText('A'); // striking is not answering

  // The help: a visible button and '?'.
  await page.getByRole('button', { name: 'Scurtături' }).click();
  await expect(page.getByRole('heading', { name: 'Scurtături de tastatură' })).toBeVisible();
  await page.keyboard.press('?');
  await expect(page.getByRole('heading', { name: 'Scurtături de tastatură' })).toBeHidden();

  // Favourite and report from the solve screen; no sharing with a friend in the middle of an exam.
  await expect(page.locator('.grid-card').getByRole('button', { name: 'Raportează' })).toBeVisible();
  await expect(page.locator('.grid-card').getByRole('button', { name: 'Trimite unui prieten' })).toHaveCount(0);
  const grid2 = await currentGridId(page);
  await page.locator('.grid-card').getByRole('button', { name: 'Favorite' }).click();
  await expect(page.locator('.grid-card').getByRole('button', { name: 'La favorite' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect
    .poll(async () =>
      (await apiGet<{ favorites: { grid_id: number }[] }>(page.request, tok, '/favorites')).favorites.some(
        (f) => f.grid_id === grid2,
      ),
    )
    .toBe(true);
  await page.locator('.grid-card').getByRole('button', { name: 'Raportează' }).click();
  const dialog = page.getByRole('dialog', { name: 'Raportează grila 2' });
  await dialog.getByLabel('Ce greșeală ai găsit?').fill('Varianta B pare formulată greșit.');
  await dialog.getByRole('button', { name: 'Trimite raportarea' }).click();
  await expect(page.getByText('Mulțumim! Am primit raportarea și o verificăm.')).toBeVisible();

  // A note written offline waits on the device, then reaches the account when back online.
  await page.context().setOffline(true);
  await page.locator('.grid-card').getByRole('button', { name: 'Notiță' }).click();
  const note = page.getByLabel(/Notița ta la grila 2/);
  await note.fill('Atenție la „cu excepția”.');
  await expect(page.getByText('Salvată pe dispozitiv; se trimite când revii online')).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByText('Salvată în cont')).toBeVisible({ timeout: 30_000 });
  const saved = await apiGet<{ note: { text: string } | null }>(page.request, tok, `/grids/${grid2}/note`);
  expect(saved.note?.text).toBe('Atenție la „cu excepția”.');

  // Reload: strike-outs and the last viewed grid are kept on this device.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Grila 2 din 4' })).toBeVisible();
  await expect(page.locator('.option.is-struck .option__letter')).toHaveText(['C', 'D']);

  // §4.3: on another device (no last viewed grid there) resuming opens the first unanswered grid, not grid 1.
  const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await chooseEssentialCookies(other);
  const page2 = await other.newPage();
  await login(page2);
  await page2.goto(`/teste/${id}`);
  await dismissOverlays(page2);
  await expect(page2.getByRole('heading', { name: 'Grila 3 din 4' })).toBeVisible();
  await other.close();

  // Finish and retest the wrong ones.
  await page.locator('.solve__side').getByRole('button', { name: 'Termină testul' }).click();
  await page.getByRole('button', { name: 'Da, termină' }).click();
  await expect(page).toHaveURL(/\/rezultate$/);
  await expect(page.getByText('Rezultat confirmat de server')).toBeVisible({ timeout: 30_000 });
  const wrongRows = page.locator('.result-row--wrong, .result-row--partial');
  const wrongCount = await wrongRows.count();
  expect(wrongCount).toBeGreaterThanOrEqual(1);

  // Favourite and report from the results, for any grid (here the fourth, unanswered).
  const row4 = page.locator('.result-row').nth(3);
  await expect(row4.getByRole('button', { name: 'Trimite unui prieten' })).toBeVisible(); // the exam is over
  await row4.getByRole('button', { name: 'Favorite' }).click();
  await expect(row4.getByRole('button', { name: 'La favorite' })).toHaveAttribute('aria-pressed', 'true');
  await row4.getByRole('button', { name: 'Raportează' }).click();
  const dialog4 = page.getByRole('dialog', { name: 'Raportează grila 4' });
  await dialog4.getByLabel('Ce greșeală ai găsit?').fill('Explicația nu se potrivește cu răspunsul.');
  await dialog4.getByRole('button', { name: 'Trimite raportarea' }).click();
  await expect(dialog4).toBeHidden();

  await expect(page.getByRole('button', { name: 'Reia grilele marcate (1)' })).toBeVisible();
  // Partly right grids are retaken too, and then the button says so (issue 32 §5).
  const partials = await page.locator('.result-row--partial').count();
  const retake = partials ? 'Reia grilele greșite și parțiale' : 'Reia grilele greșite';
  await page.getByRole('button', { name: `${retake} (${wrongCount})` }).click();
  await expect(page).toHaveURL(/\/teste\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(id);
  await expect(page.getByRole('heading', { name: `Grila 1 din ${wrongCount}` })).toBeVisible();
});

test('phone 390 px: bottom bar in view with previous / flag / next, the overview as a sheet', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await chooseEssentialCookies(context);
  const page = await context.newPage();
  await login(page);
  await startTest(page, 3);
  await expect(page.getByRole('heading', { name: 'Grila 1 din 3' })).toBeVisible();

  const bar = page.getByRole('navigation', { name: 'Navigare între grile' });
  await expect(bar).toBeVisible();
  const box = (await bar.boundingBox())!;
  expect(box.y).toBeGreaterThan(0);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  expect(box.width).toBeLessThanOrEqual(390);
  // Every button of the bar lies inside the screen (none cut off at the right edge).
  for (const b of await bar.getByRole('button').all()) {
    const r = (await b.boundingBox())!;
    expect(r.x + r.width).toBeLessThanOrEqual(390);
  }
  // The card's own row of buttons is replaced by the bar.
  await expect(page.locator('.grid-card__actions')).toBeHidden();

  // Nothing moves under the finger after an answer, online (issue 32 §5): a CM grid takes a second
  // tap at once. Over the 2 s after the tap: option B stays where it was, no layout shift at all
  // (counted with the shifts right after input too), and no "waiting" banner or pill for an answer
  // that is only on its way.
  await page.evaluate(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.shifts += (e as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift' });
  });
  const yBefore = (await page.locator('.option__label').nth(1).boundingBox())!.y;
  await page.locator('.option__label').first().tap();
  const watched = await page.evaluate(async () => {
    const ys = new Set<number>();
    let banner = false;
    const end = performance.now() + 2000;
    while (performance.now() < end) {
      ys.add(Math.round(document.querySelectorAll('.option__label')[1]!.getBoundingClientRect().top + window.scrollY));
      banner ||= Boolean(document.querySelector('[data-testid="sync-status"], .solve__bar .pill--offline'));
      await new Promise((r) => requestAnimationFrame(r));
    }
    return { ys: [...ys], banner, shifts: (window as unknown as { shifts: number }).shifts };
  });
  expect(watched).toEqual({ ys: [Math.round(yBefore + (await page.evaluate(() => window.scrollY)))], banner: false, shifts: 0 });
  await expect(page.getByText('Răspuns salvat')).toBeVisible();
  await expect(bar.getByRole('button', { name: /^1\/3 răspunse/ })).toContainText('1/3');
  await bar.getByRole('button', { name: /Următoarea/ }).tap();
  await expect(page.getByRole('heading', { name: 'Grila 2 din 3' })).toBeVisible();
  await bar.getByRole('button', { name: 'Marchează grila' }).tap();
  await expect(bar.getByRole('button', { name: 'Grilă marcată' })).toHaveAttribute('aria-pressed', 'true');
  await bar.getByRole('button', { name: 'Grila anterioară' }).tap();
  await expect(page.getByRole('heading', { name: 'Grila 1 din 3' })).toBeVisible();

  // The overview opens as a sheet at the bottom; picking a number closes it.
  await bar.getByRole('button', { name: /răspunse/ }).tap();
  const sheet = page.getByRole('dialog', { name: /Toate grilele/ });
  await expect(sheet).toBeVisible();
  const sheetBox = (await sheet.boundingBox())!;
  expect(Math.round(sheetBox.y + sheetBox.height)).toBeGreaterThanOrEqual(843);
  await sheet.getByRole('button', { name: /^Grila 3,/ }).tap();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Grila 3 din 3' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Termină' })).toBeVisible();
  await context.close();
});
