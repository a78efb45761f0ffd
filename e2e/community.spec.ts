// Community (issue 7 §5) with two people in two browsers: Ana comments under a grid of the preview
// page, Mihai answers and upvotes it in the grid's discussion, Ana sees the answer and the vote in
// the community's discussions; a proposal is sent by Ana and voted by Mihai.
import type { Page, WebSocket } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { DEMO, PREMIUM, login, shoot } from './helpers.ts';

test('a comment under a grid, a reply and a vote from someone else; a proposal voted', async ({ page: ana, newContext }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const question = `De ce nu e corectă varianta A? ${stamp}`;
  const answer = `Pentru că enunțul cere excepția. ${stamp}`;
  const mihaiContext = await newContext();
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
  // Titled without the internal id; the stem comes with its options.
  await expect(mihai.getByRole('heading', { name: 'Discuția grilei' })).toBeVisible();
  await expect(mihai.getByText(`#${gridId}`)).toHaveCount(0);
  await expect(mihai.getByTestId('community-grid').getByRole('list', { name: 'Variantele de răspuns' }).getByRole('listitem')).not.toHaveCount(0);
  await shoot(mihai, process.env.COMMUNITY_SHOTS, 'grid-discussion', '[data-testid="community-grid"]');
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
});

/** Resolves once a websocket of the page has joined the channel (whichever socket it is on). */
function channelJoined(page: Page, channel: string, ms = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${channel} was not joined`)), ms);
    const onSocket = (ws: WebSocket) => {
      ws.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString();
        if (text.includes('pusher_internal:subscription_succeeded') && text.includes(`"${channel}"`)) {
          clearTimeout(timer);
          page.off('websocket', onSocket);
          resolve();
        }
      });
    };
    page.on('websocket', onSocket);
  });
}

test('a discussion lives: a comment, a reply and a vote show to the other reader without a reload', async ({ page: ana, newContext }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const question = `Apare fără reîncărcare? ${stamp}`;
  const answer = `Da, a apărut singur. ${stamp}`;
  const mihaiContext = await newContext();
  const mihai = await mihaiContext.newPage();
  await login(ana, DEMO);
  await login(mihai, PREMIUM);

  // The first free grid of the preview page, its discussion open on both screens.
  await ana.goto('/teste/grile/preview');
  await ana.getByRole('button', { name: 'Discuția grilei' }).first().click();
  const anaThread = ana.locator('[data-testid^="comments-grid-"]').first();
  await expect(anaThread.getByLabel('Scrie un comentariu')).toBeVisible();
  const gridId = (await anaThread.getAttribute('data-testid'))!.replace('comments-grid-', '');
  const channel = `private-comments.grid.${gridId}`;
  const mihaiJoined = channelJoined(mihai, channel);
  await mihai.goto(`/ai/comunitate?grila=${gridId}`);
  const mihaiThread = mihai.locator(`[data-testid="comments-grid-${gridId}"]`);
  await expect(mihaiThread.getByLabel('Scrie un comentariu')).toBeVisible();
  await mihaiJoined;

  // Ana writes; Mihai's open discussion shows it by itself.
  await anaThread.getByLabel('Scrie un comentariu').fill(question);
  await anaThread.getByRole('button', { name: 'Trimite', exact: true }).click();
  const onMihai = mihaiThread.locator('article.comment', { hasText: question });
  await expect(onMihai).toBeVisible({ timeout: 15_000 });

  // Mihai answers and upvotes; Ana sees both without a reload.
  await onMihai.getByRole('button', { name: /^Util/ }).click();
  await onMihai.getByRole('button', { name: 'Răspunde' }).click();
  await mihai.getByLabel(/^Răspunde lui/).fill(answer);
  await mihai.getByRole('button', { name: 'Trimite răspunsul' }).click();
  await expect(anaThread.locator('article.comment--reply', { hasText: answer })).toBeVisible({ timeout: 15_000 });
  await expect(anaThread.locator('article.comment', { hasText: question }).locator('.comment__votes')).toHaveText('1');
});

test('the public community page lists threads read-only', async ({ page }) => {
  await page.goto('/comunitate');
  await expect(page.getByRole('heading', { name: 'Discuții utile din comunitate' })).toBeVisible();
  await expect(page.getByText('Se încarcă discuțiile…')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Răspunde' })).toHaveCount(0);
});

test('a visitor reads a free chapter’s discussion on its public page, with a way in to comment', async ({ page, newContext }) => {
  // A comment under the first free chapter, written by a signed-in reader.
  const course = await (await page.request.get('/api/v1/courses/biologie-xi')).json();
  const free = (course.chapters as Array<{ id: number; slug: string; premium: boolean }>).find((c) => !c.premium)!;
  const writer = await newContext();
  const w = await writer.newPage();
  await login(w, DEMO);
  const token = await w.evaluate(() => localStorage.getItem('token'));
  const text = `Pentru cine citește fără cont ${Date.now().toString(36)}`;
  const sent = await w.request.post('/api/v1/comments', {
    headers: { authorization: `Bearer ${token}` },
    data: { target_type: 'chapter', target_id: free.id, body: text },
  });
  expect(sent.status()).toBe(201);
  await writer.close();

  // The visitor: the page comes without the discussion's code; it loads near the end of the text.
  const loaded: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/community/public/chapters/')) loaded.push(r.url());
  });
  await page.goto(`/cursuri/biologie-xi/${free.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.locator('.chapter-nav').scrollIntoViewIfNeeded();
  const thread = page.getByTestId('public-chapter-comments');
  await expect(thread.getByRole('heading', { name: /Discuția capitolului/ })).toBeVisible();
  await expect(thread.locator('article.comment', { hasText: text })).toBeVisible();
  // A public page names people as rankings do: "Ana P.", not the full name.
  await expect(thread.locator('article.comment', { hasText: text })).toContainText('Ana P.');
  await expect(thread.locator('article.comment', { hasText: text })).not.toContainText('Ana Popescu');
  await expect(thread.getByRole('link', { name: 'Intră în cont ca să comentezi' })).toHaveAttribute('href', '/conectare');
  // Read-only: nothing to write, answer, vote or report with.
  await expect(thread.getByRole('button')).toHaveCount(0);
  await expect(thread.getByRole('textbox')).toHaveCount(0);
  expect(loaded).toHaveLength(1);
});
