// Secrets (issue 11 §2): no published default signs anything. Realtime credentials that are not
// configured are generated on first start and kept in the database, the same for every process;
// a known default or a short secret is refused outside development and tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { loadConfig, KNOWN_SECRETS } from '../../server/config.ts';
import { buildApp } from '../../server/app.ts';
import { keptSecret } from '../../server/lib/kept-secrets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const prod = (env: Record<string, string>) => () => loadConfig({}, { NODE_ENV: 'production', ...env });

describe('configuration', () => {
  it('has no realtime credentials by default (they are generated, not published)', () => {
    const c = loadConfig({}, { NODE_ENV: 'production' });
    expect([c.PUSHER_APP_ID, c.PUSHER_KEY, c.PUSHER_SECRET]).toEqual([undefined, undefined, undefined]);
  });

  it('refuses a published secret in production and names the variable', () => {
    expect(prod({ PUSHER_SECRET: 'grilio-secret' })).toThrow(/PUSHER_SECRET: a published default/);
    expect(prod({ RECAPTCHA_SECRET: KNOWN_SECRETS.RECAPTCHA_SECRET![0]! })).toThrow(/RECAPTCHA_SECRET/);
    expect(prod({ PUSHER_SECRET: 'scurt' })).toThrow(/PUSHER_SECRET: at least 16 characters/);
    expect(prod({ PREVIEW_SECRET: 'p'.repeat(15) })).toThrow(/PREVIEW_SECRET/);
    expect(prod({ PUSHER_SECRET: 'a-long-random-secret-0123456789' })().PUSHER_SECRET).toBe(
      'a-long-random-secret-0123456789',
    );
  });

  it('accepts the old default in development and tests', () => {
    for (const NODE_ENV of ['development', 'test'])
      expect(loadConfig({}, { NODE_ENV, PUSHER_SECRET: 'grilio-secret' }).PUSHER_SECRET).toBe('grilio-secret');
  });

  it('needs the engine’s credentials when PUSHER_HOST names an external one', () => {
    expect(() => loadConfig({}, { NODE_ENV: 'test', PUSHER_HOST: 'ws.example.ro' })).toThrow(
      /PUSHER_SECRET: required when PUSHER_HOST is set/,
    );
  });
});

describe('generated realtime credentials', () => {
  it('are random, kept in server_secrets, and the same for a second process on the same database', async () => {
    const c = t.app.config;
    expect(c.PUSHER_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(c.PUSHER_KEY).toMatch(/^[0-9a-f]{20}$/);
    expect(c.PUSHER_APP_ID).toMatch(/^\d+$/);
    const rows = await t.db.query<{ name: string; value: string }>(
      "select name, value from server_secrets where name like 'pusher_%' order by name",
    );
    expect(Object.fromEntries(rows.map((r) => [r.name, r.value]))).toEqual({
      pusher_app_id: c.PUSHER_APP_ID,
      pusher_key: c.PUSHER_KEY,
      pusher_secret: c.PUSHER_SECRET,
    });
    // Another app (process) on the same database reads the kept values instead of making new ones.
    const second = await buildApp({ db: t.db, config: t.config, distDir: null, logger: false });
    expect([second.config.PUSHER_APP_ID, second.config.PUSHER_KEY, second.config.PUSHER_SECRET]).toEqual([
      c.PUSHER_APP_ID,
      c.PUSHER_KEY,
      c.PUSHER_SECRET,
    ]);
    await second.close();
  });

  it('agree when several processes generate at the same moment (insert if absent, then read)', async () => {
    const values = await Promise.all(
      Array.from({ length: 6 }, (_, i) => keptSecret(t.db, 'race_test', () => `candidate-${i}`)),
    );
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toMatch(/^candidate-\d$/);
  });

  it('configured credentials are used as given and not stored', async () => {
    const config = { ...t.config, PUSHER_KEY: 'cheie-configurata', PUSHER_SECRET: 'secret-configurat-0123456789' };
    const app = await buildApp({ db: t.db, config, distDir: null, logger: false });
    expect(app.config.PUSHER_KEY).toBe('cheie-configurata');
    expect(app.config.PUSHER_SECRET).toBe('secret-configurat-0123456789');
    await app.close();
    const stored = await t.db.one<{ value: string }>("select value from server_secrets where name = 'pusher_secret'");
    expect(stored!.value).toBe(t.app.config.PUSHER_SECRET);
  });
});
