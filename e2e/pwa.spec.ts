// PWA in real Chromium: installability (CDP), the shell starting offline, the install banner,
// and the update modal through both real paths — a new service worker that waits, and the
// realtime 'update' channel's .update event on the wire.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { test, expect, type Page } from './fixtures.ts';
import { browserOffersInstall, login } from './helpers.ts';

const HOME_HEADING = /Pregătește-te pentru admiterea la medicină/;
const UPDATE_TITLE = 'O nouă versiune este disponibilă!';

/** Waits until a service worker is active AND controls this page (reloads once if needed). */
async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** Skips the cookie banner (the install banner waits for the cookie choice). */
async function acceptCookies(page: Page): Promise<void> {
  await page.evaluate(() =>
    localStorage.setItem('cookiePreferences', '{"essential":true,"statistics":false}'),
  );
}

test('installable: no installability errors; the manifest is Romanian with maskable icons', async ({
  page,
  baseURL,
}) => {
  // Playwright's usual contexts are incognito, where Chromium never installs ('in-incognito'): the
  // installability check runs in a persistent profile, like a real user's browser.
  const profile = mkdtempSync(join(tmpdir(), 'grilio-pwa-profile-'));
  const persistent = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Chromium normally waits for some user engagement before offering the install prompt.
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--bypass-app-banner-engagement-checks'],
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const p = persistent.pages()[0] ?? (await persistent.newPage());
    await p.goto('/');
    await controlledBySw(p);
    const cdp = await persistent.newCDPSession(p);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);

    // Installable, so Chromium fires beforeinstallprompt: the banner offers 'Instalează'.
    // (after the cookie choice, on a visit of someone who has used the app: the §6 rule)
    await p.evaluate(() => {
      localStorage.setItem('cookiePreferences', '{"essential":true,"statistics":false}');
      localStorage.setItem('used-app', '1');
    });
    await p.reload();
    const banner = p.getByRole('region', { name: 'Instalează Grilio' });
    await expect(banner).toContainText('Dorești să instalezi Grilio pe dispozitivul tău?', {
      timeout: 15_000,
    });
    await expect(banner.getByRole('button', { name: 'Instalează' })).toBeVisible();
  } finally {
    await persistent.close();
    rmSync(profile, { recursive: true, force: true });
  }

  await page.goto('/');

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await page.request.get(href!);
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    lang: string;
    display: string;
    start_url: string;
    id: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest.name).toBe('Grilio — admitere la medicină');
  expect(manifest.short_name).toBe('Grilio');
  expect(manifest.lang).toBe('ro');
  expect(manifest.display).toBe('standalone');
  expect(manifest.id).toBe('/');
  const maskable = manifest.icons.filter((i) => i.purpose === 'maskable').map((i) => i.sizes);
  expect(maskable).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.sizes === '512x512' && i.purpose !== 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const r = await page.request.get(icon.src);
    expect(r.status(), icon.src).toBe(200);
  }
  // Both theme-color metas exist and follow the chosen theme.
  const metas = page.locator('meta[name="theme-color"]');
  await expect(metas).toHaveCount(2);
  await page.getByLabel('Temă întunecată').first().click();
  await expect
    .poll(() => metas.evaluateAll((m) => m.map((x) => x.getAttribute('content'))))
    .toEqual(['#0b1f1e', '#0b1f1e']);
});

test('the shell starts offline: home and /despre-noi render, the offline indicator shows', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await controlledBySw(page);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
    const indicator = page.getByTestId('offline-indicator');
    await expect(indicator).toHaveText(/Ești offline — poți citi manualele descărcate și rezolva teste/);
    await expect(indicator).toHaveAttribute('aria-live', 'polite');

    await page.goto('/despre-noi');
    await expect(
      page.getByRole('heading', { level: 1, name: /Te ajutăm să ajungi acolo unde vrei/ }),
    ).toBeVisible();
    await expect(page.getByTestId('offline-indicator')).toHaveText(/Ești offline/);
    // 'Din nou online' shows for three seconds: every text the notice takes is recorded, so a
    // test runner slowed past those seconds still sees it.
    await page.evaluate(() => {
      const notice = document.querySelector('[data-testid="offline-indicator"]')!;
      const seen: string[] = ((window as unknown as { noticeTexts: string[] }).noticeTexts = []);
      new MutationObserver(() => seen.push(notice.textContent ?? '')).observe(notice, { childList: true, characterData: true, subtree: true });
    });
  } finally {
    await context.setOffline(false);
  }
  const seen = () => page.evaluate(() => (window as unknown as { noticeTexts: string[] }).noticeTexts);
  await expect.poll(seen).toContain('Din nou online');
  // and it goes away by itself.
  await expect(page.getByTestId('offline-indicator')).toHaveText('');
  expect((await seen()).at(-1)).toBe('');
});

test('with the service worker in charge, a page to read still comes from the server (islands), and from the shell offline', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await controlledBySw(page);
  await page.goto('/cursuri');
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.boot)).toBe('islands');
  expect(await page.locator('#ssr-data').count()).toBe(1);
  // The app's screens keep the shell: /conectare is client-rendered from the precache.
  await page.goto('/conectare');
  expect(await page.locator('#ssr-data').count()).toBe(0);
  await context.setOffline(true);
  try {
    await page.goto('/cursuri');
    // Offline the shell renders the page on the client (no server HTML, no islands).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.locator('#ssr-data').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.dataset.boot)).toBeUndefined();
  } finally {
    await context.setOffline(false);
  }
});

test('the install banner waits until the app was used, then remembers a dismissal', async ({ page, context }) => {
  await browserOffersInstall(context);
  const banner = page.getByRole('region', { name: 'Instalează Grilio' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
  // A first visit (reloads included) is not asked to install what it has not tried yet.
  await page.waitForTimeout(4500);
  await expect(banner).toHaveCount(0);
  // Used: a finished test or a second visit sets this mark (e2e/overlays.spec.ts drives the visit).
  await page.evaluate(() => localStorage.setItem('used-app', '1'));
  await page.reload();
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner).toContainText('Dorești să instalezi Grilio pe dispozitivul tău?');
  await banner.getByRole('button', { name: 'Nu acum' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('hide-install-pwa'))).toBe('1');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
  await page.waitForTimeout(4500);
  await expect(banner).toBeHidden();
});

test('update modal: a new service worker waits; "Actualizează" activates it and reloads', async ({
  page,
}) => {
  await page.goto('/');
  await acceptCookies(page);
  await controlledBySw(page);
  const before = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
  expect(before).toMatch(/\/sw\.js$/);

  // A new version of the worker appears (as after a deploy): same scope, new script URL. It
  // installs, and — because sw.ts never skips waiting by itself — it waits.
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?v=2', { scope: '/' }));
  const dialog = page.getByRole('dialog', { name: UPDATE_TITLE });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(before);

  // It cannot be closed from outside.
  await page.mouse.click(5, 5);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Actualizează' }).click();
  await reloaded;
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
    .toMatch(/\/sw\.js\?v=2$/);
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
});

test("update modal: the realtime 'update' channel's .update event opens it; 'Mai târziu' keeps the version", async ({
  page,
}) => {
  // The hub publishes only from inside the server process and never relays client events, so the
  // test stands between the page and the real hub (Playwright routeWebSocket): every frame is
  // passed through, and the test adds the frame the hub sends for trigger('update', 'update', {}),
  // on the socket that subscribed to 'update' last (the current page's, not one left behind).
  let updateSubscriptions = 0;
  let toPage: ((frame: string) => void) | null = null;
  await page.routeWebSocket(/\/app\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((msg) => {
      const text = String(msg);
      if (/"pusher:subscribe"/.test(text) && /"channel":"update"/.test(text)) {
        toPage = (frame) => ws.send(frame);
        updateSubscriptions += 1;
      }
      server.send(msg);
    });
    server.onMessage((msg) => ws.send(msg));
  });
  // Signed in, the realtime client starts at idle (a visitor's waits 30 s: src/shell/realtime-start.ts).
  await login(page);
  await expect.poll(() => updateSubscriptions, { timeout: 30_000 }).toBeGreaterThan(0);
  const before = updateSubscriptions;
  await page.goto('/');
  await acceptCookies(page);
  // The home page's own client subscribed (the login page's socket closed with it).
  await expect.poll(() => updateSubscriptions, { timeout: 30_000 }).toBeGreaterThan(before);
  const dialog = page.getByRole('dialog', { name: UPDATE_TITLE });
  await expect(dialog).toBeHidden();
  toPage!(JSON.stringify({ event: 'update', channel: 'update', data: '{}' }));
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Mai târziu' }).click();
  await expect(dialog).toBeHidden();

  // Announced again; this time 'Actualizează'. The server has no newer worker here, so after the
  // update check finds nothing the page still reloads (never hangs on 'Se actualizează…').
  toPage!(JSON.stringify({ event: 'update', channel: 'update', data: '{}' }));
  await expect(dialog).toBeVisible();
  const reloaded = page.waitForEvent('load', { timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Actualizează' }).click();
  await expect(dialog.getByRole('button', { name: 'Se actualizează…' })).toBeDisabled();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING })).toBeVisible();
});

test('screens that need the network explain it offline instead of failing', async ({ page, context }) => {
  await login(page);
  await controlledBySw(page);
  await context.setOffline(true);
  try {
    await page.goto('/mesaje');
    await expect(page.getByRole('heading', { level: 1, name: 'Mesaje' })).toBeVisible();
    await expect(
      page.getByText('Această secțiune are nevoie de conexiune la internet. Revino când ești online.'),
    ).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  // Back online the screen itself appears.
  await expect(page.getByText('Această secțiune are nevoie de conexiune la internet')).toBeHidden();
});

test('on a phone the offline notice sits under the top bar, never over its icons', async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  await page.goto('/teste');
  await expect(page.getByRole('heading', { level: 1, name: 'Teste' })).toBeVisible();
  await context.setOffline(true);
  try {
    const indicator = page.getByTestId('offline-indicator');
    await expect(indicator).toHaveText(/Ești offline/);
    const box = (await indicator.boundingBox())!;
    const buttons = page.locator('.topbar').getByRole('button').or(page.locator('.topbar').getByRole('link'));
    expect(await buttons.count()).toBeGreaterThan(0);
    for (const b of await buttons.all()) {
      const r = (await b.boundingBox())!;
      const overlaps = r.x < box.x + box.width && box.x < r.x + r.width && r.y < box.y + box.height && box.y < r.y + r.height;
      expect(overlaps, `${await b.getAttribute('aria-label')} is covered`).toBe(false);
    }
  } finally {
    await context.setOffline(false);
  }
});
