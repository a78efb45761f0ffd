// Referrals (issue 8 §5) in Chromium on the sandbox provider: a user copies their personal link
// from /setari/referrali; a friend registers through it in another browser and pays; both get
// REFERRAL_REWARD_DAYS of premium, and the referrer's page shows who joined and what it earned.
import { test, expect } from './fixtures.ts';
import { registerAccount, payWithTestCard } from './helpers.ts';
import { REFERRAL_REWARD_DAYS } from '../src/shared/referral-rules.ts';

test('a friend registers through the personal link and pays: both are rewarded, the page shows it', async ({
  page,
  newContext,
}) => {
  test.slow();
  await registerAccount(page, 'Andrei Recomandă');
  await page.goto('/setari/referrali');
  await expect(page.getByRole('heading', { level: 1, name: 'Recomandări' })).toBeVisible();
  await expect(page.getByText('Nimeni nu s-a înscris încă prin linkul tău.')).toBeVisible();
  const link = new URL((await page.getByTestId('referral-link').textContent())!.trim());
  expect(link.pathname).toBe('/inregistrare');
  expect(link.searchParams.get('ref')).toMatch(/^[0-9A-F]{12}$/);

  const friendContext = await newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link.pathname + link.search);
  await expect(friend.getByRole('note')).toContainText(
    `amândoi primiți ${REFERRAL_REWARD_DAYS} zile de Premium`,
  );
  await registerAccount(friend, 'Ioana Invitată', link.pathname + link.search);

  // Joined, not yet rewarded.
  await page.reload();
  const row = page.locator('.referral', { hasText: 'Ioana' });
  await expect(row).toContainText('Așteaptă prima plată');
  await expect(row).not.toContainText('Invitată'); // first name only

  await friend.goto('/cont/premium');
  await friend.getByRole('radio', { name: /^1 lună/ }).check();
  await payWithTestCard(friend);
  await expect(friend.getByText('Plata a fost efectuată. Bine ai venit în familia Premium!')).toBeVisible();
  await friendContext.close();

  await page.reload();
  await expect(page.locator('.referral', { hasText: 'Ioana' })).toContainText(
    `+${REFERRAL_REWARD_DAYS} zile de Premium`,
  );
  await expect(
    page.getByText(`Ai câștigat până acum: ${REFERRAL_REWARD_DAYS} zile de Premium`),
  ).toBeVisible();
  // The referrer's premium is real: the server counts the days.
  const user = await page.evaluate(async () => {
    const token = localStorage.getItem('token');
    const res = await fetch('/api/v1/user', { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()).user as { remaining_premium_days: number };
  });
  expect(user.remaining_premium_days).toBeGreaterThanOrEqual(REFERRAL_REWARD_DAYS - 1);
});
