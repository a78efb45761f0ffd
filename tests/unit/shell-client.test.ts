import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { app } from '../../src/state/app.ts';
import { setNavigate } from '../../src/shell/navigation.ts';
import { stubFetch } from './shell-helpers.ts';

const nav = vi.fn();
async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a failure');
}

beforeEach(() => {
  localStorage.clear();
  app.maintenance = false;
  app.toasts.splice(0);
  app.user = null;
  nav.mockReset();
  setNavigate(nav);
  window.history.replaceState(null, '', '/');
});
afterEach(() => vi.unstubAllGlobals());

describe('API client transport rules (SPEC §7/§8)', () => {
  it('base /api/v1, JSON, bearer token from storage', async () => {
    localStorage.setItem('token', 'abc');
    const { calls } = stubFetch({ 'GET /api/v1/ping': { json: { ok: true } } });
    await expect(api.get('ping')).resolves.toEqual({ ok: true });
    expect(calls[0].path).toBe('/api/v1/ping');
    expect(calls[0].headers.get('authorization')).toBe('Bearer abc');
    expect(calls[0].headers.get('accept')).toBe('application/json');
  });

  it('no token: no Authorization header', async () => {
    const { calls } = stubFetch({ 'GET /api/v1/ping': { json: {} } });
    await api.get('ping');
    expect(calls[0].headers.get('authorization')).toBeNull();
  });

  it('503 → maintenance on and a MAINTENANCE_MODE warning toast for 4000 ms', async () => {
    stubFetch({ 'GET /api/v1/x': { status: 503, json: { errors: { general: ['MAINTENANCE_MODE'] } } } });
    const err = await failure(api.get('x'));
    expect(err.code).toBe('MAINTENANCE_MODE');
    expect(app.maintenance).toBe(true);
    expect(app.toasts.map((t) => ({ code: t.code, type: t.type, duration: t.duration }))).toEqual([
      { code: 'MAINTENANCE_MODE', type: 'warning', duration: 4000 },
    ]);
  });

  it('401 on /statistici: token and profile flag removed, redirect to login', async () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('profile-completed', '1');
    window.history.replaceState(null, '', '/statistici?x=1');
    stubFetch({ 'GET /api/v1/user': { status: 401, json: { errors: { general: ['FORM_NOT_AUTHENTICATED'] } } } });
    const err = await failure(api.get('user'));
    expect(err.status).toBe(401);
    expect(err.code).toBe('FORM_NOT_AUTHENTICATED');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('profile-completed')).toBeNull();
    expect(nav).toHaveBeenCalledWith('/conectare?redirect=%2Fstatistici%3Fx%3D1', { replace: true });
  });

  it('401 on /contact: token removed but no redirect', async () => {
    localStorage.setItem('token', 'abc');
    window.history.replaceState(null, '', '/contact');
    stubFetch({ 'POST /api/v1/contact': { status: 401, json: { errors: { general: ['FORM_NOT_AUTHENTICATED'] } } } });
    await failure(api.post('contact', {}));
    expect(localStorage.getItem('token')).toBeNull();
    expect(nav).not.toHaveBeenCalled();
  });

  it('an errors field is passed through as-is', async () => {
    const body = { errors: { email: ['FORM_EMAIL_INVALID'], password: ['FORM_PASSWORD_TOO_SHORT'] } };
    stubFetch({ 'POST /api/v1/auth/register': { status: 422, json: body } });
    const err = await failure(api.post('auth/register', {}));
    expect(err.body).toEqual(body);
    expect(err.status).toBe(422);
    expect(err.field('email')).toEqual(['FORM_EMAIL_INVALID']);
    expect(err.code).toBe('FORM_EMAIL_INVALID');
  });

  it('an error without errors field → FORM_UNEXPECTED_SERVER_RESPONSE', async () => {
    stubFetch({ 'GET /api/v1/a': { status: 500, json: { message: 'boom' } }, 'GET /api/v1/b': { status: 502, text: '<html>bad gateway</html>' } });
    expect((await failure(api.get('a'))).body).toEqual({ errors: { general: ['FORM_UNEXPECTED_SERVER_RESPONSE'] } });
    expect((await failure(api.get('b'))).code).toBe('FORM_UNEXPECTED_SERVER_RESPONSE');
  });

  it('a 200 that is not JSON → FORM_UNEXPECTED_SERVER_RESPONSE', async () => {
    stubFetch({ 'GET /api/v1/html': { status: 200, text: '<!doctype html><html></html>' } });
    expect((await failure(api.get('html'))).code).toBe('FORM_UNEXPECTED_SERVER_RESPONSE');
  });

  it('no response (network failure) → FORM_REQUEST_FAILED', async () => {
    stubFetch({ 'GET /api/v1/down': { throws: true } });
    const err = await failure(api.get('down'));
    expect(err.code).toBe('FORM_REQUEST_FAILED');
    expect(err.status).toBeNull();
  });

  it('empty 204 body resolves to undefined', async () => {
    stubFetch({ 'DELETE /api/v1/thing': { status: 204 } });
    await expect(api.delete('thing')).resolves.toBeUndefined();
  });
});
