// Service worker registration (workbox-window) and the install prompt, reported into the
// Valtio store so the update modal and the install banner can react.
import { Workbox } from 'workbox-window';
import { app } from '../state/app.ts';
import { getItem, setItem } from '../state/storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import { SW_MESSAGES } from '../shared/pwa.ts';
import { THEME_COLORS } from '../shared/manifest.ts';
import type { AppliedTheme } from '../shared/constants.ts';
import { earlyInstallPrompt } from '../ssr/early-install.ts';
import { requestFlush } from './flush-requests.ts';
import { recordVisit } from '../state/app-usage.ts';

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

let wb: Workbox | null = null;
let installEvent: InstallPromptEvent | null = null;
let registered = false;
let watching = false;
let updating = false;

/** Registers /sw.js once (production builds only). A worker that finishes installing while
 *  another one controls the page waits (sw/sw.ts never skips waiting by itself): that is the
 *  'waiting' event, which opens the update modal. */
export function registerServiceWorker(): void {
  if (registered) return;
  registered = true;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  wb = new Workbox('/sw.js', { scope: '/', type: 'classic' });
  wb.addEventListener('waiting', () => {
    app.updateAvailable = true;
  });
  // Another tab pressed 'Actualizează': this tab now runs on the new worker with old code, so
  // ask here too (reloading by force could interrupt a test being solved).
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate && !updating) app.updateAvailable = true;
  });
  wb.addEventListener('message', (event) => {
    if (event.data?.type === SW_MESSAGES.flushOutbox) requestFlush();
  });
  void wb.register().catch(() => {
    /* no service worker (private mode, unsupported): the app works online only */
  });
}

/** 'Actualizează': activate the waiting worker, then reload once it controls the page. When the
 *  notice came from the realtime 'update' event there may be no waiting worker yet: ask the
 *  browser to fetch the new sw.js first (a plain reload would be served the old index.html from
 *  the precache and ask again). */
export async function applyUpdate(): Promise<void> {
  updating = true;
  const w = wb;
  if (!w) {
    location.reload();
    return;
  }
  w.addEventListener('controlling', () => location.reload());
  // Safety net: whatever happens (no new worker on the server, update check failing), reload.
  setTimeout(() => location.reload(), UPDATE_FALLBACK_RELOAD_MS);
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  if (!registration?.waiting) {
    w.addEventListener('waiting', () => w.messageSkipWaiting());
    await w.update().catch(() => undefined);
  }
  w.messageSkipWaiting();
}

export const UPDATE_FALLBACK_RELOAD_MS = 8000;

/** The update modal's dismiss: keep the running version for this session. */
export function postponeUpdate(): void {
  app.updateAvailable = false;
}

export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const mq = (q: string) => {
    try {
      return window.matchMedia?.(q).matches === true;
    } catch {
      return false;
    }
  };
  return (
    mq('(display-mode: standalone)') ||
    mq('(display-mode: fullscreen)') ||
    mq('(display-mode: minimal-ui)') ||
    (navigator as { standalone?: boolean }).standalone === true
  );
}

/** iPhone/iPad browsers never fire beforeinstallprompt: installing goes through Share → Add to Home Screen. */
export function isIos(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ua = navigator.userAgent ?? '';
  return /iphone|ipad|ipod/i.test(ua) || (navigator.platform === 'MacIntel' && (navigator.maxTouchPoints ?? 0) > 1);
}

/** What the installable app starts once the page is idle, in the app (src/shell/pwa-slot.tsx) and
 *  on a visitor's page to read (src/islands/pwa.ts): the service worker, installability, the visit. */
export function startPwa(): void {
  registerServiceWorker();
  watchInstall();
  recordVisit();
}

/** Install banner state (SPEC §4): shown on first visit unless dismissed; accepting hides it. */
export function watchInstall(): void {
  if (watching) return;
  watching = true;
  app.isInstalled = isStandalone();
  app.installBannerVisible = getItem(STORAGE.hideInstallPwa) !== '1';
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    installEvent = e as InstallPromptEvent;
    app.installAvailable = true;
  });
  // Fired before this code loaded (it loads after the first paint): the entry kept it.
  const early = earlyInstallPrompt();
  if (early && !installEvent) {
    installEvent = early as InstallPromptEvent;
    app.installAvailable = true;
  }
  // Installed from the browser's own menu while this tab is open: the banner says so (only
  // dismiss). Installed through our prompt: promptInstall already hid it.
  window.addEventListener('appinstalled', () => {
    installEvent = null;
    app.isInstalled = true;
    app.installAvailable = false;
  });
  // Chromium can tell a browser tab that this web app is already installed (manifest
  // related_applications names the app itself).
  const related = (navigator as { getInstalledRelatedApps?: () => Promise<unknown[]> }).getInstalledRelatedApps;
  if (typeof related === 'function') {
    related
      .call(navigator)
      .then((apps) => {
        if (apps.length > 0) app.isInstalled = true;
      })
      .catch(() => undefined);
  }
}

export async function promptInstall(): Promise<boolean> {
  if (!installEvent) return false;
  const event = installEvent;
  await event.prompt();
  const { outcome } = await event.userChoice;
  installEvent = null;
  app.installAvailable = false;
  if (outcome === 'accepted') app.installBannerVisible = false;
  return outcome === 'accepted';
}

export function dismissInstallBanner(): void {
  setItem(STORAGE.hideInstallPwa, '1');
  app.installBannerVisible = false;
}

/** Every theme-color meta (light and dark media) follows the theme the user chose, so the
 *  browser bar matches the page even when the choice differs from the system preference. */
export function syncThemeColor(theme: AppliedTheme): void {
  if (typeof document === 'undefined') return;
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) meta.setAttribute('content', THEME_COLORS[theme]);
}

/** Test hook: forget module state between unit tests. */
export function resetPwaForTests(): void {
  wb = null;
  installEvent = null;
  registered = false;
  watching = false;
  updating = false;
}
