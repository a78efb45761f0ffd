// Order 1: accounts end to end against the real server and its mail outbox.
import { test, expect } from './fixtures.ts';
import { DEMO, login, mailLink, shoot } from './helpers.ts';

test('register → email link from the outbox → almost there → dashboard', async ({ page }) => {
  const email = `ana.${Date.now()}@exemplu.ro`;
  await page.goto('/inregistrare');
  await expect(page).toHaveTitle(/Înregistrare \| Grilio/);
  await page.getByLabel('Nume complet').fill('Marinescu Ana');
  await page.getByLabel('Cum să-ți spunem? (opțional)').fill('Ana');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Parola', { exact: true }).fill('parola-buna-123');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Creează contul' }).click();
  await expect(page).toHaveURL(/\/verifica-email/);
  await expect(page.getByText(email)).toBeVisible();

  const link = await mailLink(email, '/confirma-email');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(/confirmat/i).first()).toBeVisible();

  await page.goto('/teste');
  await expect(page).toHaveURL(/\/inca-un-pas/);
  // Every manual at once (issue 32 §5: biology and chemistry together); none is refused first.
  const manuals = page.getByRole('group', { name: 'Manualele după care înveți' });
  await page.getByLabel('Specializarea').selectOption({ index: 1 });
  await page.getByLabel('Centrul universitar').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Salvează și începe' }).click();
  await expect(manuals).toContainText('Alege cel puțin un manual.');
  await shoot(page, process.env.PROFILE_SHOTS, 'profile-manuals-required', '.form-card');
  const boxes = manuals.getByRole('checkbox');
  const count = await boxes.count();
  for (let i = 0; i < count; i++) await boxes.nth(i).check();
  await page.getByRole('button', { name: 'Salvează și începe' }).click();
  await expect(page).toHaveURL(/\/teste$/);
  // The account page shows them all chosen; the courses list them first, marked.
  await page.goto('/cont');
  for (let i = 0; i < count; i++) await expect(page.getByRole('group', { name: 'Manualele după care înveți' }).getByRole('checkbox').nth(i)).toBeChecked();
  await shoot(page, process.env.PROFILE_SHOTS, 'profile-manuals-account', '#profil');
  await page.goto('/ai/cursuri');
  await expect(page.locator('.manual-card .ctag')).toHaveCount(count);
  await shoot(page, process.env.PROFILE_SHOTS, 'profile-manuals-courses', '.manual-list');
  // The navbar greets by what the person asked to be called, not the first word ("Marinescu").
  await expect(page.locator('.sidebar__name')).toHaveText('Ana');
});

test('bad input keeps what was typed and shows Romanian errors', async ({ page }) => {
  await page.goto('/inregistrare');
  await page.getByLabel('Nume complet').fill('Ana');
  await page.getByLabel('Email').fill('nu-e-email');
  await page.getByLabel('Parola', { exact: true }).fill('scurta');
  await page.getByRole('button', { name: 'Creează contul' }).click();
  await expect(page.getByText('Introdu numele și prenumele, separate printr-un spațiu.')).toBeVisible();
  await expect(page.getByText('Parola trebuie să aibă cel puțin 8 caractere.')).toBeVisible();
  await expect(page.getByLabel('Nume complet')).toHaveValue('Ana');
  await expect(page).toHaveURL(/\/inregistrare/);
});

test('login and logout', async ({ page }) => {
  await login(page, DEMO);
  await expect(page).toHaveURL(/\/teste/);
  await page
    .getByRole('button', { name: /Deconectare|Ieși/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/statistici');
  await expect(page).toHaveURL(/\/conectare\?redirect=%2Fstatistici/);
});

test('wrong password shows the catalogue text', async ({ page }) => {
  await page.goto('/conectare');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Parola', { exact: true }).fill('gresita-123');
  await page.getByRole('button', { name: 'Conectează-te' }).click();
  await expect(page.getByText('Emailul sau parola nu sunt corecte.')).toBeVisible();
});
