import { defineConfig } from 'vitest/config';

// Under `npm test` (tests/run-layers.ts) each layer also writes vitest's JSON report, from which
// tests/timing/report.ts lists the skipped tests.
const jsonReport = process.env.TEST_JSON_REPORT;

/** Server tests that open no database (the answer-sheet reader, the realtime frames, in-memory
 *  caches, the bench's statistics): the server-nodb project, run once, not once per database.
 *  GRILIO_TEST_NO_DB makes tests/server/helpers.ts refuse to open one there. */
const NO_DB = [
  'tests/server/omr-*.test.ts',
  'tests/server/realtime-frame.test.ts',
  'tests/server/token-cache.test.ts',
  'tests/server/user-row-cache.test.ts',
  'tests/server/bench-inp-stats.test.ts',
  'tests/server/bench-parts-timeline.test.ts',
  'tests/server/pool-slots.test.ts',
  'tests/server/validator.test.ts',
];

const serverTest = {
  environment: 'node' as const,
  // A timeout here only catches a hang: nothing is timed. Under `npm test` the server layers run
  // niced beside the browsers (tests/run-layers.ts) and get what CPU they leave: reading 30 photos
  // took past 120 s there (2 s a photo on a quiet machine).
  testTimeout: 300_000,
  hookTimeout: 300_000,
  pool: 'forks' as const,
  setupFiles: ['tests/timing/record-file.ts'],
};

export default defineConfig({
  test: {
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Only a hang guard, nothing is timed: vitest's 5 s default failed ten tests whose first
          // dynamic imports took longer on a loaded 2-core machine (CI run 13, load 20–26).
          testTimeout: 120_000,
          hookTimeout: 120_000,
          setupFiles: ['tests/unit/setup.ts', 'tests/timing/record-file.ts'],
        },
      },
      {
        test: {
          ...serverTest,
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: NO_DB,
          globalSetup: ['tests/server/global-setup.ts'],
        },
      },
      { test: { ...serverTest, name: 'server-nodb', include: NO_DB, env: { GRILIO_TEST_NO_DB: '1' } } },
    ],
  },
});
