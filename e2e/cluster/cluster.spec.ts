// The whole product on two processes behind nginx, on PostgreSQL, Redis and an S3 server
// (issue 21 §2). Through the balancer: sign in, a test solved offline and synced once, a payment
// with its invoice. On purpose on one process or the other (their own ports): a message live
// between two people on different processes, a group whose members sit on different processes,
// an avatar stored by one and served by the other, premium bought on one and seen at once on the
// other, a scan uploaded to process 1 (no reader) and read by process 2, rate limits counted once.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, chooseEssentialCookies } from '../fixtures.ts';
import { ADMIN, DEMO, PREMIUM, login, payWithTestCard, registerAccount, readMailFrom } from '../helpers.ts';
import { PDFParse } from 'pdf-parse';
import { CLUSTER_DIR, NODE_URLS } from './env.ts';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { degrade, renderSyntheticSheet, type SyntheticMark } from '../../server/modules/scans/omr/synthetic.ts';

const [NODE1, NODE2] = NODE_URLS as [string, string];
// Mail is delivered by whichever process takes the job: read both outboxes.
readMailFrom([1, 2].map((n) => join(CLUSTER_DIR, `app-${n}`, 'outbox')));

async function tokenOf(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token')))!;
}
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in through the API of one process (no page): the token works on every process. */
async function apiLogin(request: APIRequestContext, base: string, account: { email: string; password: string }): Promise<string> {
  const res = await request.post(`${base}/api/v1/auth/login`, { data: { email: account.email, password: account.password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}
async function userId(request: APIRequestContext, base: string, token: string): Promise<number> {
  return ((await (await request.get(`${base}/api/v1/user`, { headers: auth(token) })).json()) as { user: { id: number } }).user.id;
}
/** Friends both ways (the second request accepts the first); already friends is fine. */
async function befriend(request: APIRequestContext, a: string, b: string) {
  const [aId, bId] = [await userId(request, NODE1, a), await userId(request, NODE2, b)];
  await request.post(`${NODE1}/api/v1/friends/requests`, { headers: auth(a), data: { user_id: bId } });
  await request.post(`${NODE2}/api/v1/friends/requests`, { headers: auth(b), data: { user_id: aId } });
  return { aId, bId };
}
/** Every websocket frame `page` receives from now on (install before the page opens its socket). */
function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  return frames;
}
/** Waits for a recorded frame that contains every one of `parts`, and returns it. */
async function frame(frames: string[], ...parts: string[]): Promise<string> {
  const has = () => frames.find((text) => parts.every((p) => text.includes(p)));
  await expect.poll(() => Boolean(has()), { timeout: 20_000 }).toBe(true);
  return has()!;
}

test('through the balancer: sign in, a test solved offline, synced once', async ({ page, context }) => {
  test.setTimeout(180_000);
  await login(page);
  await page.goto('/ai/cursuri');
  const done = page.locator('.download__status').first();
  if (!(await done.isVisible().catch(() => false))) await page.getByRole('button', { name: /^Descarcă pentru offline/ }).first().click();
  await expect(done).toContainText('Disponibil offline', { timeout: 60_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.goto('/teste/start');
  await page.getByLabel('Număr de grile').fill('3');
  await page.getByRole('button', { name: 'Începe testul' }).click();
  await expect(page).toHaveURL(/\/teste\/[0-9a-f-]{36}$/);
  const testId = page.url().split('/').pop()!;
  for (let i = 0; i < 3; i++) {
    await page.locator('.option__label').nth(i).click();
    await expect(page.getByText('Răspuns salvat')).toBeVisible();
    if (i < 2) await page.getByRole('button', { name: 'Următoarea →' }).click();
  }
  await page.locator('.grid-card__actions').getByRole('button', { name: 'Termină testul' }).click();
  await page.getByRole('button', { name: 'Da, termină' }).click();
  await expect(page.getByText('Rezultat calculat pe dispozitiv')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('Rezultat confirmat de server')).toBeVisible({ timeout: 30_000 });
  // Asked of each process: both read the one database, and the test is there once.
  for (const base of NODE_URLS) {
    const res = await page.request.get(`${base}/api/v1/tests?status=finished`, { headers: auth(await tokenOf(page)) });
    const mine = ((await res.json()) as { tests: { id: string; answered_count: number }[] }).tests.filter((t) => t.id === testId);
    expect(mine).toEqual([expect.objectContaining({ answered_count: 3 })]);
  }
});

test('a message goes live from a person on process 1 to a person on process 2', async ({ browser, request }) => {
  const [ana, mihai] = await Promise.all(
    [NODE1, NODE2].map(async (baseURL) => {
      const context = await browser.newContext({ baseURL });
      await chooseEssentialCookies(context);
      return context.newPage();
    }),
  );
  await login(ana!, DEMO);
  await login(mihai!, PREMIUM);
  const { aId, bId } = await befriend(request, await tokenOf(ana!), await tokenOf(mihai!));
  const frames = recordFrames(mihai!);
  await mihai!.goto(`/mesaje/${aId}`);
  await frame(frames, 'pusher_internal:subscription_succeeded', `private-user.${bId}`);
  await ana!.goto(`/mesaje/${bId}`);
  const text = `Salut din procesul 1 (${Date.now()})`;
  await ana!.getByLabel('Mesaj', { exact: true }).fill(text);
  await ana!.getByRole('button', { name: 'Trimite', exact: true }).click();
  // Live on the other process, without a reload: the event crossed Redis.
  await expect(mihai!.locator('.bubble', { hasText: text })).toBeVisible({ timeout: 10_000 });
});

test('a group whose members sit on different processes: presence and the start arrive live', async ({ browser, request }) => {
  const creatorToken = await apiLogin(request, NODE1, PREMIUM);
  const memberToken = await apiLogin(request, NODE2, DEMO);
  await request.post(`${NODE2}/api/v1/user/activate-trial`, { headers: auth(memberToken) });
  const { bId: memberId } = await befriend(request, creatorToken, memberToken);
  const courses = (await (await request.get(`${NODE1}/api/v1/courses`)).json()) as { manuals: { id: number }[] };
  const created = await request.post(`${NODE1}/api/v1/groups`, {
    headers: auth(creatorToken),
    data: { manual_id: courses.manuals[0]!.id, count: 3, invite_ids: [memberId] },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const { hash } = (await created.json()) as { hash: string };
  expect((await request.post(`${NODE2}/api/v1/groups/${hash}/join`, { headers: auth(memberToken) })).ok()).toBe(true);

  const context = await browser.newContext({ baseURL: NODE2 });
  await chooseEssentialCookies(context);
  const member = await context.newPage();
  await login(member, DEMO);
  const frames = recordFrames(member);
  await member.goto(`/grup/${hash}`);
  const presence = await frame(frames, 'pusher_internal:subscription_succeeded', `presence-group.${hash}`);
  expect(presence).toContain(String(memberId));

  // The creator acts on process 1; the member's socket on process 2 hears it.
  for (const token of [creatorToken, memberToken])
    expect((await request.post(`${NODE1}/api/v1/groups/${hash}/ready`, { headers: auth(token), data: { ready: true } })).ok()).toBe(true);
  expect((await request.post(`${NODE1}/api/v1/groups/${hash}/start`, { headers: auth(creatorToken) })).ok()).toBe(true);
  await frame(frames, `presence-group.${hash}`, 'started');
});

test('premium bought through the balancer is seen at once on both processes, with its invoice', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Signing up through the balancer: the confirmation mail is queued and delivered by either process.
  await registerAccount(page, 'Radu Cluster');
  const token = await tokenOf(page);
  await page.goto('/cont/premium');
  await page.getByRole('radio', { name: /^3 luni/ }).check();
  await payWithTestCard(page);
  await expect(page.getByText('Plata a fost efectuată. Bine ai venit în familia Premium!')).toBeVisible({ timeout: 30_000 });
  for (const base of NODE_URLS) {
    const me = (await (await request.get(`${base}/api/v1/user`, { headers: auth(token) })).json()) as { user: { is_premium: boolean } };
    expect(me.user.is_premium).toBe(true);
  }
  const history = (await (await request.get(`${NODE2}/api/v1/invoices`, { headers: auth(token) })).json()) as {
    payments: { status: string; invoices: { id: number }[] }[];
  };
  const paid = history.payments.filter((p) => p.status === 'succeeded');
  expect(paid).toHaveLength(1);
  expect(paid[0]!.invoices).toHaveLength(1);
  const pdf = await request.get(`${NODE1}/api/v1/invoices/${paid[0]!.invoices[0]!.id}/pdf`, { headers: auth(token) });
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('an avatar stored through process 1 is served by process 2 (object storage)', async ({ request }) => {
  const token = await apiLogin(request, NODE1, PREMIUM);
  const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#3a7' } }).png().toBuffer();
  const res = await request.post(`${NODE1}/api/v1/user/avatar`, {
    headers: auth(token),
    multipart: { avatar: { name: 'poza.png', mimeType: 'image/png', buffer: png } },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { user } = (await res.json()) as { user: { avatar_src: string } };
  const served = await request.get(`${NODE2}${user.avatar_src}`);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
});

test('a scan uploaded to process 1 (no reader there) is read by process 2', async ({ request }) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request, NODE1, PREMIUM);
  const galati = '3b0c5a52-2f0e-4d0b-8a8e-6f7e1c2d9a02';
  const pdf = await request.get(`${NODE1}/api/v1/simulations/${galati}/sheet.pdf`, { headers: auth(token) });
  expect(pdf.status()).toBe(200);
  const parsed = new PDFParse({ data: new Uint8Array(await pdf.body()) });
  const text = (await parsed.getText()).text;
  // The sheet's UUID is in its QR code and the PDF's metadata; the text prints its short code (issue 32 §3).
  const sheetId = String((await parsed.getInfo()).info.Subject);
  const questionCount = Number(/(\d+) (?:de )?întrebări/.exec(text)?.[1] ?? 90);
  const info = { sheet: { id: sheetId, question_count: questionCount } };
  const marks: SyntheticMark[] = [];
  for (let n = 1; n <= 20; n++) marks.push({ n, option: 'B', kind: 'pen' });
  const meta = { sheetId: info.sheet.id, questionCount: info.sheet.question_count, productName: 'Grilio', title: 'Simulare Galați', centreName: 'Galați', candidateName: 'Mihai' };
  const photo = await degrade(await renderSyntheticSheet(meta, marks, 1700, 3), { seed: 3, width: 2000, height: 2600, rotation: -2, perspective: 0.02, blur: 0.5, gradient: 0.1, shadow: 0.1, noise: 2, jpegQuality: 85 });
  const up = await request.post(`${NODE1}/api/v1/simulations/${galati}/scans`, {
    headers: auth(token),
    multipart: { images: { name: 'foaie.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(up.status(), await up.text()).toBeLessThan(300);
  const { scan } = (await up.json()) as { scan: { id: string } };
  await expect
    .poll(async () => ((await (await request.get(`${NODE1}/api/v1/scans/${scan.id}`, { headers: auth(token) })).json()) as { scan: { status: string } }).scan.status, { timeout: 90_000, intervals: [1000] })
    .toMatch(/^(review|graded)$/);
});

test('a rate limit is counted once over the cluster, not once per process', async ({ request }) => {
  // Printing the answer sheet: SHEET_PRINT_RATE (10) a minute per account. Spread over both
  // processes, the eleventh is refused: the counter lives in Redis, not in each process.
  const token = await apiLogin(request, NODE2, ADMIN);
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await request.get(`${NODE_URLS[i % 2]}/api/v1/simulations/3b0c5a52-2f0e-4d0b-8a8e-6f7e1c2d9a02/sheet.pdf`, { headers: auth(token) });
    statuses.push(res.status());
  }
  expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
});

test('maintenance is one switch for every process of the cluster', async ({ request }) => {
  const env = { ...process.env, MAINTENANCE_FILE: join(CLUSTER_DIR, 'maintenance.flag') };
  const cli = (mode: 'on' | 'off') => execFileSync(process.execPath, ['server/cli/maintenance.ts', mode], { env, stdio: 'pipe' });
  // Each process looks at the flag file at most every 500 ms (server/plugins/maintenance.ts): a
  // switch from the CLI reaches every process within that.
  cli('on');
  try {
    for (const base of NODE_URLS) {
      await expect.poll(async () => (await request.get(`${base}/api/v1/settings`)).status(), { timeout: 5000 }).toBe(503);
      const res = await request.get(`${base}/api/v1/settings`);
      expect(await res.json()).toEqual({ errors: { general: ['MAINTENANCE_MODE'] } });
    }
  } finally {
    cli('off');
  }
  for (const base of NODE_URLS) {
    await expect.poll(async () => (await request.get(`${base}/api/v1/settings`)).status(), { timeout: 5000 }).toBe(200);
  }
});
