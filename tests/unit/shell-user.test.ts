import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../src/state/app.ts';
import { setNavigate } from '../../src/shell/navigation.ts';
import { clearUser, isProfileCompleted, loadSession, logout, markNotificationsSeen, setUser } from '../../src/state/user.ts';
import { makeUser, stubFetch } from './shell-helpers.ts';
import { loadAppRoutes } from '../../src/router/route-loader.ts';

// The signed-in app's routes load after the public ones (as in the running app, before the session loads).
await loadAppRoutes();

const nav = vi.fn();

beforeEach(() => {
  localStorage.clear();
  app.user = null;
  app.toasts.splice(0);
  app.theme = 'light';
  app.acknowledgedBannerOpen = false;
  app.layoutCounts = { messages: 0, friendships: 0, notifications: 0 };
  nav.mockReset();
  setNavigate(nav);
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('user flags (SPEC §4)', () => {
  it('complete user: both flags 1, ids stored', () => {
    setUser(makeUser());
    expect(app.user?.id).toBe(7);
    expect(localStorage.getItem('email-verified')).toBe('1');
    expect(localStorage.getItem('profile-completed')).toBe('1');
    expect(localStorage.getItem('user_id')).toBe('7');
    expect(localStorage.getItem('manual_id')).toBe('1');
  });

  it('email-verified only when email_verified_at is set; refreshed on every set', () => {
    setUser(makeUser());
    setUser(makeUser({ email_verified_at: null }));
    expect(localStorage.getItem('email-verified')).toBeNull();
  });

  it.each([
    { manual_id: null },
    { specialization_id: null },
    { center_id: null },
  ])('profile-completed removed when %o', (missing) => {
    setUser(makeUser());
    setUser(makeUser(missing));
    expect(localStorage.getItem('profile-completed')).toBeNull();
  });

  it('isProfileCompleted needs all three ids', () => {
    expect(isProfileCompleted({ email_verified_at: null, manual_id: 1, specialization_id: 1, center_id: 1 })).toBe(true);
    expect(isProfileCompleted({ email_verified_at: null, manual_id: 1, specialization_id: null, center_id: 1 })).toBe(false);
  });

  it('a user with a theme adopts and saves it', () => {
    setUser(makeUser({ theme: 'dark' }));
    expect(app.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('clearing the user sets none', () => {
    setUser(makeUser());
    clearUser();
    expect(app.user).toBeNull();
  });

  it('last-seen stamps last_notification_seen_date with now', () => {
    setUser(makeUser());
    markNotificationsSeen(new Date('2026-05-01T10:00:00.000Z'));
    expect(app.user?.last_notification_seen_date).toBe('2026-05-01T10:00:00.000Z');
  });
});

describe('session load', () => {
  it('GET /user then layout counts; banner flag on when not acknowledged', async () => {
    localStorage.setItem('token', 't');
    const { calls } = stubFetch({
      'GET /api/v1/user': { json: { user: makeUser({ acknowledged_info_banner: false }) } },
      'GET /api/v1/user/layout-counts': { json: { messages: 2, friendships: 1, notifications: 4 } },
      'GET /api/v1/user/tests-count': { status: 404, json: { errors: { general: ['FORM_ROUTE_NOT_FOUND'] } } },
    });
    await loadSession();
    expect(app.user?.id).toBe(7);
    expect(app.acknowledgedBannerOpen).toBe(true);
    expect(app.layoutCounts).toEqual({ messages: 2, friendships: 1, notifications: 4 });
    expect(calls[0].headers.get('authorization')).toBe('Bearer t');
    expect(calls.map((c) => c.path).slice(0, 2)).toEqual(['/api/v1/user', '/api/v1/user/layout-counts']);
  });

  it('acknowledged user: banner flag off', async () => {
    localStorage.setItem('token', 't');
    stubFetch({
      'GET /api/v1/user': { json: { user: makeUser({ acknowledged_info_banner: true }) } },
      'GET /api/v1/user/layout-counts': { json: { messages: 0, friendships: 0, notifications: 0 } },
    });
    await loadSession();
    expect(app.acknowledgedBannerOpen).toBe(false);
  });

  it('no token: no call', async () => {
    const { fn } = stubFetch({});
    await loadSession();
    expect(fn).not.toHaveBeenCalled();
  });

  it('failure on a dash page: FORM_AN_ERROR_HAS_OCCURRED then /conectare', async () => {
    localStorage.setItem('token', 't');
    window.history.replaceState(null, '', '/ai/cursuri');
    stubFetch({ 'GET /api/v1/user': { status: 500, json: { errors: { general: ['FORM_AN_ERROR_HAS_OCCURRED'] } } } });
    await loadSession();
    expect(app.toasts.map((t) => t.code)).toEqual(['FORM_AN_ERROR_HAS_OCCURRED']);
    expect(nav).toHaveBeenCalledWith('/conectare?redirect=%2Fai%2Fcursuri', { replace: true });
  });

  it('layout counts failing also redirects', async () => {
    localStorage.setItem('token', 't');
    window.history.replaceState(null, '', '/prieteni');
    stubFetch({
      'GET /api/v1/user': { json: { user: makeUser() } },
      'GET /api/v1/user/layout-counts': { status: 500, text: 'oops' },
    });
    await loadSession();
    expect(app.toasts[0]?.code).toBe('FORM_AN_ERROR_HAS_OCCURRED');
    expect(nav).toHaveBeenCalled();
  });

  it.each(['/', '/despre-noi', '/teste/grile/preview', '/nu-exista'])('failure on %s: no toast, no redirect', async (path) => {
    localStorage.setItem('token', 't');
    window.history.replaceState(null, '', path);
    stubFetch({ 'GET /api/v1/user': { status: 500, text: 'oops' } });
    await loadSession();
    expect(app.toasts).toHaveLength(0);
    expect(nav).not.toHaveBeenCalled();
  });

  it('offline with a cached user keeps the user (installed app)', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('cached-user', JSON.stringify(makeUser({ id: 9 })));
    window.history.replaceState(null, '', '/teste');
    stubFetch({ 'GET /api/v1/user': { throws: true } });
    await loadSession();
    expect(app.user?.id).toBe(9);
    expect(nav).not.toHaveBeenCalled();
  });
});

describe('logout (SPEC §4)', () => {
  const keys = ['profile-completed', 'token', 'user_id', 'manual_id', 'simulation-medinsider-uuid', 'sound-effects'];
  const seed = () => {
    for (const k of keys) localStorage.setItem(k, '1');
    localStorage.setItem('theme', 'dark');
    setUser(makeUser({ theme: 'dark' }));
  };

  it('POST /logout, clears local data, goes to / from a dash page, LOGOUT_SUCCESSFUL', async () => {
    seed();
    window.history.replaceState(null, '', '/statistici');
    const { calls } = stubFetch({ 'POST /api/v1/logout': { json: { success: 'LOGOUT_SUCCESSFUL' } } });
    await logout();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/v1/logout']);
    for (const k of keys) expect(localStorage.getItem(k)).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(app.user).toBeNull();
    expect(nav).toHaveBeenCalledWith('/', { replace: false });
    expect(app.toasts.map((t) => [t.code, t.type])).toEqual([['LOGOUT_SUCCESSFUL', 'success']]);
  });

  it('clears even when the call fails; stays on a static page', async () => {
    seed();
    window.history.replaceState(null, '', '/faqs');
    stubFetch({ 'POST /api/v1/logout': { throws: true } });
    await logout();
    for (const k of keys) expect(localStorage.getItem(k)).toBeNull();
    expect(app.user).toBeNull();
    expect(nav).not.toHaveBeenCalled();
  });
});

describe('counts after an in-app sign-in', () => {
  it('loads layout counts once per user', async () => {
    const { ensureCountsFor } = await import('../../src/state/user.ts');
    localStorage.setItem('token', 't');
    setUser(makeUser({ id: 31 }));
    const { calls } = stubFetch({
      'GET /api/v1/user/layout-counts': { json: { messages: 5, friendships: 0, notifications: 1 } },
      'GET /api/v1/user/tests-count': { json: { abandoned: 0, finished: 1, unfinished: 0 } },
    });
    await ensureCountsFor(31);
    await ensureCountsFor(31);
    await new Promise((r) => setTimeout(r, 0));
    expect(app.layoutCounts.messages).toBe(5);
    expect(calls.filter((c) => c.path === '/api/v1/user/layout-counts')).toHaveLength(1);
  });
});
