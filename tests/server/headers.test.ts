// Response headers of issue 11 §2: Cache-Control no-store on every API answer (personal data must
// not sit in the browser's HTTP cache or a proxy), and a CSP connect-src naming only this origin
// and the configured realtime host, not every ws:/wss: host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { register } from './fixtures/auth.ts';
import { csp } from '../../server/plugins/csp.ts';
import { loadConfig } from '../../server/config.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://grilio.test' });
});
afterAll(() => t.close());

const connectSrc = (policy: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('connect-src'))!
    .split(/\s+/)
    .slice(1);

describe('Cache-Control on the API', () => {
  it('is no-store on personal answers, errors and public API answers alike', async () => {
    const a = await register(t.app);
    const auth = { authorization: `Bearer ${a.token}` };
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: auth }),
      await t.app.inject({ method: 'GET', url: '/api/v1/user' }),
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: {} }),
      await t.app.inject({ method: 'GET', url: '/api/v1/health' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/nu-exista' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 422, 200, 404]);
    for (const r of answers) expect(r.headers['cache-control']).toBe('no-store');
  });

  it('leaves the cache rules of static files outside the API alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/avatars/nu-exista.png' });
    expect(res.headers['cache-control']).toBeUndefined();
  });
});

describe('CSP connect-src', () => {
  it('lists this origin and its websocket, not every ws:/wss: host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const sources = connectSrc(String(res.headers['content-security-policy']));
    expect(sources).toEqual(["'self'", 'wss://grilio.test']);
  });

  it('names the external realtime engine with its scheme and port when PUSHER_HOST is set', () => {
    const base = { NODE_ENV: 'test', PUSHER_APP_ID: '1', PUSHER_KEY: 'k', PUSHER_SECRET: 's' };
    const policy = (env: Record<string, string>) => csp(loadConfig({}, { ...base, ...env })).connectSrc!;
    expect(policy({ PUSHER_HOST: 'ws.grilio.ro', PUSHER_PORT: '6001', PUSHER_SCHEME: 'https' })).toEqual([
      "'self'",
      'wss://ws.grilio.ro:6001',
    ]);
    expect(policy({ PUBLIC_URL: 'http://192.168.1.5:8080', PUSHER_HOST: 'soketi.lan' })).toEqual([
      "'self'",
      'ws://soketi.lan:*',
    ]);
    const withGoogle = policy({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' });
    expect(withGoogle.filter((s) => /^wss?:$/.test(s))).toEqual([]);
    expect(withGoogle).toContain('https://accounts.google.com');
  });
});
