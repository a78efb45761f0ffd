import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PARTNER, E2E_PARTNER_PORT, E2E_PORT, E2E_SERVER_ENV } from './e2e/env.ts';

// End-to-end tests drive the real server (API + realtime + built PWA) in Debian's Chromium.
export default defineConfig({
  testDir: 'e2e',
  // e2e/cluster/ runs against the cluster, with its own config (npm run test:e2e:cluster).
  testIgnore: 'cluster/**',
  // `npm test` runs two halves at once (tests/run-layers.ts): each keeps its results apart, since
  // Playwright empties its output folder when it starts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Under `npm test` the JSON report too: tests/timing/report.ts names every test that passed only on its retry.
  reporter: process.env.TEST_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.TEST_JSON_REPORT }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
    // A trace records a screencast and DOM snapshots of every action: in CI, where a failed test is
    // run once more, only that retry records one (recording every test took about as much CPU as the
    // browser's own work, measured in .ci runs on a 2-core machine); locally every failure keeps one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
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
      ...E2E_SERVER_ENV,
      // The partner account: a local OpenID provider that e2e/partner.spec.ts starts on this port
      // (discovery happens at the first partner request, so it need not run before the server).
      PARTNER_ISSUER: `http://127.0.0.1:${E2E_PARTNER_PORT}`,
      PARTNER_CLIENT_ID: E2E_PARTNER.clientId,
      PARTNER_CLIENT_SECRET: E2E_PARTNER.clientSecret,
      PARTNER_NAME: E2E_PARTNER.name,
    },
  },
});
