import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system', () => {
  it('answers health with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, db: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });
  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nu-exista' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { general: ['FORM_ROUTE_NOT_FOUND'] } });
  });
  it('turns maintenance on and off at run time', async () => {
    t.app.maintenance.set(true);
    const on = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(on.statusCode).toBe(503);
    expect(on.json()).toEqual({ errors: { general: ['MAINTENANCE_MODE'] } });
    t.app.maintenance.set(false);
    const off = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(off.statusCode).toBe(200);
  });
  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/v1/health']).toBeDefined();
  });
});

describe('security headers', () => {
  it('sends a CSP without upgrade-insecure-requests on a plain-http address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });
  it('adds upgrade-insecure-requests behind https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://grilio.ro' });
    const res = await secure.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    await secure.close();
  });
});
