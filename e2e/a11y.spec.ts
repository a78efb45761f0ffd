// Accessibility (issue 23 §5): axe-core (WCAG 2.0–2.2, levels A and AA) on the visitor pages and the
// signed-in ones — dashboard, statistics, the solve screen, the group lobby and the checkout — at
// 1280 and 390 px. No serious or critical violation anywhere. label-content-name-mismatch (WCAG
// 2.5.3) is still marked experimental by axe, so it is switched on by name.
// A11Y_SHOTS=dir saves the changed screens at 390 and 1280 px, light and dark.
import { createRequire } from 'node:module';
import { test, expect, type Page } from './fixtures.ts';
import { DEMO, login, registerAccount, shoot } from './helpers.ts';
import { bearer } from './people.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const WIDTHS = [1280, 390] as const;
const shots = process.env.A11Y_SHOTS;

// axe is injected as a script tag; the app's Content-Security-Policy would block it (rightly).
test.use({ bypassCSP: true });

type Violation = { id: string; impact: string | null; help: string; nodes: string[] };

/** The page has drawn its content: a heading, nothing still loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await expect(page.locator('.page-loading')).toHaveCount(0);
  // No fade still running (a modal opens in steps, then fades in): axe reads colours mid-fade as
  // low contrast. Checked a quarter of a second apart, so a step about to start is seen too.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            setTimeout(() => resolve(document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length), 250),
          ),
      ),
    )
    .toBe(0);
}

async function violations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async (tags) => {
    type AxeResult = { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> };
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<AxeResult> } }).axe;
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  }, TAGS);
}

/** Audits the page as it is at each width; the open page is re-laid out, not reloaded. */
async function audit(page: Page, label: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    const found = await violations(page);
    const bad = found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    const rest = found.filter((v) => !bad.includes(v));
    if (rest.length) test.info().annotations.push({ type: 'a11y-minor', description: `${label} @${width}: ${rest.map((v) => `${v.id} (${v.impact})`).join(', ')}` });
    expect(bad, `${label} @${width}px: ${JSON.stringify(bad, null, 1)}`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await audit(page, path);
}

const VISITOR = [
  '/',
  '/despre-noi',
  '/contact',
  '/cursuri',
  '/comunitate',
  '/faqs',
  '/intra-in-familie',
  '/legal/termeni',
  '/legal/politica-de-confidentialitate',
  '/story/coupon',
  '/conectare',
  '/inregistrare',
  '/recuperare-parola',
];

const SIGNED_IN = [
  '/cont/premium', // where a signed-in candidate lands
  '/cont',
  '/statistici',
  '/teste',
  '/teste/start',
  '/teste/istoric',
  '/teste/simulare/centre',
  '/teste/simulare/surse',
  '/ai/cursuri',
  '/ai/comunitate',
  '/favorite',
  '/notificari',
  '/prieteni',
  '/mesaje',
  '/setari',
];

test('visitor pages: no serious or critical violation at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  for (const path of VISITOR) await visit(page, path);
});

test('signed-in pages, statistics included: no serious or critical violation at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(300_000);
  await login(page, DEMO);
  for (const path of SIGNED_IN) await visit(page, path);
  // The two fixed items: the account link names what it shows, the statistics tiles are a valid list.
  await page.goto('/statistici');
  await settled(page);
  const account = page.locator('.sidebar__user');
  await expect(account).toHaveAccessibleName(/^Salut, .+ — contul tău$/);
  await expect(page.locator('.stat-tiles > div > :not(dt):not(dd)')).toHaveCount(0);
  await shoot(page, shots, 'a11y-statistics');
});

test('the solve screen and the checkout: no serious or critical violation', async ({ page }) => {
  test.setTimeout(180_000);
  await registerAccount(page, 'Ada Accesibil');
  await page.goto('/teste/start');
  await page.getByRole('button', { name: 'Începe testul' }).click();
  await expect(page).toHaveURL(/\/teste\/[0-9a-f-]{36}$/);
  await audit(page, 'solve screen');
  await page.locator('.option').first().click();
  await audit(page, 'solve screen, one option marked');

  await page.goto('/cont/premium');
  await page.getByRole('radio', { name: /^1 lună/ }).check();
  await expect(page.getByLabel('Numărul cardului')).toBeVisible();
  await audit(page, 'checkout');
});

test('the group lobby: no serious or critical violation', async ({ page, newContext }) => {
  test.setTimeout(150_000);
  // Two candidates with the trial (group tests need Premium), friends, one invites the other.
  const friendContext = await newContext({ bypassCSP: true });
  const friend = await friendContext.newPage();
  await registerAccount(friend, 'Filip Prieten');
  await registerAccount(page, 'Gina Grup');
  const ids: number[] = [];
  for (const p of [page, friend]) {
    const headers = await bearer(p);
    expect((await p.request.post('/api/v1/user/activate-trial', { headers })).ok()).toBe(true);
    ids.push((await (await p.request.get('/api/v1/user', { headers })).json()).user.id as number);
  }
  expect((await page.request.post('/api/v1/friends/requests', { headers: await bearer(page), data: { user_id: ids[1] } })).ok()).toBe(true);
  expect((await friend.request.post('/api/v1/friends/requests', { headers: await bearer(friend), data: { user_id: ids[0] } })).ok()).toBe(true);
  await friendContext.close();

  await page.goto('/grup/start');
  await page.getByLabel('Număr de grile').fill('3');
  await page.getByLabel('Secunde pe grilă').fill('120');
  await page.getByLabel('Filip Prieten').check();
  await page.getByRole('button', { name: 'Creează testul de grup' }).click();
  await expect(page).toHaveURL(/\/grup\/[a-z0-9]{12}$/);
  await expect(page.locator('.group-member', { hasText: '(tu)' })).toBeVisible();
  await audit(page, 'group lobby');
});
