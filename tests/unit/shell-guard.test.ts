import { describe, expect, it } from 'vitest';
import { guard, readGuardState, type GuardState } from '../../src/router/guard.ts';
import { matchRoute } from '../../src/shared/routes.ts';
import { ROUTES } from '../../src/shared/routes-app.ts';
import { loadAppRoutes } from '../../src/router/route-loader.ts';

// The sign-in and signed-in screens' routes, as the app loads them after the first paint.
await loadAppRoutes();

const anon: GuardState = { token: false, emailVerified: false, profileCompleted: false, pathname: '/' };
const done: GuardState = { token: true, emailVerified: true, profileCompleted: true, pathname: '/' };
const at = (path: string, state: GuardState, search = '') => guard(matchRoute(path), { ...state, pathname: path, search });

describe('access guard (SPEC §4)', () => {
  it('no token on a login route → /conectare with the redirect back', () => {
    expect(at('/statistici', anon)).toBe('/conectare?redirect=%2Fstatistici');
    expect(at('/teste/12/rezultate', anon, '?x=1')).toBe('/conectare?redirect=%2Fteste%2F12%2Frezultate%3Fx%3D1');
    expect(at('/inca-un-pas', anon)).toMatch(/^\/conectare\?redirect=/);
    expect(at('/verifica-email', anon)).toMatch(/^\/conectare\?redirect=/);
  });

  it('every login route sends an anonymous visitor to /conectare', () => {
    for (const route of ROUTES.filter((r) => r.access === 'auth')) {
      expect(guard(route, { ...anon, pathname: route.path })).toMatch(/^\/conectare\?redirect=/);
    }
  });

  it('email not verified → /verifica-email (and stays there)', () => {
    const s = { ...done, emailVerified: false };
    expect(at('/statistici', s)).toBe('/verifica-email');
    expect(at('/inca-un-pas', s)).toBe('/verifica-email');
    expect(at('/verifica-email', s)).toBeNull();
    // even without a completed profile, email comes first
    expect(at('/teste', { ...s, profileCompleted: false })).toBe('/verifica-email');
  });

  it('profile not completed → /inca-un-pas (and stays there)', () => {
    const s = { ...done, profileCompleted: false };
    expect(at('/statistici', s)).toBe('/inca-un-pas');
    expect(at('/verifica-email', s)).toBe('/inca-un-pas');
    expect(at('/inca-un-pas', s)).toBeNull();
  });

  it('all done: /verifica-email and /inca-un-pas → /cont/premium; other login routes stay', () => {
    expect(at('/verifica-email', done)).toBe('/cont/premium');
    expect(at('/inca-un-pas', done)).toBe('/cont/premium');
    expect(at('/statistici', done)).toBeNull();
    expect(at('/cont/premium', done)).toBeNull();
    expect(at('/teste/5', done)).toBeNull();
  });

  it('signed-in user on a public route → /cont/premium', () => {
    expect(at('/conectare', done)).toBe('/cont/premium');
    expect(at('/inregistrare', done)).toBe('/cont/premium');
    expect(at('/resetare-parola', done)).toBe('/cont/premium');
    // the rule only needs the token: unverified users are redirected too (then the guard sends them on)
    expect(at('/conectare', { ...anon, token: true })).toBe('/cont/premium');
  });

  it('exceptions: static pages, unnamed routes, /confirma-email, /recuperare-parola, /teste/grile/preview', () => {
    for (const route of ROUTES.filter((r) => r.name.startsWith('static/'))) {
      expect(guard(route, { ...done, pathname: route.path })).toBeNull();
    }
    expect(guard(undefined, { ...done, pathname: '/nu-exista' })).toBeNull();
    expect(guard({ name: '', path: '/x', access: 'public' }, done)).toBeNull();
    expect(at('/confirma-email', done)).toBeNull();
    expect(at('/recuperare-parola', done)).toBeNull();
    expect(at('/teste/grile/preview', done)).toBeNull();
  });

  it('anonymous visitors may open every public route', () => {
    for (const route of ROUTES.filter((r) => r.access !== 'auth')) {
      expect(guard(route, { ...anon, pathname: route.path })).toBeNull();
    }
  });

  it('reads flags from storage: only "1" counts', () => {
    const store = new Map<string, string>([
      ['token', 'abc'],
      ['email-verified', '1'],
      ['profile-completed', 'true'],
    ]);
    const s = readGuardState('/teste', '?a=1', { getItem: (k) => store.get(k) ?? null });
    expect(s).toEqual({ token: true, emailVerified: true, profileCompleted: false, pathname: '/teste', search: '?a=1' });
  });
});
