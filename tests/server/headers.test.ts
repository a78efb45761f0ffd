// Response headers of issue 11 §2: Cache-Control no-store on every API answer (personal data must
// not sit in the browser's HTTP cache or a proxy), and a CSP connect-src naming only this origin
// and the configured realtime host, not every ws:/wss: host. Since issue 24 §3 one hook sets them
// all (server/plugins/headers.ts): the security headers must stay exactly helmet's, on every
// answer, and CORS must answer as @fastify/cors did.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { register } from './fixtures/auth.ts';
import { csp } from '../../server/plugins/csp.ts';
import { loadConfig } from '../../server/config.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://grilio.test', CORS_ORIGINS: 'https://grilio.test,https://parteneri.test' });
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

describe('security headers', () => {
  it('are what helmet sets, CSP included, on answers, errors and early refusals alike', async () => {
    const req = new IncomingMessage(new Socket());
    const res = new ServerResponse(req);
    helmet({ contentSecurityPolicy: { directives: csp(t.config) }, crossOriginEmbedderPolicy: false })(req, res, () => {});
    const expected = Object.entries(res.getHeaders()).map(([k, v]) => [k, String(v)]);
    expect(expected.map(([k]) => k)).toContain('content-security-policy');
    const a = await register(t.app);
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: `Bearer ${a.token}` } }),
      await t.app.inject({ method: 'GET', url: '/api/v1/user' }),
      await t.app.inject({ method: 'GET', url: '/nu-exista' }),
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: {} }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 422]);
    for (const r of answers) for (const [name, value] of expected) expect(r.headers[name], name).toBe(value);
  });

  it("carry the request id: the caller's when it looks like one, else a fresh one", async () => {
    const given = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'proxy-id-1234' } });
    expect(given.headers['x-request-id']).toBe('proxy-id-1234');
    const fresh = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'no good!' } });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('CORS', () => {
  const origin = 'https://parteneri.test';

  it('echoes an allowed origin, with credentials, and never another', async () => {
    const allowed = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { origin } });
    expect(allowed.headers['access-control-allow-origin']).toBe(origin);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(allowed.headers.vary).toBe('Origin');
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { origin: 'https://rau.test' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    // The answer depends on the Origin even when none is sent: a cache must keep them apart.
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(none.headers.vary).toBe('Origin');
  });

  it('answers a preflight from an allowed origin, and refuses one without a method', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/user',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization');
    expect(preflight.headers['access-control-allow-methods']).toContain('GET');
    expect(preflight.headers['content-security-policy']).toBeDefined();
    const invalid = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/user', headers: { origin } });
    expect(invalid.statusCode).toBe(400);
  });
});
