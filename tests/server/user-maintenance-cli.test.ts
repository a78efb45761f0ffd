// `npm run maintenance -- on|off|status` in a child process, against a temporary DATA_DIR,
// then a built app on the same DATA_DIR answering 503.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

const root = resolve(import.meta.dirname, '../..');
const node = join(root, 'node_modules/.bin/node');
const dataDir = mkdtempSync(join(tmpdir(), 'grilio-maint-'));

function cli(...args: string[]) {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
  const r = spawnSync(node, ['server/cli/maintenance.ts', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
}

let t: TestApp | undefined;
afterAll(async () => {
  await t?.close();
});

describe('maintenance CLI', () => {
  it('turns maintenance on: flag file written, a built app answers 503, then off again', async () => {
    const on = cli('on');
    expect(on.code).toBe(0);
    expect(on.out).toMatch(/^Mentenanța a fost pornită \/ maintenance is ON/);
    expect(existsSync(join(dataDir, 'maintenance.flag'))).toBe(true);
    expect(cli('status').out).toMatch(/este pornită/);

    t = await createTestApp({ DATA_DIR: dataDir });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ errors: { general: ['MAINTENANCE_MODE'] } });

    const off = cli('off');
    expect(off.code).toBe(0);
    expect(off.out).toMatch(/oprită \/ maintenance is OFF/);
    expect(existsSync(join(dataDir, 'maintenance.flag'))).toBe(false);
    await new Promise((r) => setTimeout(r, 600)); // the running app re-reads the flag every 500 ms
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });

  it.each([[], ['pornit'], ['on', 'off']])('prints usage and exits 2 for %j', (...args) => {
    const r = cli(...(args as string[]));
    expect(r.code).toBe(2);
    expect(r.err).toContain('npm run maintenance -- on|off|status');
  });
});
