// Coupons, the anniversary offer and the trial (issue 8 §5) in Chromium on the sandbox provider:
// a coupon applied at checkout (the server's reduced price, paid with the test card), a days code
// redeemed on /setari/cupoane, the anniversary code claimed by a visitor who signs in and comes
// back, and the trial activated once and refused the second time. Each test has its own account;
// the demo coupons BAC2026 (25 %) and ZILE7 (7 days) come from the demo seed.
import { test, expect } from './fixtures.ts';
import { registerAccount, payWithTestCard } from './helpers.ts';


test('a coupon at checkout: the reduced price, a declined card keeps it, the sandbox card pays it', async ({ page }) => {
  test.slow();
  await registerAccount(page, 'Ioana Cuponescu');
  await page.goto('/cont/premium');
  await page.getByRole('radio', { name: /^12 luni/ }).check();
  await expect(page.getByRole('heading', { name: 'Plată cu cardul: Premium 12 luni, 399,00 lei' })).toBeVisible();

  await page.getByLabel('Cod de reducere (opțional)').fill('nu-exista');
  await page.getByRole('button', { name: 'Aplică' }).click();
  await expect(page.getByText('Cuponul nu a fost găsit.')).toBeVisible();

  await page.getByLabel('Cod de reducere (opțional)').fill('bac2026');
  await page.getByRole('button', { name: 'Aplică' }).click();
  await expect(page.getByText(/Cupon BAC2026: −25% \(−99,75 lei\)/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plată cu cardul: Premium 12 luni, 399,00 lei 299,25 lei' })).toBeVisible();
  // The renewal is disclosed at its full amount, not the coupon's price (issue 23 §1).
  await expect(page.getByTestId('renewal-terms')).toContainText('plătești automat 399,00 lei (prețul întreg al pachetului');
  // Another package: the server prices it again.
  await page.getByRole('radio', { name: /^1 lună/ }).check();
  await expect(page.getByRole('heading', { name: 'Plată cu cardul: Premium 1 lună, 49,00 lei 36,75 lei' })).toBeVisible();
  await page.getByRole('radio', { name: /^12 luni/ }).check();

  await payWithTestCard(page, '4000 0000 0000 0002');
  await expect(page.getByText('Cardul a fost refuzat.').first()).toBeVisible();
  await payWithTestCard(page, '4242 4242 4242 4242');
  await expect(page.getByText('Plata a fost efectuată. Bine ai venit în familia Premium!')).toBeVisible();
  await expect(page.getByText(/Premium 12 luni, 299,25 lei, plătit cu cardul •••• 4242/)).toBeVisible();

  await page.goto('/setari/cupoane');
  const item = page.locator('[data-coupon="BAC2026"]');
  await expect(item).toContainText('25% reducere la pachetul Premium');
  await expect(item).toContainText('Folosit');
});

test('redeem a days code on /setari/cupoane: premium at once; the same code twice is refused', async ({ page }) => {
  await registerAccount(page, 'Mihai Zilescu');
  await page.goto('/setari/cupoane');
  await expect(page.getByText('Nu ai încă niciun cupon.')).toBeVisible();
  await page.getByRole('button', { name: 'Aplică' }).click();
  await expect(page.getByText('Scrie codul cuponului.')).toBeVisible();
  await page.getByLabel('Codul cuponului').fill('zile7');
  await page.getByRole('button', { name: 'Aplică' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gata: 7 zile de Premium gratuit au fost adăugate contului tău.' })).toBeVisible();
  await expect(page.locator('[data-coupon="ZILE7"]')).toContainText('Folosit');
  await page.getByLabel('Codul cuponului').fill('ZILE7');
  await page.getByRole('button', { name: 'Aplică' }).click();
  await expect(page.getByText('Cuponul a fost deja folosit.')).toBeVisible();
  await page.goto('/cont/premium');
  await expect(page.locator('[data-premium-display]')).toHaveText('Încă 7 zile de Premium');
});

test('the anniversary code: a visitor signs in through the modal, comes back, claims it once', async ({ page, newContext }) => {
  test.slow();
  const account = await registerAccount(page, 'Ana Aniversescu');
  // The visitor: another browser, not signed in.
  const context = await newContext();
  const visitor = await context.newPage();
  await visitor.goto('/story/coupon');
  const modal = visitor.getByRole('dialog', { name: /Un an de/ });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('5 zile de Premium gratuit');
  await expect(modal).toContainText('20% reducere');
  await expect(modal.getByText(/Au mai rămas \d+ de coduri/)).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Nu mă interesează.' })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Loghează-te pentru a-l activa' }).click();

  await expect(visitor).toHaveURL(/\/conectare/);
  await visitor.getByLabel('Email').fill(account.email);
  await visitor.getByLabel('Parola', { exact: true }).fill(account.password);
  await visitor.getByRole('button', { name: /Conectează-te|Conectare/ }).click();
  await expect(visitor).toHaveURL(/\/story\/coupon$/);
  const signedIn = visitor.getByRole('dialog', { name: /Un an de/ });
  await expect(signedIn.getByRole('button', { name: 'Nu mă interesează.' })).toBeVisible();
  const before = Number((await signedIn.getByText(/Au mai rămas/).textContent())!.match(/\d+/)![0]);
  await signedIn.getByRole('button', { name: 'Activează codul acum!' }).click();

  await expect(visitor).toHaveURL(/\/setari\/cupoane$/);
  const code = visitor.locator('[data-coupon^="ANIV-"]');
  await expect(code).toContainText('5 zile de Premium și 20% reducere la pachet');
  await expect(code).toContainText('Disponibil');
  expect(await visitor.evaluate(() => localStorage.getItem('redirect'))).toBeNull();
  // The notification is at the front of the feed.
  await visitor.goto('/notificari');
  await expect(visitor.getByText(/Ai primit 5 zile de Premium și 20% reducere la pachet cu codul ANIV-/).first()).toBeVisible();
  // Counted down for everyone; already claimed: the page shows this user's code (issue 23 §1).
  const after = await (await visitor.request.get('/api/v1/coupons/remaining-count?type=grilio_story_code_1')).json();
  expect(after.remaining_count).toBe(before - 1);
  await visitor.goto('/story/coupon');
  await expect(visitor).toHaveURL(/\/story\/coupon$/);
  await expect(visitor.getByTestId('story-claimed')).toContainText(/Codul tău: ANIV-[A-Z2-9]{10}\./);
  await expect(visitor.getByRole('dialog')).toHaveCount(0);
  await visitor.getByRole('link', { name: 'Folosește la plată' }).click();
  await expect(visitor).toHaveURL(/\/cont\/premium\?cupon=ANIV-/);
  // Its free days do not stop the purchase: the packages are there with the discount.
  await expect(visitor.getByText(/Cupon ANIV-[A-Z2-9]{10}: −20%/)).toBeVisible();
});

test('the trial: activated once, refused the second time', async ({ page, context }) => {
  await registerAccount(page, 'Radu Probescu');
  await page.goto('/cont/premium');
  // A second tab opened before the trial was activated still offers it.
  const other = await context.newPage();
  await other.goto('/cont/premium');
  await expect(other.getByRole('button', { name: 'Vreau perioada de probă' })).toBeVisible();

  await page.getByRole('button', { name: 'Vreau perioada de probă' }).click();
  const modal = page.getByRole('dialog', { name: 'Perioada de probă Premium' });
  await modal.getByRole('button', { name: 'Activează 3 zile gratuite' }).click();
  await expect(page.getByText('Ai activat 3 zile gratuite de Premium!')).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(page.locator('[data-premium-display]')).toHaveText('Încă 3 zile de Premium');
  await expect(page.locator('[data-subscription="free"]')).toContainText('Perioada de probă Premium este activă până la');
  // Used this year: the offer is gone (issue 23 §1); the packages are there, after the trial.
  await expect(page.getByRole('button', { name: 'Vreau perioada de probă' })).toHaveCount(0);
  await expect(page.getByTestId('free-premium-note')).toBeVisible();

  await other.getByRole('button', { name: 'Vreau perioada de probă' }).click();
  const again = other.getByRole('dialog', { name: 'Perioada de probă Premium' });
  await again.getByRole('button', { name: 'Activează 3 zile gratuite' }).click();
  await expect(again.getByText('Ai folosit deja perioada de probă anul acesta.')).toBeVisible();
  // Escape closes it, also after the busy button let go of the focus (issue 23 §1).
  await other.keyboard.press('Escape');
  await expect(again).toHaveCount(0);
  await other.getByRole('button', { name: 'Vreau perioada de probă' }).click();
  await expect(again).toBeVisible();
  // Closing clears the error (SPEC §4).
  await again.getByRole('button', { name: 'Mai târziu' }).click();
  await other.getByRole('button', { name: 'Vreau perioada de probă' }).click();
  await expect(other.getByRole('dialog', { name: 'Perioada de probă Premium' })).toBeVisible();
  await expect(other.getByText('Ai folosit deja perioada de probă anul acesta.')).toHaveCount(0);
});

test('the anniversary modal: a signed-in user may decline it', async ({ page }) => {
  await registerAccount(page, 'Elena Refuzescu');
  await page.goto('/story/coupon');
  const modal = page.getByRole('dialog', { name: /Un an de/ });
  await expect(modal.getByRole('button', { name: 'Activează codul acum!' })).toBeVisible();
  await modal.getByRole('button', { name: 'Nu mă interesează.' }).click();
  await expect(page).toHaveURL(/\/teste$/);
  await expect(page.getByRole('dialog', { name: /Un an de/ })).toHaveCount(0);
  // Nothing was claimed: the offer is still there for this account.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/v1/coupons/remaining-count?type=grilio_story_code_1', { headers: { authorization: `Bearer ${token}` } });
  expect((await res.json()).already_claimed).toBe(false);
});
