// PWA shell pieces: install banner rules, update modal, offline indicator, network-required
// screens, storage estimate, realtime update listener, theme-color sync.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PwaModule from '../../src/offline/pwa.ts';

const applyUpdateMock = vi.fn();
vi.mock('../../src/offline/pwa.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof PwaModule>();
  return { ...actual, applyUpdate: () => applyUpdateMock() };
});

// A fake laravel-echo: records channel listeners so a test can fire '.update' like the server would.
const listeners = new Map<string, Map<string, Array<(data: unknown) => void>>>();
let echoInstances = 0;
vi.mock('laravel-echo', () => ({
  default: class FakeEcho {
    constructor() {
      echoInstances += 1;
    }
    channel(name: string) {
      if (!listeners.has(name)) listeners.set(name, new Map());
      const events = listeners.get(name)!;
      const channel = {
        listen(event: string, fn: (data: unknown) => void) {
          events.set(event, [...(events.get(event) ?? []), fn]);
          return channel;
        },
        stopListening(event: string) {
          events.delete(event);
          return channel;
        },
      };
      return channel;
    }
  },
}));

import { app } from '../../src/state/app.ts';
import { dismissInstallBanner, resetPwaForTests, syncThemeColor, watchInstall } from '../../src/offline/pwa.ts';
import { watchNetwork } from '../../src/offline/network.ts';
import { describeEstimate, formatBytes, requestPersistence, storageEstimate } from '../../src/offline/storage.ts';
import { listenForUpdates, resetRealtimeForTests, startRealtime } from '../../src/realtime/echo.ts';
import { INSTALL_PROMPT_GRACE_MS, installBannerMode, type InstallInputs } from '../../src/shell/pwa/install-mode.ts';
import { InstallBanner } from '../../src/shell/pwa/InstallBanner.tsx';
import { appUsage } from '../../src/state/app-usage.ts';
import { UPDATE_TITLE, UpdateModal } from '../../src/shell/pwa/UpdateModal.tsx';
import { BACK_ONLINE_MS, BACK_ONLINE_TEXT, OFFLINE_TEXT, OfflineIndicator } from '../../src/shell/pwa/OfflineIndicator.tsx';
import { NetworkRequired } from '../../src/shell/pwa/NetworkRequired.tsx';
import { StorageNotice } from '../../src/shell/pwa/StorageNotice.tsx';
import PwaSlot, { startRealtimeOnce } from '../../src/shell/pwa-slot.tsx';
import type { RouteDef } from '../../src/shared/routes.ts';
import { ROUTES } from '../../src/shared/routes-app.ts';
import { loadAppRoutes } from '../../src/router/route-loader.ts';
import type { PublicSettings } from '../../src/state/app.ts';

// The sign-in and signed-in screens' routes, as the app loads them after the first paint.
await loadAppRoutes();

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SETTINGS: PublicSettings = {
  product: 'Grilio',
  google_client_id: null,
  recaptcha_site_key: null,
  dev_banner: false,
  pusher: { key: 'k', host: null, port: null, scheme: null },
};

let root: Root;
let host: HTMLDivElement;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  resetPwaForTests();
  resetRealtimeForTests();
  listeners.clear();
  echoInstances = 0;
  applyUpdateMock.mockReset();
  // The install banner waits until the candidate has used the app (issue 11 §6); these cases
  // start from a candidate who has (the first-visit case below resets it).
  appUsage.used = true;
  Object.assign(app, {
    product: 'Grilio',
    maintenance: false,
    online: true,
    installAvailable: false,
    installBannerVisible: false,
    isInstalled: false,
    updateAvailable: false,
    settings: null,
  });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function render(node: ReactNode, def: Partial<RouteDef> = {}) {
  const fullDef = { name: 'static/home', path: '/', access: 'public', title: 'Acasă', page: 'static/Home', ...def } as RouteDef;
  // The current route comes from the route table by path (useCurrentRouteDef): open the def's path.
  const path = ROUTES.find((r) => r.name === fullDef.name)?.path.replace(/:[a-z]+/gi, '1') ?? '/';
  const router = createMemoryRouter([{ path: '*', element: node }], { initialEntries: [path] });
  await step(() => root.render(<RouterProvider router={router} />));
  await step();
}

/** Runs fn inside act and lets Valtio deliver its (microtask-batched) notifications. */
async function step(fn: () => unknown = () => undefined) {
  await act(async () => {
    await fn();
  });
  await act(async () => undefined);
}
const advance = (ms: number) => step(() => vi.advanceTimersByTime(ms));
const fire = (name: string) => step(() => window.dispatchEvent(new Event(name)));
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const banner = () => document.querySelector<HTMLElement>('.install-banner');

function fakeNavigator(props: Record<string, unknown>): Navigator {
  const nav = Object.create(navigator) as Navigator;
  for (const [k, v] of Object.entries(props)) Object.defineProperty(nav, k, { value: v, configurable: true });
  return nav;
}

/** A beforeinstallprompt the way Chromium fires it, answering `outcome`. */
async function firePrompt(outcome: 'accepted' | 'dismissed') {
  const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
  const prompt = vi.fn(async () => undefined);
  e.prompt = prompt;
  e.userChoice = Promise.resolve({ outcome, platform: 'web' });
  await step(() => window.dispatchEvent(e));
  return { event: e, prompt };
}

describe('installBannerMode', () => {
  const base: InstallInputs = { visible: true, standalone: false, installed: false, available: false, ios: false, waited: true, suppressed: false };
  it('follows the rules of SPEC §4', async () => {
    expect(installBannerMode({ ...base, available: true })).toBe('available');
    expect(installBannerMode({ ...base, visible: false, available: true })).toBe('hidden');
    expect(installBannerMode({ ...base, standalone: true, installed: true })).toBe('hidden');
    expect(installBannerMode({ ...base, installed: true, available: true })).toBe('hidden');
    expect(installBannerMode({ ...base, ios: true })).toBe('ios');
    expect(installBannerMode(base)).toBe('hidden');
    expect(installBannerMode({ ...base, waited: false })).toBe('pending');
    expect(installBannerMode({ ...base, available: true, suppressed: true })).toBe('hidden');
  });
});

describe('InstallBanner', () => {
  it('first visit with an install prompt: asks, and dismissing saves hide-install-pwa', async () => {
    watchInstall();
    await render(<InstallBanner />);
    const { event } = await firePrompt('dismissed');
    expect(event.defaultPrevented).toBe(true);
    expect(banner()?.textContent).toContain('Dorești să instalezi Grilio pe dispozitivul tău?');
    expect(button('Instalează')).toBeTruthy();
    await step(() => button('Nu acum')!.click());
    expect(banner()).toBeNull();
    expect(localStorage.getItem('hide-install-pwa')).toBe('1');
  });

  it('a first-time visitor who has not used the app yet is not asked to install it', async () => {
    appUsage.used = false;
    watchInstall();
    await render(<InstallBanner />);
    await firePrompt('dismissed');
    await advance(INSTALL_PROMPT_GRACE_MS);
    expect(banner()).toBeNull();
    await step(() => {
      appUsage.used = true; // e.g. the candidate finished a test
    });
    expect(banner()?.textContent).toContain('Dorești să instalezi Grilio pe dispozitivul tău?');
  });

  it('accepting the browser prompt hides it', async () => {
    watchInstall();
    await render(<InstallBanner />);
    const { prompt } = await firePrompt('accepted');
    await step(() => button('Instalează')!.click());
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(banner()).toBeNull();
  });

  it('a saved dismissal keeps it hidden', async () => {
    localStorage.setItem('hide-install-pwa', '1');
    watchInstall();
    await render(<InstallBanner />);
    await firePrompt('accepted');
    await advance(INSTALL_PROMPT_GRACE_MS);
    expect(banner()).toBeNull();
  });

  it('a browser that cannot install (no beforeinstallprompt, not iOS) is shown nothing, before or after the grace period', async () => {
    watchInstall();
    await render(<InstallBanner />);
    expect(banner()).toBeNull();
    await advance(INSTALL_PROMPT_GRACE_MS * 3);
    expect(banner()).toBeNull();
    // A prompt that comes late still offers the install.
    await firePrompt('dismissed');
    expect(banner()?.textContent).toContain('Dorești să instalezi Grilio pe dispozitivul tău?');
  });

  it('iOS: explains Share → Adaugă pe ecranul principal', async () => {
    vi.stubGlobal('navigator', fakeNavigator({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' }));
    watchInstall();
    await render(<InstallBanner />);
    expect(banner()?.textContent).toContain('„Adaugă pe ecranul principal”');
    expect(button('Instalează')).toBeUndefined();
  });

  it('installed from the browser menu while open: the offer goes away', async () => {
    watchInstall();
    await render(<InstallBanner />);
    await firePrompt('dismissed');
    expect(button('Instalează')).toBeTruthy();
    await fire('appinstalled');
    expect(banner()).toBeNull();
  });

  it('inside the installed app (display-mode standalone) it never shows', async () => {
    const real = window.matchMedia.bind(window);
    vi.stubGlobal('matchMedia', (q: string) => (q === '(display-mode: standalone)' ? { ...real(q), matches: true } : real(q)));
    watchInstall();
    expect(app.isInstalled).toBe(true);
    await render(<InstallBanner />);
    await firePrompt('dismissed');
    await advance(INSTALL_PROMPT_GRACE_MS);
    expect(banner()).toBeNull();
  });

  it('not on the solve screen (route without navbar) nor in maintenance', async () => {
    watchInstall();
    await render(<InstallBanner />, { name: 'dash/test-solve', noNavbar: true });
    await firePrompt('dismissed');
    expect(banner()).toBeNull();
    act(() => root.unmount());
    root = createRoot(host);
    app.maintenance = true;
    await render(<InstallBanner />);
    expect(banner()).toBeNull();
  });

  it('dismissInstallBanner persists across a new page load', async () => {
    dismissInstallBanner();
    resetPwaForTests();
    watchInstall();
    expect(app.installBannerVisible).toBe(false);
  });
});

describe('UpdateModal', () => {
  const dialog = () => document.querySelector('[role="dialog"]');

  it('opens on updateAvailable and cannot be closed by the backdrop or Escape', async () => {
    await render(<UpdateModal />);
    expect(dialog()).toBeNull();
    await step(() => (app.updateAvailable = true));
    await advance(200);
    expect(dialog()?.textContent).toContain(UPDATE_TITLE);
    expect(document.querySelector('[aria-label="Închide"]')).toBeNull();
    const backdrop = document.querySelector('[data-testid="modal-backdrop"]')!;
    await step(() => backdrop.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
    await step(() => dialog()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    await advance(200);
    expect(dialog()).not.toBeNull();
    expect(app.updateAvailable).toBe(true);
  });

  it("'Actualizează' calls applyUpdate", async () => {
    app.updateAvailable = true;
    await render(<UpdateModal />);
    await advance(200);
    await step(() => button('Actualizează')!.click());
    expect(applyUpdateMock).toHaveBeenCalledTimes(1);
    expect(button('Se actualizează…')?.disabled).toBe(true);
  });

  it("'Mai târziu' keeps the current version for this session", async () => {
    app.updateAvailable = true;
    await render(<UpdateModal />);
    await advance(200);
    await step(() => button('Mai târziu')!.click());
    await advance(200);
    expect(app.updateAvailable).toBe(false);
    expect(dialog()).toBeNull();
    expect(applyUpdateMock).not.toHaveBeenCalled();
  });

  it('waits while a test is being solved', async () => {
    app.updateAvailable = true;
    await render(<UpdateModal />, { name: 'dash/test-solve', noNavbar: true });
    await advance(200);
    expect(dialog()).toBeNull();
  });

  it("the realtime 'update' channel's .update event opens it (once, however often started)", async () => {
    app.settings = SETTINGS;
    await Promise.all([startRealtimeOnce(), startRealtimeOnce()]);
    listenForUpdates();
    expect(echoInstances).toBe(1);
    const fns = listeners.get('update')?.get('.update') ?? [];
    expect(fns).toHaveLength(1);
    await render(<UpdateModal />);
    await step(() => fns[0]({}));
    await advance(200);
    expect(dialog()?.textContent).toContain(UPDATE_TITLE);
  });

  it('listenForUpdates retries until the realtime client exists', async () => {
    listenForUpdates();
    await advance(3000);
    expect(listeners.get('update')).toBeUndefined();
    startRealtime(SETTINGS);
    await advance(1000);
    expect(listeners.get('update')?.get('.update')).toHaveLength(1);
  });
});

describe('OfflineIndicator', () => {
  it('polite status while offline, then a brief "Din nou online"', async () => {
    const stop = watchNetwork();
    await render(<OfflineIndicator />);
    const region = document.querySelector('[data-testid="offline-indicator"]')!;
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    await fire('offline');
    expect(app.online).toBe(false);
    expect(region.textContent).toBe(OFFLINE_TEXT);
    await fire('online');
    expect(region.textContent).toBe(BACK_ONLINE_TEXT);
    await advance(BACK_ONLINE_MS);
    expect(region.textContent).toBe('');
    stop();
  });

  it('the slot renders it and reloads settings when the connection returns', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(SETTINGS), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    await render(<PwaSlot />);
    await fire('offline');
    expect(document.querySelector('[data-testid="offline-indicator"]')?.textContent).toBe(OFFLINE_TEXT);
    await fire('online');
    expect(fetchMock).toHaveBeenCalled();
  });
});

describe('NetworkRequired', () => {
  it('offline: FORM_NETWORK_REQUIRED instead of the screen; online: the screen', async () => {
    app.online = false;
    await render(
      <NetworkRequired title="Mesaje">
        <p id="inner">conversații</p>
      </NetworkRequired>,
    );
    expect(document.querySelector('h1')?.textContent).toBe('Mesaje');
    expect(document.body.textContent).toContain('Această secțiune are nevoie de conexiune la internet');
    expect(document.getElementById('inner')).toBeNull();
    await step(() => (app.online = true));
    expect(document.getElementById('inner')).not.toBeNull();
  });
});

describe('storage', () => {
  it('formats Romanian sizes and flags a nearly full quota', async () => {
    expect(formatBytes(12.5 * 1024 * 1024)).toBe('12,5 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
    const e = describeEstimate(95, 100);
    expect(e.nearlyFull).toBe(true);
    expect(e.percentText).toMatch(/^95\s%$/);
    expect(describeEstimate(10, 100).nearlyFull).toBe(false);
  });

  it('requestPersistence asks only when not yet persistent; estimate reads usage and quota', async () => {
    const persist = vi.fn(async () => true);
    const storage = { persisted: vi.fn(async () => false), persist, estimate: vi.fn(async () => ({ usage: 5 * 1024 * 1024, quota: 100 * 1024 * 1024 })) };
    vi.stubGlobal('navigator', fakeNavigator({ storage }));
    expect(await requestPersistence()).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
    storage.persisted.mockResolvedValue(true);
    expect(await requestPersistence()).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
    const est = await storageEstimate();
    expect(est?.usageText).toBe('5 MB');
    expect(est?.quotaText).toBe('100 MB');
  });

  it('StorageNotice explains a full quota with FORM_STORAGE_FULL', async () => {
    const storage = { persisted: async () => false, estimate: async () => ({ usage: 99, quota: 100 }) };
    vi.stubGlobal('navigator', fakeNavigator({ storage }));
    await render(<StorageNotice />);
    await step();
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('Spațiul de stocare al dispozitivului este plin');
  });
});

describe('theme-color', () => {
  it('both metas (light and dark media) follow the chosen theme', async () => {
    document.head.innerHTML =
      '<meta name="theme-color" content="#0f766e" media="(prefers-color-scheme: light)"><meta name="theme-color" content="#0b1f1e" media="(prefers-color-scheme: dark)">';
    syncThemeColor('dark');
    expect([...document.querySelectorAll('meta[name="theme-color"]')].map((m) => m.getAttribute('content'))).toEqual(['#0b1f1e', '#0b1f1e']);
    syncThemeColor('light');
    expect([...document.querySelectorAll('meta[name="theme-color"]')].map((m) => m.getAttribute('content'))).toEqual(['#0f766e', '#0f766e']);
  });
});
