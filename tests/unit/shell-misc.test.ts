import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { badgeText, callName, communityFutureTab, firstName, isAccountActive, isPremiumUser, logoTarget, notificationsBadge, premiumDisplay } from '../../src/shell/nav.ts';
import { ClickDelay } from '../../src/shell/click-delay.ts';
import { reloadCooldownLeft, reloadLabel } from '../../src/shell/maintenance.ts';
import { readCookiePreferences, saveCookiePreferences, statisticsAllowed } from '../../src/state/cookies.ts';
import { medinsiderStart } from '../../src/state/medinsider.ts';
import { closePartialScores, partialScoresVisible } from '../../src/shell/PartialScoresModal.tsx';
import { devBannerVisible } from '../../src/shell/DevBanner.tsx';
import { scrollTarget } from '../../src/router/ScrollManager.tsx';
import { bodyClasses } from '../../src/router/RoutePage.tsx';
import { hasPage } from '../../src/router/pages.tsx';
import { areaOf } from '../../src/router/router.tsx';
import { matchRoute } from '../../src/shared/routes.ts';
import { ROUTES } from '../../src/shared/routes-app.ts';
import { loadAppRoutes } from '../../src/router/route-loader.ts';
import { SIMULATIONS_LIVE } from '../../src/shared/constants.ts';
import { app } from '../../src/state/app.ts';
import { followSystemTheme, initialChoice, initialTheme, toggleTheme, adoptTheme } from '../../src/state/theme.ts';
import { makeUser, stubFetch } from './shell-helpers.ts';

// The sign-in and signed-in screens' routes, as the app loads them after the first paint.
await loadAppRoutes();

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('navigation bar rules', () => {
  it('premium display: -1 banner, 0 last day, 1 one more day, N days', () => {
    expect(premiumDisplay(-1)).toEqual({ kind: 'banner', text: 'Spre buget!' });
    expect(premiumDisplay(0).text).toBe('Ultima zi de Premium');
    expect(premiumDisplay(1).text).toBe('Încă o zi de Premium');
    expect(premiumDisplay(12).text).toBe('Încă 12 zile de Premium');
    expect(premiumDisplay(20).text).toBe('Încă 20 de zile de Premium');
    expect(premiumDisplay(101).text).toBe('Încă 101 zile de Premium');
    expect(premiumDisplay(365).text).toBe('Încă 365 de zile de Premium');
    expect(isPremiumUser({ remaining_premium_days: -1, is_premium: false })).toBe(false);
    expect(isPremiumUser({ remaining_premium_days: 0 })).toBe(true);
  });

  it('notifications badge adds one while the announcement is unseen', () => {
    const c = { messages: 1, friendships: 2, notifications: 3 };
    expect(notificationsBadge(c, false)).toBe(4);
    expect(notificationsBadge(c, true)).toBe(3);
    expect(badgeText(150)).toBe('99+');
  });

  it('logo: / signed out; /statistici with any test, else /teste', () => {
    expect(logoTarget(false, { abandoned: 1, finished: 1, unfinished: 1 })).toBe('/');
    expect(logoTarget(true, null)).toBe('/teste');
    expect(logoTarget(true, { abandoned: 0, finished: 0, unfinished: 0 })).toBe('/teste');
    expect(logoTarget(true, { abandoned: 1, finished: 0, unfinished: 0 })).toBe('/statistici');
    expect(logoTarget(true, { abandoned: 0, finished: 2, unfinished: 0 })).toBe('/statistici');
    expect(logoTarget(true, { abandoned: 0, finished: 0, unfinished: 3 })).toBe('/statistici');
  });

  it('/cont active for account and settings except help', () => {
    for (const p of ['/cont', '/cont/premium', '/setari', '/setari/carduri']) expect(isAccountActive(p)).toBe(true);
    for (const p of ['/cont/ajutor', '/contact', '/teste', '/setarix']) expect(isAccountActive(p)).toBe(false);
  });

  it('first word of the name; community tab slug', () => {
    expect(firstName('  Ana Maria Popescu')).toBe('Ana');
    expect(firstName(null)).toBe('');
    // Greetings (issue 23 §3): the call name, else the whole name, never the first word of "Stănescu Ana".
    expect(callName({ name: 'Stănescu Ana', call_name: 'Ana' })).toBe('Ana');
    expect(callName({ name: ' Stănescu Ana ', call_name: null })).toBe('Stănescu Ana');
    expect(callName({ name: 'Stănescu Ana', call_name: '  ' })).toBe('Stănescu Ana');
    expect(callName(null)).toBe('');
    expect(communityFutureTab('Grilio')).toBe('viitorul-grilio');
  });
});

describe('click delay', () => {
  it('progress every 80 ms; fires at the end; second click cancels', () => {
    vi.useFakeTimers();
    const fire = vi.fn();
    const seen: number[] = [];
    const d = new ClickDelay(800, fire, (p) => seen.push(p));
    d.click();
    vi.advanceTimersByTime(79);
    expect(d.progress).toBe(0);
    vi.advanceTimersByTime(1);
    expect(d.progress).toBeCloseTo(0.1);
    vi.advanceTimersByTime(400);
    expect(d.progress).toBeCloseTo(0.6);
    expect(d.click()).toBe(false);
    expect(d.running).toBe(false);
    vi.advanceTimersByTime(2000);
    expect(fire).not.toHaveBeenCalled();
    d.click();
    vi.advanceTimersByTime(800);
    expect(fire).toHaveBeenCalledTimes(1);
    expect(d.running).toBe(false);
  });
});

describe('maintenance reload cooldown', () => {
  it('20 s after a reload, then free', () => {
    expect(reloadCooldownLeft(null, 1000)).toBe(0);
    expect(reloadCooldownLeft('100000', 100000)).toBe(20);
    expect(reloadCooldownLeft('100000', 105500)).toBe(15);
    expect(reloadCooldownLeft('100000', 120000)).toBe(0);
    expect(reloadCooldownLeft('garbage', 1)).toBe(0);
    expect(reloadLabel(7)).toBe('Reîncarcă pagina (7s)');
    expect(reloadLabel(0)).toBe('Reîncarcă pagina');
  });
});

describe('cookie preferences', () => {
  beforeEach(() => localStorage.clear());
  it('no choice → null (banner shows); choices saved; statisticsAllowed', () => {
    expect(readCookiePreferences()).toBeNull();
    expect(statisticsAllowed()).toBe(false);
    saveCookiePreferences(false);
    expect(JSON.parse(localStorage.getItem('cookiePreferences')!)).toEqual({ essential: true, statistics: false });
    expect(statisticsAllowed()).toBe(false);
    saveCookiePreferences(true);
    expect(readCookiePreferences()).toEqual({ essential: true, statistics: true });
    expect(statisticsAllowed()).toBe(true);
    localStorage.setItem('cookiePreferences', '{broken');
    expect(readCookiePreferences()).toBeNull();
  });
});

describe('start-up and shell visibility rules', () => {
  it('stored Medinsider simulation → its page with the uuid', () => {
    // More cases in tests/unit/medinsider-start.test.ts.
    expect(medinsiderStart(null, '/', '').redirect).toBeNull();
    expect(medinsiderStart('abc', '/', '').redirect).toBe('/teste/simulare/medinsider?uuid=abc');
    expect(medinsiderStart('abc', '/teste/simulare/medinsider', '?uuid=abc').redirect).toBeNull();
  });

  it('partial-scores modal only for a signed-in user on a simulation list while the flag is on (simulations live)', () => {
    const dash = matchRoute('/teste/simulare/centre');
    expect(partialScoresVisible(dash, true, true, true)).toBe(true);
    expect(partialScoresVisible(matchRoute('/teste/simulare/surse'), true, true, true)).toBe(true);
    // Never over a purchase, the friends page, the preferences or a new account's first dashboard.
    for (const path of ['/cont/premium', '/prieteni', '/setari/preferinte', '/teste', '/statistici'])
      expect(partialScoresVisible(matchRoute(path), true, true, true), path).toBe(false);
    expect(partialScoresVisible(dash, false, true, true)).toBe(false);
    expect(partialScoresVisible(dash, true, false, true)).toBe(false);
    expect(partialScoresVisible(matchRoute('/teste/grile/preview'), true, true, true)).toBe(false);
    expect(partialScoresVisible(matchRoute('/faqs'), true, true, true)).toBe(false);
    expect(partialScoresVisible(matchRoute('/inca-un-pas'), true, true, true)).toBe(false);
    expect(partialScoresVisible(undefined, true, true, true)).toBe(false);
  });

  it('partial-scores modal stays hidden while the simulations it presents are not live (issue 11 §6)', () => {
    const dash = matchRoute('/teste/simulare/centre');
    // The default follows the feature flag (on since the paper sheets work: e2e shell-smoke checks the screen).
    expect(partialScoresVisible(dash, true, true)).toBe(SIMULATIONS_LIVE);
    expect(partialScoresVisible(dash, true, true, false)).toBe(false);
  });

  it('closing acknowledges once (PATCH {value:true}); failure only logged', async () => {
    app.user = makeUser({ acknowledged_info_banner: false });
    app.acknowledgedBannerOpen = true;
    const { calls } = stubFetch({ 'PATCH /api/v1/user/acknowledged-info-banner': { json: { success: 'PREFERENCES_SAVED' } } });
    await closePartialScores();
    expect(app.acknowledgedBannerOpen).toBe(false);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([['PATCH', '/api/v1/user/acknowledged-info-banner', '{"value":true}']]);
    await closePartialScores();
    expect(calls).toHaveLength(1);

    app.user = makeUser({ acknowledged_info_banner: false });
    app.toasts.splice(0);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ 'PATCH /api/v1/user/acknowledged-info-banner': { status: 500, text: 'x' } });
    await closePartialScores();
    expect(spy).toHaveBeenCalled();
    expect(app.toasts).toHaveLength(0);
    spy.mockRestore();
  });

  it('dev banner only in development or when the server asks', () => {
    expect(devBannerVisible(false, false)).toBe(false);
    expect(devBannerVisible(false, undefined)).toBe(false);
    expect(devBannerVisible(true, false)).toBe(true);
    expect(devBannerVisible(false, true)).toBe(true);
  });

  it('scroll: top, or the hash on the home page with 400 px offset on narrow screens', () => {
    expect(scrollTarget('/faqs', '', false)).toBe('top');
    expect(scrollTarget('/faqs', '#x', true)).toBe('top');
    expect(scrollTarget('/', '#functionalitati', true)).toEqual({ id: 'functionalitati', offset: 400 });
    expect(scrollTarget('/', '#functionalitati', false)).toEqual({ id: 'functionalitati', offset: 0 });
  });

  it('body markers by prefix; messages hide the captcha badge', () => {
    expect(bodyClasses(matchRoute('/conectare'))).toEqual(['auth']);
    expect(bodyClasses(matchRoute('/statistici'))).toEqual(['dash']);
    expect(bodyClasses(matchRoute('/faqs'))).toEqual(['static']);
    expect(bodyClasses(matchRoute('/cursuri/bio'))).toEqual(['static', 'courses']);
    expect(bodyClasses(matchRoute('/mesaje/3'))).toEqual(['dash', 'messages-layout']);
    expect(bodyClasses(matchRoute('/teste/12'))).toEqual(['dash', 'no-navbar']);
    expect(bodyClasses(undefined)).toEqual(['static']);
  });

  it('every route has an area and its page module', async () => {
    for (const r of ROUTES) {
      expect(['auth', 'static', 'dash']).toContain(areaOf(r));
      expect(await hasPage(r.page), r.page).toBe(true);
    }
  });
});

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    app.user = null;
    app.theme = 'light';
    app.toasts.splice(0);
  });

  it('saved choice wins', () => {
    localStorage.setItem('theme', 'dark');
    expect(initialTheme()).toBe('dark');
  });

  it("'Ca sistemul' is the default and follows the device's setting live, until another choice is made", () => {
    let dark = true;
    const listeners: Array<() => void> = [];
    vi.stubGlobal('matchMedia', (q: string) => ({
      media: q,
      get matches() {
        return q.includes('dark') && dark;
      },
      addEventListener: (_: string, f: () => void) => listeners.push(f),
    }));
    expect(initialChoice()).toBe('system');
    expect(initialTheme()).toBe('dark');
    adoptTheme('system', false);
    followSystemTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
    dark = false;
    listeners.forEach((f) => f());
    expect(app.theme).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    // An explicit choice is not overridden by the device.
    adoptTheme('dark', false);
    dark = true;
    listeners.forEach((f) => f());
    dark = false;
    listeners.forEach((f) => f());
    expect(document.documentElement.dataset.theme).toBe('dark');
    vi.unstubAllGlobals();
  });

  it('toggle saves locally, suppresses transitions for 10 ms, no call when signed out', async () => {
    vi.useFakeTimers();
    const { fn } = stubFetch({});
    await toggleTheme();
    expect(app.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.classList.contains('no-transitions')).toBe(true);
    vi.advanceTimersByTime(10);
    expect(document.documentElement.classList.contains('no-transitions')).toBe(false);
    expect(fn).not.toHaveBeenCalled();
  });

  it('signed in: PUT /user/theme; failure → FORM_AN_ERROR_HAS_OCCURRED', async () => {
    localStorage.setItem('token', 't');
    app.user = makeUser();
    const { calls } = stubFetch({ 'PUT /api/v1/user/theme': { json: { success: 'THEME_UPDATED' } } });
    await toggleTheme();
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([['PUT', '/api/v1/user/theme', '{"theme":"dark"}']]);
    stubFetch({ 'PUT /api/v1/user/theme': { status: 500, text: 'x' } });
    await toggleTheme();
    expect(app.theme).toBe('light');
    expect(app.toasts.map((t) => [t.code, t.type])).toEqual([['FORM_AN_ERROR_HAS_OCCURRED', 'error']]);
  });
});
