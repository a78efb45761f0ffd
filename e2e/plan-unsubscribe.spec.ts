// The plan reminder's one-click unsubscribe (issue 31 §1): the reminder mail (sent now through the
// administrator's "send now", since the job's hour is the wall clock's) is read from the outbox, its
// link opened in a browser that never signed in: the page changes nothing until its button, then
// says the reminder is off; signed in afterwards, the plan's settings show no reminder.
// UNSUB_SHOTS=dir saves the page before and after at 390 and 1280 px, light and dark.
import { test, expect } from './fixtures.ts';
import { ADMIN, mailLink, registerAccount, shoot } from './helpers.ts';
import type { PlanResponse } from '../src/shared/plan-payloads.ts';
import { addDays, bucharestDate } from '../src/shared/plan/calendar.ts';

const SHOTS = process.env.UNSUB_SHOTS;

test('the reminder mail\'s link turns the reminder off without a sign-in', async ({ page, newContext }) => {
  test.setTimeout(120_000);
  const { email, password } = await registerAccount(page, 'Ana Dezabonată', '/inregistrare', { billing: false });
  const headers = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
  const saved = await page.request.put('/api/v1/plan/settings', {
    headers,
    data: { centres: [{ slug: 'timisoara', exam_date: addDays(bucharestDate(), 20) }], week_minutes: [90, 90, 90, 90, 90, 90, 90], reminder_hour: 19 },
  });
  expect(saved.status()).toBe(200);
  const hour = async () => ((await (await page.request.get('/api/v1/plan', { headers })).json()) as PlanResponse).settings.reminder_hour;
  const userId = ((await (await page.request.get('/api/v1/user', { headers })).json()) as { user: { id: number } }).user.id;

  // The administrator sends this candidate's reminder now: by e-mail (no push device).
  const signIn = await page.request.post('/api/v1/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  const adminToken = ((await signIn.json()) as { token: string }).token;
  const sent = await page.request.post('/api/v1/admin/plan/reminders/send', { headers: { authorization: `Bearer ${adminToken}` }, data: { user_id: userId } });
  expect(await sent.json()).toEqual({ success: 'PLAN_REMINDER_SENT', via: 'mail' });
  const link = new URL(await mailLink(email, '/memento/oprire'));

  // A browser that never signed in opens the link: a question and one button, nothing changed yet.
  const visitor = await (await newContext()).newPage();
  await visitor.goto(link.pathname + link.search);
  await expect(visitor.getByRole('heading', { name: 'Oprești mementoul zilnic?' })).toBeVisible();
  await expect(visitor.getByText('nu mai primești nici emailul, nici notificarea')).toBeVisible();
  expect(await hour()).toBe(19);
  await shoot(visitor, SHOTS, 'reminder-off-ask');
  await visitor.getByRole('button', { name: 'Oprește mementoul' }).click();
  await expect(visitor.getByRole('heading', { name: 'Mementoul zilnic este oprit' })).toBeVisible();
  await expect(visitor.locator('.form-success')).toContainText('Mementoul zilnic al planului a fost oprit.');
  await expect(visitor.getByText('Îl poți porni din nou oricând')).toBeVisible();
  await shoot(visitor, SHOTS, 'reminder-off-done');
  expect(await hour()).toBeNull();

  // The link again (a second click): the same answer, said so.
  await visitor.reload();
  await visitor.getByRole('button', { name: 'Oprește mementoul' }).click();
  await expect(visitor.locator('.form-success')).toContainText('era deja oprit');

  // A link cut short: the catalogue's words, and the way through the settings.
  await visitor.goto(`${link.pathname}?t=${link.searchParams.get('t')!.slice(0, 12)}`);
  await expect(visitor.getByRole('heading', { name: 'Mementoul nu a fost oprit' })).toBeVisible();
  await expect(visitor.getByRole('alert')).toContainText('Linkul de dezabonare nu este valid');
  await shoot(visitor, SHOTS, 'reminder-off-invalid');

  // Signed in now (from the page's settings link): the plan's settings show no reminder.
  await visitor.getByRole('link', { name: 'Deschide setările planului' }).click();
  await expect(visitor).toHaveURL(/\/conectare/);
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByLabel('Parola', { exact: true }).fill(password);
  await visitor.getByRole('button', { name: /Conectează-te|Conectare/ }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Setările planului' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Amintește-mi la')).toHaveValue('');
  await expect(dialog.getByLabel('Amintește-mi la').locator('option:checked')).toHaveText('Fără memento');
});
