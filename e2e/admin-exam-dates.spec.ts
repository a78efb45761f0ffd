// The exam dates admin (/admin/date-examen, issue 31 §1) in Chromium: the demo admin opens it from
// /admin, gets the server's code under the date field (a date outside its year), adds an
// orientative date, is refused the same centre and year twice, edits it into the real one and
// deletes it; a candidate on the page reads that it is for administrators.
// EXAM_DATES_SHOTS=dir saves the screen at 390 and 1280 px, light and dark.
import { test, expect } from './fixtures.ts';
import { ADMIN, DEMO, login, shoot } from './helpers.ts';

const shots = process.env.EXAM_DATES_SHOTS;

test('admin adds, edits and deletes a centre\'s exam date', async ({ page, newContext }) => {
  test.slow();
  // A year no other test keeps dates for (a retry on the same database picks another).
  const year = 2100 + Math.floor(Math.random() * 99);
  await login(page, ADMIN);
  await page.goto('/admin');
  await page.locator('.admin-hub').getByRole('link', { name: 'Datele examenelor' }).click();
  await expect(page).toHaveURL(/\/admin\/date-examen$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Datele examenelor' })).toBeVisible();
  // The migration's demo dates are listed, marked orientative.
  await expect(page.locator('[data-exam-date="timisoara/2027"]')).toContainText('Orientativă');

  const form = page.getByRole('form', { name: 'Dată nouă' });
  await form.getByLabel('Centrul').selectOption({ label: 'Universitatea „Lucian Blaga” Sibiu' });
  await form.getByLabel('Anul').fill(String(year));
  // The server's check, under the field: the date is not in the year named.
  await form.getByLabel('Data examenului').fill(`${year + 1}-07-20`);
  await form.getByRole('button', { name: 'Adaugă data' }).click();
  await expect(form.locator('.form-field', { has: page.getByLabel('Data examenului') })).toContainText('Data trebuie să fie în anul ales.');

  await form.getByLabel('Data examenului').fill(`${year}-07-20`);
  await form.getByLabel(/^Sursa/).fill('Calendar provizoriu');
  await form.getByRole('checkbox', { name: /Dată orientativă/ }).check();
  await form.getByRole('button', { name: 'Adaugă data' }).click();
  await expect(page.getByText('Data examenului a fost adăugată.')).toBeVisible();
  const row = page.locator(`[data-exam-date="sibiu/${year}"]`);
  await expect(row).toContainText('Orientativă');
  await expect(row).toContainText('Calendar provizoriu');
  await expect(row).toContainText('iulie');

  // The same centre and year again: refused, under the year.
  await form.getByLabel('Data examenului').fill(`${year}-07-21`);
  await form.getByRole('button', { name: 'Adaugă data' }).click();
  await expect(form.locator('.form-field', { has: page.getByLabel('Anul') })).toContainText('Centrul are deja o dată a examenului în acest an');

  // Edit: the real date from the methodology, no longer orientative.
  await row.getByRole('button', { name: /^Editează/ }).click();
  const edit = page.getByRole('form', { name: 'Editează data examenului' });
  await expect(edit.getByLabel('Centrul')).toBeDisabled();
  await edit.getByLabel('Data examenului').fill(`${year}-07-23`);
  await edit.getByLabel(/^Sursa/).fill(`Metodologia ULBS ${year}`);
  await edit.getByRole('checkbox', { name: /Dată orientativă/ }).uncheck();
  await shoot(page, shots, 'admin-exam-dates-edit');
  await edit.getByRole('button', { name: 'Salvează data' }).click();
  await expect(page.getByText('Data examenului a fost salvată.')).toBeVisible();
  await expect(row).toContainText(`Metodologia ULBS ${year}`);
  await expect(row).toContainText('23 iulie');
  await expect(row).toContainText('modificată de');
  await expect(row).not.toContainText('Orientativă');
  await shoot(page, shots, 'admin-exam-dates');

  await row.getByRole('button', { name: /^Șterge/ }).click();
  const confirm = page.getByRole('dialog', { name: /Ștergi data de la/ });
  await confirm.getByRole('button', { name: 'Șterge data' }).click();
  await expect(page.getByText('Data examenului a fost ștearsă.')).toBeVisible();
  await expect(row).toHaveCount(0);

  // A candidate (the demo student) on the page: for administrators only.
  const context = await newContext();
  const user = await context.newPage();
  await login(user, DEMO);
  await user.goto('/admin/date-examen');
  await expect(user.locator('.form-errors')).toContainText('administrator');
  await expect(user.locator('[data-exam-date]')).toHaveCount(0);
  await context.close();
});
