// The Stripe card form (issue 8 §2–3) in Chromium, without network: a server of this spec's own
// runs the Stripe adapter (official SDK) against e2e/stripe/fake-api.ts, and the browser gets
// e2e/stripe/fake-stripe.js where the app's loader asks js.stripe.com for Stripe.js, whose calls to
// api.stripe.com are routed to the same fake API. What is real: our server, its Stripe adapter, the
// app's lazily loaded form and its flow (@stripe/stripe-js's loader included), the CSP. What is not:
// Stripe.js itself (its iframe fields, its 3-D Secure dialog) and Stripe's API. STRIPE_SHOTS=dir
// saves the form at 390 and 1280 px, light and dark.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Page } from './fixtures.ts';
import { E2E_PORT } from './env.ts';
import { login, shoot, saveBillingData } from './helpers.ts';
import { startFakeStripe, type FakeStripe } from './stripe/fake-api.ts';

const PORT = E2E_PORT + 3;
const BASE = `http://127.0.0.1:${PORT}`;
const shots = process.env.STRIPE_SHOTS;
const dataDir = mkdtempSync(join(tmpdir(), 'grilio-e2e-stripe-'));
const fakeJs = readFileSync(join(import.meta.dirname, 'stripe', 'fake-stripe.js'), 'utf8');
let server: ChildProcess | null = null;
let fake: FakeStripe;

test.use({ baseURL: BASE, serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Its own server migrates a fresh database and seeds: past the 60 s test timeout under load (CI
  // run 13, load 20–26), which this hook inherited; the poll below waits for it, this only guards a hang.
  test.setTimeout(240_000);
  fake = await startFakeStripe();
  server = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: BASE,
      LOG_LEVEL: 'warn',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_API_URL: fake.url,
      RENEWAL_JOB_INTERVAL_S: '0',
      INVOICE_SELLER_NAME: 'Grilio Educație SRL',
      INVOICE_SELLER_CIF: 'RO18547290',
      INVOICE_SELLER_REG_NO: 'J40/2345/2021',
      INVOICE_SELLER_ADDRESS: 'Bd. Ion Mihalache nr. 1',
      INVOICE_SELLER_CITY: 'București',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${BASE}/api/v1/health`).catch(() => null))?.status ?? 0, { timeout: 220_000 })
    .toBe(200);
});
test.afterAll(async () => {
  const child = server;
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Stripe.js and Stripe's API, as the browser would reach them, served by the fakes. */
async function fakeStripeNetwork(page: Page): Promise<string[]> {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: fakeJs }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const req = route.request();
    const url = new URL(req.url());
    const r = await fake.handle(req.method(), url.pathname + url.search, await req.allHeaders(), req.postData() ?? '');
    await route.fulfill({ status: r.status, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(r.body) });
  });
  // What the page sends to our own server: the card number must never be in it.
  const ours: string[] = [];
  page.on('request', (req) => {
    if (req.url().startsWith(BASE)) ours.push(`${req.url()} ${req.postData() ?? ''}`);
  });
  return ours;
}

async function typeCard(page: Page, number: string, formName: string): Promise<void> {
  const box = page.getByRole('form', { name: formName }).getByTestId('stripe-card');
  await box.getByLabel('Card number').fill(number);
  await box.getByLabel('MM / YY').fill('12/35');
  await box.getByLabel('CVC').fill('123');
}

test('checkout with Stripe: a decline, a failed and a passed 3-D Secure; the server decides', async ({ page }) => {
  test.slow();
  const ours = await fakeStripeNetwork(page);
  await login(page);
  await saveBillingData(page, 'Elev Demo');
  await page.goto('/cont/premium');
  await page.getByRole('radio', { name: /^1 lună/ }).check();
  const form = page.getByRole('form', { name: 'Plata cu cardul' });
  await expect(form.getByRole('heading', { name: /Plată cu cardul: Premium 1 lună/ })).toBeVisible();
  await expect(form.getByTestId('stripe-card').getByLabel('Card number')).toBeVisible();
  const pay = form.getByRole('button', { name: /^Plătește/ });

  await pay.click();
  await expect(form.getByText('Câmpul este obligatoriu.')).toBeVisible();

  await typeCard(page, '4000 0000 0000 9995', 'Plata cu cardul');
  await pay.click();
  await expect(form.getByRole('alert')).toContainText('Fonduri insuficiente pe card.');
  await shoot(page, shots, 'stripe-checkout', '.checkout__pay');

  await typeCard(page, '4000 0027 6000 3184', 'Plata cu cardul');
  await pay.click();
  await page.getByRole('dialog', { name: '3D Secure (test)' }).getByRole('button', { name: 'Fail authentication' }).click();
  await expect(form.getByRole('alert')).toContainText('Autentificarea 3D Secure a eșuat.');

  await pay.click();
  await page.getByRole('dialog', { name: '3D Secure (test)' }).getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByText('Plata a fost efectuată. Bine ai venit în familia Premium!')).toBeVisible();
  await expect(page.getByText(/plătit cu cardul •••• 3184/)).toBeVisible();
  await expect(page.locator('[data-premium-display]')).toHaveText(/^Încă \d+ de zile de Premium$/);

  // Three attempts, three orders: each PaymentIntent made by our server, keyed by its order.
  const created = fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/payment_intents');
  expect(created).toHaveLength(3);
  for (const c of created) {
    expect(c.key).toBe('sk_test_e2e');
    expect(c.idempotencyKey).toMatch(/^order-\d+$/);
  }
  // The card went to "Stripe" with the publishable key, never to our server.
  expect(fake.calls.filter((c) => c.path.endsWith('/confirm')).every((c) => c.key === 'pk_test_e2e')).toBe(true);
  expect(ours.some((s) => /4000\s?0027|40000027|9995/.test(s))).toBe(false);
});

test('Setări › Carduri with Stripe: the card paid with is saved; another added, a refused one explained', async ({ page }) => {
  test.slow();
  await fakeStripeNetwork(page);
  await login(page);
  await page.goto('/setari/carduri');
  const rows = page.getByRole('list', { name: 'Cardurile salvate' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('•••• 3184');

  await typeCard(page, '4000 0000 0000 0002', 'Adaugă un card');
  await page.getByRole('button', { name: 'Salvează cardul' }).click();
  await expect(page.getByRole('form', { name: 'Adaugă un card' }).getByRole('alert')).toContainText('Cardul a fost refuzat.');
  await shoot(page, shots, 'stripe-add-card', '.checkout__pay');

  await typeCard(page, '5555 5555 5555 4444', 'Adaugă un card');
  await page.getByRole('button', { name: 'Salvează cardul' }).click();
  await expect(page.getByText('Cardul a fost adăugat.')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('•••• 4444');
  const setups = fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/setup_intents');
  expect(setups.map((c) => c.idempotencyKey)).toEqual([expect.stringMatching(/^card-setup-\d+$/), expect.stringMatching(/^card-setup-\d+$/)]);
});
