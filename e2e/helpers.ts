// Shared steps for end-to-end tests: demo accounts, the mail outbox, the maintenance CLI.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './env.ts';

export const DEMO = { email: 'elev@grilio.ro', password: 'Grilio2026!' };
export const PREMIUM = { email: 'premium@grilio.ro', password: 'Grilio2026!' };
export const ADMIN = { email: 'admin@grilio.ro', password: 'Grilio2026!' };

/** Where the server writes its mail (.eml): DATA_DIR/outbox, or each process's in a cluster. */
let outboxes = [join(E2E_DATA_DIR, 'outbox')];
export function readMailFrom(dirs: string[]): void {
  outboxes = dirs;
}

/** Newest link of the newest mail to `to`, read from the outbox folders (.eml written by the server). */
export async function mailLink(to: string, pathPart: string): Promise<string> {
  for (let i = 0; i < 75; i++) {
    const files = outboxes
      .flatMap((dir) => (existsSync(dir) ? readdirSync(dir).map((f) => join(dir, f)) : []))
      .filter((f) => f.includes(to.replace(/[^a-z0-9@._-]/gi, '_')))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    for (const f of files) {
      const text = decodeQuotedPrintable(readFileSync(f, 'utf8'));
      const link = text.match(new RegExp(`https?://[^\\s"<>]*${pathPart}[^\\s"<>]*`))?.[0];
      if (link) return link.replace(/&amp;/g, '&');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail with ${pathPart} for ${to}`);
}

function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

export function maintenance(mode: 'on' | 'off'): void {
  execFileSync(process.execPath, ['server/cli/maintenance.ts', mode], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    stdio: 'pipe',
  });
}

export async function login(
  page: Page,
  account = DEMO,
  opts: { acknowledgeAnnouncement?: boolean } = {},
): Promise<void> {
  await page.goto('/conectare');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Parola', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /Conectează-te|Conectare/ }).click();
  await expect(page).not.toHaveURL(/\/conectare/);
  // The partial-scores announcement opens once per account on the next full page load; flows other
  // than the announcement's own test acknowledge it up front so it does not cover what they click.
  if (opts.acknowledgeAnnouncement === false) return;
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.request.patch('/api/v1/user/acknowledged-info-banner', {
    headers: { authorization: `Bearer ${token}` },
    data: { value: true },
  });
}

/** Closes the cookie banner if it is open (specs that opt out of the fixture's cookie choice).
 *  The partial-scores announcement is acknowledged by login() and registerAccount(). */
export async function dismissOverlays(page: Page): Promise<void> {
  const cookies = page.getByRole('button', { name: 'Doar esențiale' });
  if (await cookies.isVisible().catch(() => false)) await cookies.click();
}

/**
 * A new account, e-mail confirmed and profile complete, signed in on `page` at /teste (specs that
 * change premium or coupons use their own accounts, so the demo accounts stay as others expect).
 */
/** A new confirmed account with a profile, registered from `from` (a referral link, say). */
export async function registerAccount(
  page: Page,
  name: string,
  from = '/inregistrare',
  { billing = true }: { billing?: boolean } = {},
): Promise<{ email: string; password: string }> {
  const email = `cont.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemplu.ro`;
  const password = 'parola-buna-123';
  await page.goto(from);
  await page.getByLabel('Nume complet').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Parola', { exact: true }).fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Creează contul' }).click();
  await expect(page).toHaveURL(/\/verifica-email/);
  const link = new URL(await mailLink(email, '/confirma-email'));
  await page.goto(link.pathname + link.search);
  await expect(page.getByText(/confirmat/i).first()).toBeVisible();
  await page.goto('/teste');
  // One or more manuals (issue 32 §5): the first is enough here.
  await page.getByRole('group', { name: 'Manualele după care înveți' }).getByRole('checkbox').first().check();
  await page.getByLabel('Specializarea').selectOption({ index: 1 });
  await page.getByLabel('Centrul universitar').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Salvează și începe' }).click();
  await expect(page).toHaveURL(/\/teste$/);
  // Like login(): the partial-scores announcement is acknowledged up front (it opens on the next
  // full load of a dashboard page for a new account; shell-smoke.spec.ts tests it).
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.request.patch('/api/v1/user/acknowledged-info-banner', {
    headers: { authorization: `Bearer ${token}` },
    data: { value: true },
  });
  // The checkout asks a new buyer for the invoice's name and address first (premium.spec.ts tests
  // that step with billing: false); the specs about paying start past it.
  if (billing) await saveBillingData(page, name);
  return { email, password };
}

/** Saves billing data (a person in Cluj) for the account signed in on `page`, as the checkout's first step would. */
export async function saveBillingData(page: Page, name: string): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.put('/api/v1/user/billing', {
    headers: { authorization: `Bearer ${token}` },
    data: { kind: 'person', name, address: 'Str. Memorandumului nr. 2', city: 'Cluj-Napoca', county: 'Cluj', country: 'RO' },
  });
  expect(res.status()).toBe(200);
}

/**
 * Screenshots for looking at a screen: light and dark, 390 and 1280 px wide, into `dir` (nothing
 * when it is unset: the specs pass an env variable such as SIM_SHOTS). Full page, or with `at`
 * the viewport scrolled to that element (a results page of 90 grids is too long to look at whole).
 */
export async function shoot(page: Page, dir: string | undefined, name: string, at?: string): Promise<void> {
  if (!dir) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      if (at) await page.locator(at).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/${name}-${width}-${theme}.png`, fullPage: !at });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Types a sandbox test card (README's list) into the card fields of `scope`: a page or one form. */
export async function fillTestCard(scope: Page | Locator, number: string): Promise<void> {
  await scope.getByLabel('Numărul cardului').fill(number);
  await scope.getByLabel('Expirare (LL/AA)').fill('12/35');
  await scope.getByLabel('CVV').fill('123');
}

/** Pays the package chosen on /cont/premium with a sandbox test card. */
export async function payWithTestCard(page: Page, number = '4242 4242 4242 4242'): Promise<void> {
  await fillTestCard(page, number);
  await page.getByRole('button', { name: /^Plătește/ }).click();
}

/**
 * Headless Chromium offers no install prompt to a plain test context, and the banner shows only
 * where installing is possible (issue 32 §5): pages of `context` get the event Chromium fires on an
 * installable site (pwa.spec.ts proves the real one in a persistent profile).
 */
export async function browserOffersInstall(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.addEventListener('DOMContentLoaded', () =>
      setTimeout(() => {
        const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
        e.prompt = async () => undefined;
        e.userChoice = Promise.resolve({ outcome: 'dismissed', platform: 'web' });
        window.dispatchEvent(e);
      }, 300),
    );
  });
}

/** Once the service worker is ready, reloads so that it controls the page: the shell then loads offline. */
export async function reloadUnderServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}
