import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PARTNER, E2E_PARTNER_PORT, E2E_PORT } from './e2e/env.ts';

// End-to-end tests drive the real server (API + realtime + built PWA) in Debian's Chromium.
export default defineConfig({
  testDir: 'e2e',
  // e2e/cluster/ runs against the cluster, with its own config (npm run test:e2e:cluster).
  testIgnore: 'cluster/**',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
    trace: 'retain-on-failure',
    serviceWorkers: 'allow',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node server/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_PER_IP: '1000',
      LOGIN_RATE_PER_ACCOUNT: '1000',
      // The specs register far more than a class would in an hour, all from 127.0.0.1.
      REGISTER_RATE_PER_IP: '1000',
      EMAIL_CONFIRM_RATE_PER_IP: '1000',
      // The server runs as in production, where the payment sandbox is off unless named.
      PAYMENTS_PROVIDER: 'sandbox',
      // The seller on the invoices (e2e/invoices.spec.ts reads them in the PDF): a test company.
      INVOICE_SELLER_NAME: 'Grilio Educație SRL',
      INVOICE_SELLER_CIF: 'RO18547290',
      INVOICE_SELLER_REG_NO: 'J40/2345/2021',
      INVOICE_SELLER_ADDRESS: 'Bd. Ion Mihalache nr. 1',
      INVOICE_SELLER_CITY: 'Sector 1',
      INVOICE_SELLER_COUNTY: 'București',
      // The partner account: a local OpenID provider that e2e/partner.spec.ts starts on this port
      // (discovery happens at the first partner request, so it need not run before the server).
      PARTNER_ISSUER: `http://127.0.0.1:${E2E_PARTNER_PORT}`,
      PARTNER_CLIENT_ID: E2E_PARTNER.clientId,
      PARTNER_CLIENT_SECRET: E2E_PARTNER.clientSecret,
      PARTNER_NAME: E2E_PARTNER.name,
    },
  },
});
