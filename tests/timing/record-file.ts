// Per test file, what it cost: wall time and this process's CPU (user + system), appended as one JSON
// line to TEST_TIMING_FILE when the file's tests end. Counted from this setup file's evaluation,
// which vitest repeats before each test file (so a file's own imports and database are in its
// figures; vitest's own start in the process, about 0.4 s, is not). Each file runs in a process of
// its own, so the process's CPU over that span is the file's. tests/timing/report.ts turns the lines into the
// table `npm test` prints at the end (the slowest files, CPU against waiting).
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, expect } from 'vitest';

const out = process.env.TEST_TIMING_FILE;
if (out) {
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  afterAll(() => {
    const cpu = process.cpuUsage(cpu0);
    const file = relative(process.cwd(), expect.getState().testPath ?? 'unknown');
    const line = { layer: process.env.TEST_LAYER ?? '', file, wallMs: Math.round(performance.now() - wall0), cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
    appendFileSync(out, JSON.stringify(line) + '\n');
  });
}
