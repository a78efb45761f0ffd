import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.ts';
import { CLUSTER_URL } from './env.ts';

// The cluster end-to-end project (issue 21 §2–3): the built app as two processes behind nginx, on
// PostgreSQL, Redis and an S3 server (e2e/cluster/start.ts). `npm run test:e2e:cluster` after a build.
export default defineConfig({
  ...base,
  testDir: '.',
  testIgnore: [],
  timeout: 120_000,
  use: { ...base.use, baseURL: CLUSTER_URL },
  webServer: {
    command: 'node e2e/cluster/start.ts',
    cwd: '../..',
    url: `${CLUSTER_URL}/api/v1/health/ready`,
    reuseExistingServer: false,
    timeout: 240_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
});
