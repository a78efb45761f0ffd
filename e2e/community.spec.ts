// Community (issue 7 §5) with two people in two browsers: Ana comments under a grid of the preview
// page, Mihai answers and upvotes it in the grid's discussion, Ana sees the answer and the vote in
// the community's discussions; a proposal is sent by Ana and voted by Mihai.
import { test, expect } from './fixtures.ts';
import { chooseEssentialCookies } from './fixtures.ts';
import { DEMO, PREMIUM, login } from './helpers.ts';

test('a comment under a grid, a reply and a vote from someone else; a proposal voted', async ({ page: ana, browser }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const question = `De ce nu e corectă varianta A? ${stamp}`;
  const answer = `Pentru că enunțul cere excepția. ${stamp}`;
  const mihaiContext = await browser.newContext();
  await chooseEssentialCookies(mihaiContext);
  const mihai = await mihaiContext.newPage();
  await login(ana, DEMO);
  await login(mihai, PREMIUM);

  // Ana: the free sample grids of the preview page, the first grid's discussion.
  await ana.goto('/teste/grile/preview');
  await ana.getByRole('button', { name: 'Discuția grilei' }).first().click();
  const thread = ana.locator('[data-testid^="comments-grid-"]').first();
  await expect(thread.getByLabel('Scrie un comentariu')).toBeVisible();
  const gridId = (await thread.getAttribute('data-testid'))!.replace('comments-grid-', '');
  // Markup is text: it shows as typed and makes no element.
  await thread.getByLabel('Scrie un comentariu').fill(`${question} <b>x</b>`);
  await thread.getByRole('button', { name: 'Trimite', exact: true }).click();
  await expect(ana.getByText('Comentariul a fost trimis.')).toBeVisible();
  const mine = thread.locator('article.comment', { hasText: question });
  await expect(mine).toContainText('<b>x</b>');
  await expect(mine.locator('b')).toHaveCount(0);

  // Mihai: the grid's discussion (where a reply notification leads), answers and upvotes.
  await mihai.goto(`/ai/comunitate?grila=${gridId}`);
  const theirs = mihai.locator('article.comment', { hasText: question });
  await expect(theirs).toBeVisible();
  await theirs.getByRole('button', { name: /^Util/ }).click();
  await expect(theirs.getByRole('button', { name: /^Util/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(theirs.locator('.comment__votes')).toHaveText('1');
  await theirs.getByRole('button', { name: 'Răspunde' }).click();
  await mihai.getByLabel(/^Răspunde lui/).fill(answer);
  await mihai.getByRole('button', { name: 'Trimite răspunsul' }).click();
  await expect(mihai.locator('article.comment--reply', { hasText: answer })).toBeVisible();

  // Ana: the newest discussions show her question with Mihai's vote and answer.
  await ana.goto('/ai/comunitate');
  await ana.getByRole('button', { name: 'Cele mai noi' }).click();
  const card = ana.locator('.community-thread', { hasText: question });
  await expect(card).toBeVisible();
  await expect(card.locator('article.comment', { hasText: question }).locator('.comment__votes')).toHaveText('1');
  await expect(card.locator('article.comment--reply', { hasText: answer })).toContainText('Mihai Ionescu');

  // 'Decide the future': Ana proposes, Mihai votes, Ana sees the vote.
  const title = `Fișe PDF pe capitole ${stamp}`;
  await ana.getByRole('link', { name: /^Decide viitorul/ }).click();
  await expect(ana).toHaveURL(/tab=viitorul-/);
  await ana.getByLabel('Titlu').fill(title);
  await ana.getByLabel('Descriere').fill('Aș vrea să pot descărca fiecare capitol ca PDF.');
  await ana.getByRole('button', { name: 'Trimite propunerea' }).click();
  await expect(ana.getByText('Propunerea a fost trimisă. Mulțumim!')).toBeVisible();
  await expect(ana.locator('.proposal', { hasText: title })).toContainText('Propusă');

  await mihai.goto(ana.url().replace(/^https?:\/\/[^/]+/, ''));
  await mihai.getByRole('button', { name: 'Cele mai noi' }).click();
  const proposal = mihai.locator('.proposal', { hasText: title });
  await proposal.getByRole('button', { name: /^Votează/ }).click();
  await expect(proposal.locator('.proposal__votes')).toHaveText('1');

  await ana.reload();
  await ana.getByRole('button', { name: 'Cele mai noi' }).click();
  await expect(ana.locator('.proposal', { hasText: title }).locator('.proposal__votes')).toHaveText('1');
  await mihaiContext.close();
});

test('the public community page lists threads read-only', async ({ page }) => {
  await page.goto('/comunitate');
  await expect(page.getByRole('heading', { name: 'Discuții utile din comunitate' })).toBeVisible();
  await expect(page.getByText('Se încarcă discuțiile…')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Răspunde' })).toHaveCount(0);
});
