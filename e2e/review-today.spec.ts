// Issue 31 §1: cards due later today (the plan's reviews of today) are named on the review page and
// the tests hub instead of "nothing to review". The queue's numbers are set here; the server's
// count is tested in tests/server/review-today.test.ts.
import { expect, test } from './fixtures.ts';
import { login, shoot } from './helpers.ts';

const SHOTS = process.env.REVIEW_SHOTS;

test('review due later today: the page and the hub card say how many and when', async ({ page }) => {
  await login(page);
  const nextDue = new Date(Date.now() + 8.5 * 60_000).toISOString();
  await page.route('**/api/v1/review', (route) =>
    route.fulfill({ json: { due_count: 0, due_today: 5, total_cards: 12, next_due: nextDue } }),
  );
  await page.goto('/teste/recapitulare');
  const main = page.getByRole('main');
  await expect(main.getByText(/5 grile de recapitulat azi, prima peste (8|9) min\./)).toBeVisible();
  await expect(main.getByRole('button', { name: /Recapitulează/ })).toHaveCount(0);
  await shoot(page, SHOTS, 'review-later-today');
  await page.goto('/teste');
  await expect(main.getByText(/Nimic de recapitulat acum\. 5 grile de recapitulat azi, prima peste (8|9) min\./)).toBeVisible();
  await shoot(page, SHOTS, 'hub-later-today', '.hub-card:has(h2:text-is("Recapitulare"))');
});
