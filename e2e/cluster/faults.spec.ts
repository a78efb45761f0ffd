// Faults without loss on the cluster (issue 21 §3), each while a candidate keeps saving answers the
// way the app's outbox does (a client id per answer; no answer or a 5xx → the same request again
// after a pause) and a person keeps a realtime connection open through the balancer:
// - a rolling restart of every process: no answer lost, none twice, no 5xx on reads, the socket
//   reconnects by itself and a later message still arrives live;
// - kill -9 of a process mid-answers: the same;
// - Redis away and back: the API keeps answering (never 500), realtime recovers by itself;
// - PostgreSQL away and back: 503 with Retry-After meanwhile, answers again without a restart.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, chooseEssentialCookies } from '../fixtures.ts';
import { DEMO, PREMIUM, login } from '../helpers.ts';
import { CLUSTER_URL, CONTROL_URL, NODE_URLS } from './env.ts';

test.describe.configure({ mode: 'serial' });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const fault = async (request: APIRequestContext, what: string) =>
  expect((await request.post(`${CONTROL_URL}/${what}`, { timeout: 180_000 })).status()).toBe(200);

async function apiLogin(request: APIRequestContext, account: { email: string; password: string }): Promise<{ token: string; id: number }> {
  const res = await request.post(`${CLUSTER_URL}/api/v1/auth/login`, { data: account });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { token: string; user: { id: number } };
  return { token: body.token, id: body.user.id };
}

/** A practice test of `count` grids through the balancer. */
async function newTest(request: APIRequestContext, token: string, count: number) {
  const courses = (await (await request.get(`${CLUSTER_URL}/api/v1/courses`)).json()) as { manuals: { id: number }[] };
  const res = await request.post(`${CLUSTER_URL}/api/v1/tests`, { headers: auth(token), data: { manual_id: courses.manuals[0]!.id, count, mode: 'exam' } });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { test: { id: string } }).test.id;
  const detail = (await (await request.get(`${CLUSTER_URL}/api/v1/tests/${id}`, { headers: auth(token) })).json()) as { grids: { id: number }[] };
  return { id, grids: detail.grids.map((g) => g.id) };
}

type Tally = { firstTry5xx: number; networkErrors: number; retries: number; duringFault: number };

/**
 * Saves one answer per grid, about 4 a second, retrying each until the server has it (as the
 * outbox does), for as long as `busy()` says the fault is under way and then to the last grid.
 */
async function answerAll(request: APIRequestContext, token: string, t: { id: string; grids: number[] }, tally: Tally, busy: () => boolean) {
  for (const [i, gridId] of t.grids.entries()) {
    if (!busy() && i >= 10 && tally.duringFault === 0) throw new Error('the fault ended before answers were saved during it');
    const body = { id: randomUUID(), marked: ['A'] };
    for (let attempt = 0; ; attempt++) {
      const res = await request
        .put(`${CLUSTER_URL}/api/v1/tests/${t.id}/answers/${gridId}`, { headers: auth(token), data: body, timeout: 15_000 })
        .catch(() => null);
      if (res && res.status() < 300) {
        if (busy()) tally.duringFault++;
        break;
      }
      if (!res) tally.networkErrors++;
      else if (res.status() >= 500 && attempt === 0) tally.firstTry5xx++;
      tally.retries++;
      expect(attempt, `answer to grid ${gridId} never saved`).toBeLessThan(60);
      await new Promise((r) => setTimeout(r, 500));
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Reads through the balancer in a loop until `stop`, counting 5xx answers and network errors. */
function readLoop(request: APIRequestContext, token: string) {
  let stop = false;
  const seen = { ok: 0, bad: [] as string[] };
  const done = (async () => {
    while (!stop) {
      const res = await request.get(`${CLUSTER_URL}/api/v1/user`, { headers: auth(token), timeout: 15_000 }).catch((e: Error) => e);
      if (res instanceof Error) seen.bad.push(res.message.split('\n')[0]!);
      else if (res.status() >= 500) seen.bad.push(String(res.status()));
      else seen.ok++;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return { seen, stop: async () => ((stop = true), await done) };
}

async function expectEachAnsweredOnce(request: APIRequestContext, token: string, t: { id: string; grids: number[] }) {
  const detail = (await (await request.get(`${CLUSTER_URL}/api/v1/tests/${t.id}`, { headers: auth(token) })).json()) as { answers: { grid_id: number }[] };
  expect(detail.answers.map((a) => a.grid_id).sort((a, b) => a - b)).toEqual([...t.grids].sort((a, b) => a - b));
}

/** A page signed in through the balancer, on its conversation with `friendId`, socket subscribed. */
async function listener(page: Page, friendId: number): Promise<void> {
  await login(page, DEMO);
  await page.goto(`/mesaje/${friendId}`);
  await expect(page.getByLabel('Mesaj', { exact: true })).toBeVisible();
}

async function sendAndSee(request: APIRequestContext, page: Page, token: string, toId: number, label: string) {
  const text = `${label} ${Date.now()}`;
  // Sent on either process; seen live on the page's socket, wherever it reconnected.
  await expect
    .poll(async () => (await request.post(`${CLUSTER_URL}/api/v1/message/convo/${toId}`, { headers: auth(token), data: { id: randomUUID(), text } })).status(), { timeout: 30_000 })
    .toBeLessThan(300);
  await expect(page.locator('.bubble', { hasText: text })).toBeVisible({ timeout: 30_000 });
}

test('rolling restart and kill -9 while answers are saved and a socket is open: nothing lost, nothing twice', async ({ browser, request }) => {
  test.setTimeout(420_000);
  const mihai = await apiLogin(request, PREMIUM);
  const ana = await apiLogin(request, DEMO);
  await request.post(`${CLUSTER_URL}/api/v1/friends/requests`, { headers: auth(mihai.token), data: { user_id: ana.id } });
  await request.post(`${CLUSTER_URL}/api/v1/friends/requests`, { headers: auth(ana.token), data: { user_id: mihai.id } });
  const context = await browser.newContext();
  await chooseEssentialCookies(context);
  const page = await context.newPage();
  await listener(page, mihai.id);
  await sendAndSee(request, page, mihai.token, ana.id, 'Înainte de repornire');

  for (const what of ['rolling', 'kill/1'] as const) {
    const t = await newTest(request, mihai.token, 150);
    const tally: Tally = { firstTry5xx: 0, networkErrors: 0, retries: 0, duringFault: 0 };
    let busy = true;
    const reads = readLoop(request, mihai.token);
    const answering = answerAll(request, mihai.token, t, tally, () => busy);
    await new Promise((r) => setTimeout(r, 1500));
    const started = Date.now();
    await fault(request, what);
    // kill -9: the process is started again by the cluster; wait until both answer again.
    for (const base of NODE_URLS) await expect.poll(async () => (await request.get(`${base}/api/v1/health/ready`).catch(() => null))?.status(), { timeout: 60_000 }).toBe(200);
    busy = false;
    const faultMs = Date.now() - started;
    await answering;
    expect(tally.duringFault).toBeGreaterThan(5);
    await reads.stop();
    await expectEachAnsweredOnce(request, mihai.token, t);
    // Reads are retried on the next process by nginx: no client saw a 5xx or a dropped request.
    expect(reads.seen.bad, `${what}: ${reads.seen.bad.join(', ')}`).toEqual([]);
    expect(reads.seen.ok).toBeGreaterThan(5);
    console.log(`[faults] ${what}: ${faultMs} ms, ${tally.duringFault} answers saved during it, retried ${tally.retries} (first-try 5xx ${tally.firstTry5xx}, no answer ${tally.networkErrors}); reads ok ${reads.seen.ok}`);
    await sendAndSee(request, page, mihai.token, ana.id, `După ${what}`);
  }
});

test('Redis away: the API keeps answering, never 500; realtime recovers when it is back', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const mihai = await apiLogin(request, PREMIUM);
  const ana = await apiLogin(request, DEMO);
  const context = await browser.newContext();
  await chooseEssentialCookies(context);
  const page = await context.newPage();
  await listener(page, mihai.id);

  await fault(request, 'redis/down');
  try {
    const t = await newTest(request, mihai.token, 5);
    for (const base of NODE_URLS) {
      expect((await request.get(`${base}/api/v1/user`, { headers: auth(mihai.token) })).status()).toBe(200);
      for (const gridId of t.grids.slice(0, 2)) {
        const res = await request.put(`${base}/api/v1/tests/${t.id}/answers/${gridId}`, { headers: auth(mihai.token), data: { id: randomUUID(), marked: ['B'] } });
        expect(res.status()).toBeLessThan(300);
      }
      // A message is stored (the live copy waits for Redis): never a 500.
      const sent = await request.post(`${base}/api/v1/message/convo/${ana.id}`, { headers: auth(mihai.token), data: { id: randomUUID(), text: 'fără Redis' } });
      expect(sent.status()).toBeLessThan(300);
    }
  } finally {
    await fault(request, 'redis/up');
  }
  // Realtime recovers: once each process has its Redis subscription again, a message goes out live.
  // That moment is not announced, and a message sent before it is stored but not pushed (the page
  // shows it at its next load): one run for issue 29 saw the first message after the fault missed. So
  // the test sends again until one is seen live, within a minute.
  await expect
    .poll(
      async () => {
        const text = `Redis a revenit ${Date.now()}`;
        const sent = await request.post(`${CLUSTER_URL}/api/v1/message/convo/${ana.id}`, { headers: auth(mihai.token), data: { id: randomUUID(), text } });
        if (sent.status() >= 300) return false;
        return page.locator('.bubble', { hasText: text }).waitFor({ timeout: 5_000 }).then(() => true, () => false);
      },
      { timeout: 60_000, intervals: [0] },
    )
    .toBe(true);
});

test('PostgreSQL away: 503 with Retry-After, then answers again without a restart', async ({ request }) => {
  test.setTimeout(120_000);
  const mihai = await apiLogin(request, PREMIUM);
  await fault(request, 'pg/down');
  try {
    const res = await request.get(`${CLUSTER_URL}/api/v1/notifications`, { headers: auth(mihai.token) });
    expect(res.status()).toBe(503);
    expect(res.headers()['retry-after']).toBe('5');
    expect(await res.json()).toEqual({ errors: { general: ['FORM_SERVICE_UNAVAILABLE'] } });
    expect((await request.get(`${NODE_URLS[0]}/api/v1/health/live`)).status()).toBe(200);
    expect((await request.get(`${NODE_URLS[0]}/api/v1/health/ready`)).status()).toBe(503);
  } finally {
    await fault(request, 'pg/up');
  }
  await expect
    .poll(async () => (await request.get(`${CLUSTER_URL}/api/v1/notifications`, { headers: auth(mihai.token) })).status(), { timeout: 30_000 })
    .toBe(200);
});
